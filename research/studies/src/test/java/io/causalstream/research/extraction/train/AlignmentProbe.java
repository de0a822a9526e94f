package io.causalstream.research.extraction.train;

import io.causalstream.extractor.backend.model.CandidateSpans;
import io.causalstream.extractor.backend.model.ChunkedSentence;
import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.rules.SentenceChunker;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.schemas.graph.Triple;
import java.nio.file.Path;
import java.util.List;

/**
 * Research probe (never run by tests): where the train split's gold triples can be placed. For each gold triple,
 * whether both nodes reach the label floor (mean ROUGE-1/METEOR 0.15) on candidate concepts of one sentence (what
 * PairLabels aligns today), only on two adjacent sentences, only farther apart, or on no candidate at all.
 * <pre>java -cp ... io.causalstream.research.extraction.train.AlignmentProbe DATA</pre>
 */
public final class AlignmentProbe {

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        EloPassages elo = EloPassages.load(data);
        List<GoldPassage> train = elo.without(ReleasedSplit.read(data.resolve("data/train_data.csv")));
        MeasureCatalog catalog = MeasureCatalog.builtIn();
        NodeSimilarity rouge = ((EdgeSetScorer) catalog.entry("rouge1").factory().apply(0.45)).similarity();
        NodeSimilarity meteor = ((EdgeSetScorer) catalog.entry("meteor").factory().apply(0.01)).similarity();
        SentenceChunker chunker = new SentenceChunker();
        int same = 0;
        int adjacent = 0;
        int farther = 0;
        int oneSide = 0;
        int none = 0;
        for (GoldPassage p : train) {
            List<ChunkedSentence> sentences = chunker.analyse(p.text());
            List<List<ConceptSpan>> spans = sentences.stream().map(CandidateSpans::of).toList();
            for (Triple t : p.gold()) {
                int n = sentences.size();
                boolean[] src = new boolean[n];
                boolean[] tgt = new boolean[n];
                for (int s = 0; s < n; s++) {
                    for (ConceptSpan c : spans.get(s)) {
                        src[s] |= sim(rouge, meteor, c.text(), t.getSource()) >= PairLabels.MIN_SIMILARITY;
                        tgt[s] |= sim(rouge, meteor, c.text(), t.getTarget()) >= PairLabels.MIN_SIMILARITY;
                    }
                }
                int best = Integer.MAX_VALUE;
                boolean anySrc = false;
                boolean anyTgt = false;
                for (int a = 0; a < n; a++) {
                    anySrc |= src[a];
                    anyTgt |= tgt[a];
                    for (int b = 0; b < n; b++) {
                        if (src[a] && tgt[b]) {
                            best = Math.min(best, Math.abs(a - b));
                        }
                    }
                }
                if (best == 0) {
                    same++;
                } else if (best == 1) {
                    adjacent++;
                } else if (best < Integer.MAX_VALUE) {
                    farther++;
                } else if (anySrc || anyTgt) {
                    oneSide++;
                } else {
                    none++;
                }
            }
        }
        int all = same + adjacent + farther + oneSide + none;
        System.out.printf("%d gold triples in %d train passages: one sentence %d, adjacent sentences only %d, farther "
                + "only %d, one node without any candidate %d, neither node %d%n", all, train.size(), same, adjacent,
                farther, oneSide, none);
    }

    private static double sim(NodeSimilarity rouge, NodeSimilarity meteor, String a, String b) {
        return (rouge.similarity(a, b) + meteor.similarity(a, b)) / 2;
    }

    private AlignmentProbe() {
    }
}
