package io.causalstream.elo.topology;

import io.causalstream.elo.app.EloSettings;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The Elo service's stream processing, top to bottom.
 *
 * <pre>
 *   extractions --> annotations-writer --(leader re-annotated)--------------------> tournament-winners
 *                        |  writes annotations, reads tournaments
 *   judgments  --> tournament-updater --(every counted judgment)-------------------> ratings
 *                        |  reads annotations, writes seen-judgments + tournaments
 *                        +--(leader changed: the leader's triples)-------------------> tournament-winners
 *   invalid judgments / extractions, undecodable records -----------------------------> &lt;topic&gt;.dlq
 * </pre>
 *
 * Both inputs are keyed by passageId and share stores, so they form one sub-topology: the judgments of a passage
 * meet its annotations and tournament in one task. That needs {@code judgments} and {@code extractions} to have
 * the same number of partitions, as the contract's topic setup creates them.
 */
public final class EloTopology {

    /** passageId + '\u0000' + annotationId -> the Extraction (players, their authors and triples). */
    public static final String ANNOTATIONS_STORE = "annotations";
    /** judgmentId -> timestamp of the record that counted it: judgments already applied. */
    public static final String SEEN_JUDGMENTS_STORE = "seen-judgments";
    /** passageId -> Tournament: the rating table of each passage; queried over HTTP. */
    public static final String TOURNAMENTS_STORE = "tournaments";

    static final String EXTRACTIONS_SOURCE = "extractions-source";
    static final String JUDGMENTS_SOURCE = "judgments-source";
    static final String ANNOTATIONS_WRITER = "annotations-writer";
    static final String TOURNAMENT_UPDATER = "tournament-updater";
    static final String RATINGS_SINK = "ratings-sink";
    static final String WINNERS_SINK = "tournament-winners-sink";

    static final char KEY_SEPARATOR = '\u0000';

    /** The topology without metrics (tests, tools). */
    public static Topology build(EloSettings settings, SerdeFactory serdes) {
        return build(settings, serdes, JudgmentListener.NONE);
    }

    public static Topology build(EloSettings settings, SerdeFactory serdes, JudgmentListener listener) {
        Topology topology = new Topology();

        // Both inputs read from the beginning: a new instance group must see every annotation and judgment.
        topology.addSource(AutoOffsetReset.earliest(), EXTRACTIONS_SOURCE, Serdes.String().deserializer(),
                serdes.valueDeserializer(Topics.EXTRACTIONS), Topics.EXTRACTIONS.name());
        topology.addSource(AutoOffsetReset.earliest(), JUDGMENTS_SOURCE, Serdes.String().deserializer(),
                serdes.valueDeserializer(Topics.JUDGMENTS), Topics.JUDGMENTS.name());

        topology.addProcessor(ANNOTATIONS_WRITER, AnnotationProcessor::new, EXTRACTIONS_SOURCE);
        topology.addProcessor(TOURNAMENT_UPDATER,
                () -> new JudgmentProcessor(settings.rating(), settings.ties(), listener), JUDGMENTS_SOURCE);

        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ANNOTATIONS_STORE),
                Serdes.String(), serdes.value(Topics.EXTRACTIONS)), ANNOTATIONS_WRITER, TOURNAMENT_UPDATER);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SEEN_JUDGMENTS_STORE),
                Serdes.String(), Serdes.Long()), TOURNAMENT_UPDATER);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(TOURNAMENTS_STORE),
                Serdes.String(), serdes.value(Topics.RATINGS)), TOURNAMENT_UPDATER, ANNOTATIONS_WRITER);

        topology.addSink(RATINGS_SINK, Topics.RATINGS.name(), Serdes.String().serializer(),
                serdes.valueSerializer(Topics.RATINGS), TOURNAMENT_UPDATER);
        topology.addSink(WINNERS_SINK, Topics.TOURNAMENT_WINNERS.name(), Serdes.String().serializer(),
                serdes.valueSerializer(Topics.TOURNAMENT_WINNERS), TOURNAMENT_UPDATER, ANNOTATIONS_WRITER);
        return topology;
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
