package io.causalstream.research.extraction;

import io.causalstream.extractor.dataset.GoldPassage;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.EdgeSetScorer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scores an extractor against the gold of a split with the paper's soft F1 (section 3.3): per passage, the
 * {@link EdgeSetScorer} of each measure (a node similarity and its threshold) counts TP/PP/FP/FN; the split's
 * figures are the micro F1 over the summed counts and the macro F1 (mean over passages). A measure is any
 * {@link io.causalstream.measures.NodeSimilarity}, passed in: exact match, ROUGE-E, METEOR-E ...
 */
public final class SplitEvaluation {

    /** The extractor's triples for every passage, in split order (extracted once, scored by every measure). */
    public static List<List<Triple>> extractAll(Extractor extractor, List<GoldPassage> passages) {
        List<List<Triple>> out = new ArrayList<>(passages.size());
        int i = 0;
        for (GoldPassage p : passages) {
            Passage passage = new Passage("eval-" + (i++), p.text(), null, null, null, Map.of(), Instant.EPOCH);
            out.add(extractor.extract(passage).triples());
        }
        return out;
    }

    public static SplitScore score(EdgeSetScorer scorer, List<GoldPassage> passages, List<List<Triple>> predicted) {
        if (passages.size() != predicted.size()) {
            throw new IllegalArgumentException(passages.size() + " passages but " + predicted.size() + " predictions");
        }
        long tp = 0;
        long pp = 0;
        long fp = 0;
        long fn = 0;
        double macro = 0;
        for (int i = 0; i < passages.size(); i++) {
            EdgeSetScore s = scorer.scoreTriples(predicted.get(i), passages.get(i).gold());
            tp += s.tp();
            pp += s.pp();
            fp += s.fp();
            fn += s.fn();
            macro += s.f1();
        }
        double denominator = 2.0 * tp + pp + fp + fn;
        double micro = denominator == 0 ? 1.0 : (2.0 * tp + pp) / denominator;
        double strictDenominator = 2.0 * tp + 2.0 * pp + fp + fn;
        double strict = strictDenominator == 0 ? 1.0 : 2.0 * tp / strictDenominator;
        return new SplitScore(scorer.toString(), passages.size(), tp, pp, fp, fn, micro,
                passages.isEmpty() ? 0 : macro / passages.size(), strict);
    }

    private SplitEvaluation() {
    }
}
