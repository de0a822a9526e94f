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

/** The scorer's view of its five stores, per passage. One instance per processor instance (per task). */
final class PassageState {

    private static final StringSerializer PREFIX_SERIALIZER = new StringSerializer();

    private final KeyValueStore<String, Extraction> extractions;
    private final KeyValueStore<String, GoldGraph> golds;
    private final KeyValueStore<String, ScoredGraph> validated;
    private final KeyValueStore<String, ScoredGraph> scores;
    private final KeyValueStore<String, Passage> passages;
    private final GoldPreference preference;

    PassageState(ProcessingContext context, GoldPreference preference) {
        this.extractions = context.getStateStore(ScorerTopology.EXTRACTIONS_STORE);
        this.golds = context.getStateStore(ScorerTopology.GOLD_STORE);
        this.validated = context.getStateStore(ScorerTopology.VALIDATED_STORE);
        this.scores = context.getStateStore(ScorerTopology.SCORES_STORE);
        this.passages = context.getStateStore(ScorerTopology.PASSAGES_STORE);
        this.preference = preference;
    }

    /** Stores the extraction; a later one with the same annotationId replaces it (a re-extraction). */
    void putExtraction(Extraction e) {
        extractions.put(StoreKeys.annotation(e.getPassageId(), e.getAnnotationId()), e);
    }

    /** The stored extraction of one annotation, or null. */
    Extraction extraction(String passageId, String annotationId) {
        return extractions.get(StoreKeys.annotation(passageId, annotationId));
    }

    /** Every stored extraction, for the validation stage's restart (what has no validated graph yet is pending). */
    List<Extraction> allExtractions() {
        List<Extraction> out = new ArrayList<>();
        try (KeyValueIterator<String, Extraction> it = extractions.all()) {
            it.forEachRemaining(kv -> out.add(kv.value));
        }
        return out;
    }

    /** The annotation's graph as validation last left it (no gold), or null when it is still to be validated. */
    ScoredGraph validated(String passageId, String annotationId) {
        return validated.get(StoreKeys.annotation(passageId, annotationId));
    }

    void putValidated(ScoredGraph graph) {
        validated.put(StoreKeys.annotation(graph.getPassageId(), graph.getAnnotationId()), graph);
    }

    /** Marks the annotation as to be validated again (its extraction or its passage text changed). */
    void deleteValidated(String passageId, String annotationId) {
        validated.delete(StoreKeys.annotation(passageId, annotationId));
    }

    /** Every validated graph of the passage, in annotationId order: what a gold change re-scores. */
    List<ScoredGraph> validatedOf(String passageId) {
        List<ScoredGraph> out = new ArrayList<>();
        try (KeyValueIterator<String, ScoredGraph> it =
                     validated.prefixScan(StoreKeys.passagePrefix(passageId), PREFIX_SERIALIZER)) {
            it.forEachRemaining(kv -> out.add(kv.value));
        }
        return out;
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

    /** The latest published result of every annotation of the passage, in annotationId order. */
    List<ScoredGraph> scoresOf(String passageId) {
        List<ScoredGraph> out = new ArrayList<>();
        try (KeyValueIterator<String, ScoredGraph> it =
                     scores.prefixScan(StoreKeys.passagePrefix(passageId), PREFIX_SERIALIZER)) {
            it.forEachRemaining(kv -> out.add(kv.value));
        }
        return out;
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

}
