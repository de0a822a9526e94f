package io.causalstream.research.extraction.train;

import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Training labels of the candidate pairs of a passage, made by aligning its gold triples to candidate concepts
 * with the project's own label similarities: a gold node such as "Food security" is often a coded concept, not the
 * text's words, so each candidate concept gets the mean of its ROUGE-1 and METEOR similarity to the gold node, and
 * each gold triple labels the one ordered pair of the passage (same sentence) with the highest summed similarity,
 * if both sides reach {@link #MIN_SIMILARITY}. Other pairs that would match the same gold triple at the evaluation's
 * ROUGE-E threshold (0.45) are neither positive nor negative ({@link #IGNORE}): another reading of the same claim.
 */
public final class PairLabels {

    public static final int IGNORE = -1;
    /** Both sides of a gold triple must be at least this similar to their concepts to make a label. */
    public static final double MIN_SIMILARITY = 0.15;
    static final double MATCH = 0.45;

    /** Labels of one passage: per sentence, [cause][effect] one of IGNORE, NONE, INCREASE, DECREASE. */
    public record Labelled(List<int[][]> labels, int aligned, int unaligned) {
    }

    private final NodeSimilarity rouge;
    private final NodeSimilarity meteor;
    private final double minSimilarity;

    public PairLabels(NodeSimilarity rouge, NodeSimilarity meteor) {
        this(rouge, meteor, MIN_SIMILARITY);
    }

    /** With another floor than {@link #MIN_SIMILARITY} for both sides of an alignment. */
    public PairLabels(NodeSimilarity rouge, NodeSimilarity meteor, double minSimilarity) {
        this.rouge = rouge;
        this.meteor = meteor;
        this.minSimilarity = minSimilarity;
    }

    public Labelled label(List<SentenceFeatures> sentences, List<Triple> gold) {
        List<int[][]> labels = sentences.stream().map(f -> {
            int n = f.spans().size();
            int[][] l = new int[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    l[i][j] = f.pairable(i, j) ? RelationHead.NONE : IGNORE;
                }
            }
            return l;
        }).toList();
        int aligned = 0;
        int unaligned = 0;
        Map<String, double[]> cache = new HashMap<>();
        List<int[]> positives = new java.util.ArrayList<>();
        for (Triple t : gold) {
            double best = -1;
            int bs = -1;
            int bi = -1;
            int bj = -1;
            for (int s = 0; s < sentences.size(); s++) {
                SentenceFeatures f = sentences.get(s);
                List<ConceptSpan> spans = f.spans();
                double[] src = new double[spans.size()];
                double[] tgt = new double[spans.size()];
                for (int k = 0; k < spans.size(); k++) {
                    src[k] = similarity(spans.get(k).text(), t.getSource(), cache)[0];
                    tgt[k] = similarity(spans.get(k).text(), t.getTarget(), cache)[0];
                }
                for (int i = 0; i < spans.size(); i++) {
                    for (int j = 0; j < spans.size(); j++) {
                        if (!f.pairable(i, j)) {
                            continue;
                        }
                        if (similarity(spans.get(i).text(), t.getSource(), cache)[1] >= MATCH
                                && similarity(spans.get(j).text(), t.getTarget(), cache)[1] >= MATCH) {
                            labels.get(s)[i][j] = IGNORE;
                        }
                        if (src[i] >= minSimilarity && tgt[j] >= minSimilarity && src[i] + tgt[j] > best) {
                            best = src[i] + tgt[j];
                            bs = s;
                            bi = i;
                            bj = j;
                        }
                    }
                }
            }
            if (bs < 0) {
                unaligned++;
            } else {
                aligned++;
                positives.add(new int[] {bs, bi, bj, t.getDirection() == Direction.DECREASE
                        ? RelationHead.DECREASE : RelationHead.INCREASE});
            }
        }
        // positives last: another triple's IGNORE never hides them
        for (int[] p : positives) {
            labels.get(p[0])[p[1]][p[2]] = p[3];
        }
        return new Labelled(labels, aligned, unaligned);
    }

    /** {mean of ROUGE-1 and METEOR, ROUGE-1} of a concept against a gold node. */
    private double[] similarity(String concept, String node, Map<String, double[]> cache) {
        return cache.computeIfAbsent(concept + "\u0000" + node, k -> {
            double r = rouge.similarity(concept, node);
            double m = meteor.similarity(concept, node);
            return new double[] {(r + m) / 2, r};
        });
    }
}
