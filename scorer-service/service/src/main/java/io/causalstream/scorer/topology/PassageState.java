package io.causalstream.scorer.topology;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.gold.GoldPreference;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The scorer's view of its four stores, per passage. One instance per processor instance (per task). */
final class PassageState {

    private static final StringSerializer PREFIX_SERIALIZER = new StringSerializer();

    private final KeyValueStore<String, Extraction> extractions;
    private final KeyValueStore<String, GoldGraph> golds;
    private final KeyValueStore<String, ScoredGraph> scores;
    private final KeyValueStore<String, Passage> passages;
    private final GoldPreference preference;

    PassageState(ProcessingContext context, GoldPreference preference) {
        this.extractions = context.getStateStore(ScorerTopology.EXTRACTIONS_STORE);
        this.golds = context.getStateStore(ScorerTopology.GOLD_STORE);
        this.scores = context.getStateStore(ScorerTopology.SCORES_STORE);
        this.passages = context.getStateStore(ScorerTopology.PASSAGES_STORE);
        this.preference = preference;
    }

    /** Stores the extraction; a later one with the same annotationId replaces it (a re-extraction). */
    void putExtraction(Extraction e) {
        extractions.put(StoreKeys.annotation(e.getPassageId(), e.getAnnotationId()), e);
    }

    /** Every stored extraction of the passage, in annotationId order. */
    List<Extraction> extractionsOf(String passageId) {
        List<Extraction> out = new ArrayList<>();
        try (KeyValueIterator<String, Extraction> it =
                     extractions.prefixScan(StoreKeys.passagePrefix(passageId), PREFIX_SERIALIZER)) {
            it.forEachRemaining(kv -> out.add(kv.value));
        }
        return out;
    }

    /** The gold the passage's extractions are scored against now, or null when it has none. */
    GoldGraph effectiveGold(String passageId) {
        return preference.choose(golds.get(StoreKeys.gold(passageId, GoldOrigin.CURATED)),
                golds.get(StoreKeys.gold(passageId, GoldOrigin.TOURNAMENT)));
    }

    void putGold(GoldGraph gold) {
        golds.put(StoreKeys.gold(gold.getPassageId(), gold.getOrigin()), gold);
    }

    void deleteGold(String passageId, GoldOrigin origin) {
        golds.delete(StoreKeys.gold(passageId, origin));
    }

    void putScore(ScoredGraph graph) {
        scores.put(StoreKeys.annotation(graph.getPassageId(), graph.getAnnotationId()), graph);
    }

    /** The passage's text, or null when the passage has not arrived. */
    String passageText(String passageId) {
        Passage p = passages.get(passageId);
        return p == null ? null : p.getText();
    }

    void putPassage(Passage passage) {
        passages.put(passage.getId(), passage);
    }

    void deletePassage(String passageId) {
        passages.delete(passageId);
    }

    /** Forgets the passage's latest scores: they were against a gold that no longer exists. */
    void deleteScoresOf(String passageId) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, ScoredGraph> it =
                     scores.prefixScan(StoreKeys.passagePrefix(passageId), PREFIX_SERIALIZER)) {
            it.forEachRemaining(kv -> keys.add(kv.key));
        }
        keys.forEach(scores::delete);
    }
}
