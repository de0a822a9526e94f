package io.causalstream.graphsink;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * Kafka Connect sink: {@code scored-graphs} and {@code causal-maps} into Neo4j. See docs/graph-database.md for the
 * graph model, the settings and the delivery guarantees.
 */
public final class GraphSinkConnector extends SinkConnector {

    static final String VERSION = versionOf();

    private Map<String, String> settings;

    @Override
    public void start(Map<String, String> props) {
        new GraphSinkConfig(props);
        this.settings = Map.copyOf(props);
    }

    @Override
    public Class<? extends Task> taskClass() {
        return GraphSinkTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        return Collections.nCopies(maxTasks, settings);
    }

    @Override
    public void stop() {
    }

    @Override
    public ConfigDef config() {
        return GraphSinkConfig.DEFINITION;
    }

    @Override
    public String version() {
        return VERSION;
    }

    private static String versionOf() {
        String v = GraphSinkConnector.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
