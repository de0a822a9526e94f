package io.causalstream.elo.topology;

import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The Elo service's stream processing, top to bottom.
 *
 * <pre>
 *   passages    --> passages-writer ----------------------------------------------------- (passages store)
 *   extractions --> annotations-writer --(leader re-annotated)--------------------> tournament-winners
 *                        |  writes annotations, reads tournaments
 *   judgments  --> tournament-updater --(every counted judgment)-------------------> ratings
 *                        |  reads annotations; writes seen-judgments, tournaments, pair-counts, item-votes,
 *                        |  bt-pending
 *                        +--(leader changed: the leader's triples)-------------------> tournament-winners
 *                        +--(punctuator: Bradley-Terry refit of bt-pending passages)--> ratings
 *   invalid judgments / extractions, undecodable records -----------------------------> &lt;topic&gt;.dlq
 * </pre>
 *
 * All inputs are keyed by passageId and share stores, so they form one sub-topology: the judgments of a passage
 * meet its text, annotations and tournament in one task. That needs the three topics to have the same number of
 * partitions, as the contract's topic setup creates them.
 */
public final class EloTopology {

    /** passageId + '\u0000' + annotationId -> the Extraction (players, their authors and triples). */
    public static final String ANNOTATIONS_STORE = "annotations";
    /** judgmentId -> timestamp of the record that counted it: judgments already applied. */
    public static final String SEEN_JUDGMENTS_STORE = "seen-judgments";
    /** passageId -> Tournament: the rating table of each passage; queried over HTTP. */
    public static final String TOURNAMENTS_STORE = "tournaments";
    /** passageId -> Passage: the text the rater page shows. */
    public static final String PASSAGES_STORE = "passages";
    /** passageId -> head-to-head counts: what the Bradley-Terry fit and the next-pair choice use. */
    public static final String PAIR_COUNTS_STORE = "pair-counts";
    /** passageId -> judgmentsApplied when marked: passages whose Bradley-Terry fit is out of date. */
    public static final String BT_PENDING_STORE = "bt-pending";
    /** passageId NUL a NUL b (a < b) -> every rater's results for that pair: rater reliability. */
    public static final String ITEM_VOTES_STORE = "item-votes";
    /** Every store of the topology, for size metrics. */
    public static final List<String> STORES = List.of(ANNOTATIONS_STORE, SEEN_JUDGMENTS_STORE,
            TOURNAMENTS_STORE, PASSAGES_STORE, PAIR_COUNTS_STORE, BT_PENDING_STORE, ITEM_VOTES_STORE);

    static final String PASSAGES_SOURCE = "passages-source";
    static final String PASSAGES_WRITER = "passages-writer";
    static final String EXTRACTIONS_SOURCE = "extractions-source";
    static final String JUDGMENTS_SOURCE = "judgments-source";
    static final String ANNOTATIONS_WRITER = "annotations-writer";
    static final String TOURNAMENT_UPDATER = "tournament-updater";
    static final String RATINGS_SINK = "ratings-sink";
    static final String WINNERS_SINK = "tournament-winners-sink";

    static final char KEY_SEPARATOR = '\u0000';

    /** The topology without metrics (tests, tools). */
    public static Topology build(TopologySettings settings, SerdeFactory serdes) {
        return build(settings, serdes, JudgmentListener.NONE);
    }

    public static Topology build(TopologySettings settings, SerdeFactory serdes, JudgmentListener listener) {
        Topology topology = new Topology();

        // Inputs read from the beginning: a new instance group must see every passage, annotation and judgment.
        topology.addSource(AutoOffsetReset.earliest(), PASSAGES_SOURCE, Serdes.String().deserializer(),
                serdes.valueDeserializer(Topics.PASSAGES), Topics.PASSAGES.name());
        topology.addSource(AutoOffsetReset.earliest(), EXTRACTIONS_SOURCE, Serdes.String().deserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), Topics.EXTRACTIONS.name());
        topology.addSource(AutoOffsetReset.earliest(), JUDGMENTS_SOURCE, Serdes.String().deserializer(),
                serdes.valueDeserializer(Topics.JUDGMENTS), Topics.JUDGMENTS.name());

        topology.addProcessor(PASSAGES_WRITER, () -> new PassageProcessor(settings.limits().maxPassageChars()),
                PASSAGES_SOURCE);
        topology.addProcessor(ANNOTATIONS_WRITER, () -> new AnnotationProcessor(settings.limits().maxEdges()),
                EXTRACTIONS_SOURCE);
        BradleyTerry bradleyTerry = new BradleyTerry(settings.bt());
        topology.addProcessor(TOURNAMENT_UPDATER, () -> new JudgmentProcessor(settings, bradleyTerry, listener),
                JUDGMENTS_SOURCE);
        // a table is stored and then published as the same object: one serializer for both encodes it once
        Serializer<Tournament> tournamentBytes = new LastValueSerializer<>(serdes.valueSerializer(Topics.RATINGS));
        Serde<Tournament> tournamentSerde = Serdes.serdeFrom(tournamentBytes,
                serdes.valueDeserializer(Topics.RATINGS));

        topology.addStateStore(cached(ANNOTATIONS_STORE, Serdes.String(), serdes.value(Topics.EXTRACTIONS)),
                ANNOTATIONS_WRITER, TOURNAMENT_UPDATER);
        // no record cache: every key is new (a judgmentId), so caching only delays the same RocksDB and changelog
        // writes, and the unique keys crowd the tables, counts and votes that are rewritten often out of the cache
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SEEN_JUDGMENTS_STORE),
                Serdes.String(), Serdes.Long()), TOURNAMENT_UPDATER);
        topology.addStateStore(cached(TOURNAMENTS_STORE, Serdes.String(), tournamentSerde),
                TOURNAMENT_UPDATER, ANNOTATIONS_WRITER);
        // connected to the tournament updater too, though it only writes it: a store shared by two processors
        // puts them in one sub-topology, so a passage's text lives in the same task (and instance) as the rest
        // of it, and one interactive query on the owner reads it all
        topology.addStateStore(cached(PASSAGES_STORE, Serdes.String(), serdes.value(Topics.PASSAGES)),
                PASSAGES_WRITER, TOURNAMENT_UPDATER);
        topology.addStateStore(cached(PAIR_COUNTS_STORE, Serdes.String(), StoreValueSerde.pairCounts()),
                TOURNAMENT_UPDATER);
        topology.addStateStore(cached(BT_PENDING_STORE, Serdes.String(), Serdes.Long()), TOURNAMENT_UPDATER);
        topology.addStateStore(cached(ITEM_VOTES_STORE, Serdes.String(), StoreValueSerde.itemVotes()),
                TOURNAMENT_UPDATER);

        topology.addSink(RATINGS_SINK, Topics.RATINGS.name(), Serdes.String().serializer(), tournamentBytes,
                TOURNAMENT_UPDATER);
        topology.addSink(WINNERS_SINK, Topics.TOURNAMENT_WINNERS.name(), Serdes.String().serializer(),
                serdes.valueSerializer(Topics.TOURNAMENT_WINNERS), TOURNAMENT_UPDATER, ANNOTATIONS_WRITER);
        return topology;
    }

    /**
     * A persistent store with a record cache: repeated updates of a hot key between commits reach RocksDB and the
     * changelog once, and reads of it skip deserializing from RocksDB.
     */
    private static <V> StoreBuilder<KeyValueStore<String, V>> cached(String name, Serde<String> keys,
                                                                     Serde<V> values) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), keys, values).withCachingEnabled();
    }

    /**
     * Key of an annotation in the {@value #ANNOTATIONS_STORE} store. Ids containing NUL are rejected as invalid
     * records before they get here, so two different (passage, annotation) pairs never share a key.
     */
    public static String annotationKey(String passageId, String annotationId) {
        return passageId + KEY_SEPARATOR + annotationId;
    }

    private EloTopology() {
    }
}
