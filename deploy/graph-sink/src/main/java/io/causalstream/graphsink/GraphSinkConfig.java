package io.causalstream.graphsink;

import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.types.Password;

/** The connector's settings (beside Connect's own: topics, converters, errors.*). */
public final class GraphSinkConfig extends AbstractConfig {

    public static final String URI = "neo4j.uri";
    public static final String USER = "neo4j.user";
    public static final String PASSWORD = "neo4j.password";
    public static final String DATABASE = "neo4j.database";
    public static final String SCORED_GRAPHS_TOPIC = "graph.scored-graphs.topic";
    public static final String CAUSAL_MAPS_TOPIC = "graph.causal-maps.topic";
    public static final String BACKOFF_INITIAL_MS = "graph.retry.backoff.initial.ms";
    public static final String BACKOFF_MAX_MS = "graph.retry.backoff.max.ms";
    public static final String BATCH_RECORDS = "graph.batch.records";

    public static final ConfigDef DEFINITION = new ConfigDef()
            .define(URI, Type.STRING, "bolt://localhost:7687", Importance.HIGH,
                    "Neo4j's Bolt address, e.g. bolt://localhost:7687 or neo4j://graph.example:7687.")
            .define(USER, Type.STRING, "", Importance.HIGH,
                    "Neo4j user; empty for a server without authentication.")
            .define(PASSWORD, Type.PASSWORD, "", Importance.HIGH, "Neo4j password.")
            .define(DATABASE, Type.STRING, "", Importance.MEDIUM,
                    "Neo4j database; empty for the server's default database.")
            .define(SCORED_GRAPHS_TOPIC, Type.STRING, "scored-graphs", Importance.MEDIUM,
                    "The topic whose records are ScoredGraphs (key: passage id).")
            .define(CAUSAL_MAPS_TOPIC, Type.STRING, "causal-maps", Importance.MEDIUM,
                    "The topic whose records are CollectiveMaps (key: map id).")
            .define(BACKOFF_INITIAL_MS, Type.LONG, 500L, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "First pause after Neo4j could not be reached; doubles on each failure in a row.")
            .define(BACKOFF_MAX_MS, Type.LONG, 30_000L, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "Longest pause between retries while Neo4j cannot be reached.")
            .define(BATCH_RECORDS, Type.INT, 500, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "Records written in one Neo4j transaction.");

    public GraphSinkConfig(Map<String, String> settings) {
        super(DEFINITION, settings);
    }

    public String uri() {
        return getString(URI);
    }

    public String user() {
        return getString(USER);
    }

    public String password() {
        Password p = getPassword(PASSWORD);
        return p == null ? "" : p.value();
    }

    public String database() {
        return getString(DATABASE);
    }

    public GraphRecordMapper mapper() {
        return new GraphRecordMapper(getString(SCORED_GRAPHS_TOPIC), getString(CAUSAL_MAPS_TOPIC));
    }

    public Backoff backoff() {
        return new Backoff(getLong(BACKOFF_INITIAL_MS), getLong(BACKOFF_MAX_MS));
    }

    public int batchRecords() {
        return getInt(BATCH_RECORDS);
    }
}
