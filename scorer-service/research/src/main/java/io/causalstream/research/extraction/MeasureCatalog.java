package io.causalstream.research.extraction;

import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.measures.rouge.Rouge;
import io.causalstream.measures.rouge.RougeSimilarity;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The node similarities the evaluation knows by name, from the scorer's measure library, with the paper's
 * thresholds (appendix D.3): exact match at T = 1, ROUGE-E (ROUGE-1 F, Porter-stemmed, as the paper's
 * {@code rouge_score}) at 0.45, METEOR-E (NLTK conventions, WordNet 3.0) at 0.01, BLEU-E (sacreBLEU sentence BLEU)
 * at 0.352. A name may carry its own threshold: {@code rouge@0.5}.
 */
public final class MeasureCatalog {

    private record Entry(Supplier<NodeSimilarity> similarity, double threshold) {
    }

    private static final Map<String, Entry> MEASURES = Map.of(
            "exact", new Entry(ExactMatch::new, 1.0),
            "rouge", new Entry(() -> RougeSimilarity.stemmed(Rouge.Type.ROUGE1), 0.45),
            "meteor", new Entry(MeteorSimilarity::nltk, 0.01),
            "bleu", new Entry(BleuSimilarity::sacrebleu, 0.352));

    public static Optional<EdgeSetScorer> resolve(String spec) {
        String[] parts = spec.strip().toLowerCase(Locale.ROOT).split("@", 2);
        Entry e = MEASURES.get(parts[0]);
        if (e == null) {
            return Optional.empty();
        }
        double threshold = parts.length == 2 ? Double.parseDouble(parts[1]) : e.threshold();
        return Optional.of(new EdgeSetScorer(e.similarity().get(), threshold));
    }

    private MeasureCatalog() {
    }
}
