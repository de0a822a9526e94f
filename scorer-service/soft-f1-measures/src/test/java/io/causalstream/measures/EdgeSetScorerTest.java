package io.causalstream.measures;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EdgeSetScorerTest {

    private static final double EPS = 1e-12;
    private final EdgeSetScorer exact = new EdgeSetScorer(new ExactMatch(), 1.0);

    private static Edge e(String source, String target, Direction d) {
        return new Edge(source, target, d);
    }

    @Test
    void exactMatchWithoutPartialPositivesIsClassicalF1() {
        // 3 predicted, 2 correct, 4 gold: P = 2/3, R = 2/4, F1 = 2PR/(P+R) = 4/7.
        List<Edge> predicted = List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", DECREASE),
                e("tourism", "litter", INCREASE));
        List<Edge> gold = List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", DECREASE),
                e("flooding", "crop yield", DECREASE), e("litter", "wildlife", DECREASE));

        EdgeSetScore s = exact.score(predicted, gold);

        assertThat(s).extracting(EdgeSetScore::tp, EdgeSetScore::pp, EdgeSetScore::fp, EdgeSetScore::fn)
                .containsExactly(2, 0, 1, 2);
        assertThat(s.f1()).isCloseTo(4.0 / 7.0, within(EPS));
        assertThat(s.f1Strict()).isCloseTo(4.0 / 7.0, within(EPS));
    }

    @Test
    void wrongDirectionIsAPartialPositive() {
        // (2*1 + 1) / (2*1 + 1 + 0 + 1) = 3/4 with partial credit.
        // Strict: classical F1 of {rain+flooding, dams+flooding} vs the 3 gold edges: P = 1/2, R = 1/3, F1 = 2/5,
        // which is 2*1 / (2*1 + 2*1 + 0 + 1).
        List<Edge> predicted = List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", INCREASE));
        List<Edge> gold = List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", DECREASE),
                e("flooding", "crop yield", DECREASE));

        EdgeSetScore s = exact.score(predicted, gold);

        assertThat(s).extracting(EdgeSetScore::tp, EdgeSetScore::pp, EdgeSetScore::fp, EdgeSetScore::fn)
                .containsExactly(1, 1, 0, 1);
        assertThat(s.f1()).isCloseTo(3.0 / 4.0, within(EPS));
        assertThat(s.f1Strict()).isCloseTo(2.0 / 5.0, within(EPS));
    }

    @Test
    void onlyPartialPositivesScoreOneUnderFormulaOneAndZeroStrictly() {
        // Formula (1) weighs a PP pair once in numerator and denominator: all-PP is 1/1. E* catches it.
        EdgeSetScore s = exact.score(List.of(e("rain", "flooding", DECREASE)), List.of(e("rain", "flooding", INCREASE)));

        assertThat(s).isEqualTo(new EdgeSetScore(0, 1, 0, 0, 1.0, 0.0));
    }

    @Test
    void edgeSetsAreSetsDuplicatesCountOnce() {
        // Exact duplicates and duplicates up to case/whitespace collapse, on both sides; score as {a->b+} vs {a->b+}.
        List<Edge> predicted = List.of(e("Rain", "flooding", INCREASE), e("rain", "flooding", INCREASE),
                e(" rain ", "Flooding", INCREASE));
        List<Edge> gold = List.of(e("rain", "flooding", INCREASE), e("rain", " flooding", INCREASE));

        assertThat(exact.score(predicted, gold)).isEqualTo(new EdgeSetScore(1, 0, 0, 0, 1.0, 1.0));
    }

    @Test
    void sameNodesWithBothDirectionsAreTwoEdgesAndTheGoldEdgeIsUsedOnce() {
        // {r->f+, r->f-} vs {r->f+}: TP 1 (the + pair), the - edge has no gold edge left: FP 1.
        // Classical F1: P = 1/2, R = 1, F1 = 2/3 = 2*1 / (2*1 + 1 + 0).
        EdgeSetScore s = exact.score(List.of(e("rain", "flooding", INCREASE), e("rain", "flooding", DECREASE)),
                List.of(e("rain", "flooding", INCREASE)));

        assertThat(s).extracting(EdgeSetScore::tp, EdgeSetScore::pp, EdgeSetScore::fp, EdgeSetScore::fn)
                .containsExactly(1, 0, 1, 0);
        assertThat(s.f1()).isCloseTo(2.0 / 3.0, within(EPS));
        assertThat(s.f1Strict()).isCloseTo(2.0 / 3.0, within(EPS));
    }

    @Test
    void aGoldEdgeVouchesForOnePredictedEdgeOnly() {
        // Soft similarity: "heavy rain" and "rain" both match gold "rain" but are different edges; the second is FP.
        EdgeSetScorer soft = new EdgeSetScorer(table(Map.of("heavy rain|rain", 0.8)), 0.5);
        EdgeSetScore s = soft.score(List.of(e("rain", "flooding", INCREASE), e("heavy rain", "flooding", INCREASE)),
                List.of(e("rain", "flooding", INCREASE)));

        assertThat(s).extracting(EdgeSetScore::tp, EdgeSetScore::pp, EdgeSetScore::fp, EdgeSetScore::fn)
                .containsExactly(1, 0, 1, 0);
        assertThat(s.f1()).isCloseTo(2.0 / 3.0, within(EPS));
    }

    @Test
    void theMatchingIsMaximumNotGreedy() {
        // p1 "rain" matches g1 "rain" and g2 "rainfall"; p2 "storms" matches only g1 "rain".
        // Greedy in order would pair p1-g1 and leave p2 and g2 alone (TP 1); the maximum matching pairs p1-g2, p2-g1.
        EdgeSetScorer soft = new EdgeSetScorer(table(Map.of("rain|rainfall", 1.0, "storms|rain", 1.0)), 1.0);

        EdgeSetScore score = soft.score(
                List.of(e("rain", "flooding", INCREASE), e("storms", "flooding", INCREASE)),
                List.of(e("rain", "flooding", INCREASE), e("rainfall", "flooding", INCREASE)));

        assertThat(score).isEqualTo(new EdgeSetScore(2, 0, 0, 0, 1.0, 1.0));
    }

    @Test
    void trueMatchesComeFirstThenAsManyPairsAsPossible() {
        // p1 = rain->flooding+ : TP with g1 = rain->flooding+, PP with g2 = rainfall->flooding-.
        // p2 = storms->flooding-: PP with g1 only (through the table).
        // Most TP first: p1-g1 (TP); g2 could only pair with p1, which is taken: p2 FP, g2 FN.
        // (The all-PP matching p1-g2, p2-g1 would score 1.0 under formula (1) with no correct edge at all.)
        EdgeSetScorer soft = new EdgeSetScorer(table(Map.of("rain|rainfall", 1.0, "storms|rain", 1.0)), 1.0);

        EdgeSetScore s = soft.score(
                List.of(e("rain", "flooding", INCREASE), e("storms", "flooding", DECREASE)),
                List.of(e("rain", "flooding", INCREASE), e("rainfall", "flooding", DECREASE)));

        assertThat(s).extracting(EdgeSetScore::tp, EdgeSetScore::pp, EdgeSetScore::fp, EdgeSetScore::fn)
                .containsExactly(1, 0, 1, 1);
        assertThat(s.f1()).isCloseTo(2.0 / 4.0, within(EPS));
        assertThat(s.f1Strict()).isCloseTo(2.0 / 4.0, within(EPS));
    }

    @Test
    void bothNodesMustReachTheThreshold() {
        EdgeSetScorer soft = new EdgeSetScorer(table(Map.of("rain|rainfall", 0.7, "floods|flooding", 0.7)), 0.7);
        EdgeSetScorer stricter = new EdgeSetScorer(table(Map.of("rain|rainfall", 0.7, "floods|flooding", 0.7)),
                0.71);
        List<Edge> predicted = List.of(e("rain", "floods", INCREASE));
        List<Edge> gold = List.of(e("rainfall", "flooding", INCREASE));

        assertThat(soft.score(predicted, gold)).isEqualTo(new EdgeSetScore(1, 0, 0, 0, 1.0, 1.0));
        assertThat(stricter.score(predicted, gold)).isEqualTo(new EdgeSetScore(0, 0, 1, 1, 0.0, 0.0));
        assertThat(soft.score(List.of(e("rain", "crops", INCREASE)), gold))
                .isEqualTo(new EdgeSetScore(0, 0, 1, 1, 0.0, 0.0));
    }

    @Test
    void similarityIsAskedPredictedFirst() {
        List<String> calls = new ArrayList<>();
        NodeSimilarity recording = named((a, b) -> {
            calls.add(a + "|" + b);
            return 1.0;
        });
        new EdgeSetScorer(recording, 1.0).score(List.of(e("p-src", "p-tgt", INCREASE)),
                List.of(e("g-src", "g-tgt", INCREASE)));

        assertThat(calls).containsExactly("p-src|g-src", "p-tgt|g-tgt");
    }

    @Test
    void bothEmptyAgreeCompletely() {
        assertThat(exact.score(List.of(), List.of())).isEqualTo(new EdgeSetScore(0, 0, 0, 0, 1.0, 1.0));
    }

    @Test
    void oneSideEmptyScoresZero() {
        List<Edge> two = List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", DECREASE));
        assertThat(exact.score(List.of(), two)).isEqualTo(new EdgeSetScore(0, 0, 0, 2, 0.0, 0.0));
        assertThat(exact.score(two, List.of())).isEqualTo(new EdgeSetScore(0, 0, 2, 0, 0.0, 0.0));
    }

    @Test
    void scoresAvroTriples() {
        Triple t = Triple.newBuilder().setSource("rain").setTarget("flooding").setDirection(INCREASE)
                .setConfidence(0.4).build();
        Triple g = Triple.newBuilder().setSource("Rain").setTarget("flooding").setDirection(INCREASE).build();

        assertThat(exact.scoreTriples(List.of(t), List.of(g))).isEqualTo(new EdgeSetScore(1, 0, 0, 0, 1.0, 1.0));
    }

    @Test
    void equalLabelsMatchWhateverTheSimilaritySays() {
        // METEOR scores an identical one-word label 0.5; at T = 0.9 the copy still matches.
        EdgeSetScorer meteor = new EdgeSetScorer(io.causalstream.measures.meteor.MeteorSimilarity.nltk(), 0.9);
        assertThat(meteor.similarity().similarity("rain", "rain")).isEqualTo(0.5);
        assertThat(meteor.score(List.of(e("Rain", "floods", INCREASE)), List.of(e("rain", "floods", INCREASE))).tp())
                .isEqualTo(1);
        assertThat(meteor.score(List.of(e("rains", "floods", INCREASE)), List.of(e("rain", "floods", INCREASE))).tp())
                .isZero();
    }

    @Test
    void blankLabelsMatchNothing() {
        // Even exact match of "" with "": an empty node names no concept. The blank edges are FP / FN.
        List<Edge> predicted = List.of(e("", "flooding", INCREASE), e("rain", "flooding", INCREASE));
        List<Edge> gold = List.of(e("", "flooding", INCREASE), e("rain", "flooding", INCREASE), e(" ", "x", DECREASE));
        assertThat(exact.score(predicted, gold)).isEqualTo(new EdgeSetScore(1, 0, 1, 2, 2.0 / 5.0, 2.0 / 5.0));
    }

    @Test
    void anUnknownDirectionMatchesNodesButNeverDirections() {
        EdgeSetScore s = exact.score(List.of(e("rain", "flooding", null)), List.of(e("rain", "flooding", INCREASE)));
        assertThat(s).isEqualTo(new EdgeSetScore(0, 1, 0, 0, 1.0, 0.0));
        // Two unknown directions do not agree with each other either.
        assertThat(exact.score(List.of(e("rain", "flooding", null)), List.of(e("rain", "flooding", null))).tp())
                .isZero();
    }

    @Test
    void veryLongAndNonLatinLabels() {
        String longLabel = "rain ".repeat(10_000);
        List<String> seen = new ArrayList<>();
        NodeSimilarity recording = named((a, b) -> {
            seen.add(a);
            return a.equals(b) ? 1.0 : 0.0;
        });
        // Different labels (the gold one ends differently): the similarity is asked, on the first 1,000 characters.
        EdgeSetScore s = new EdgeSetScorer(recording, 1.0).score(List.of(e(longLabel, "x", INCREASE)),
                List.of(e(longLabel + "floods", "x", INCREASE)));
        assertThat(s.tp()).isEqualTo(1);
        assertThat(seen.get(0)).hasSize(NodeText.MAX_LABEL_CHARS);
        assertThat(exact.score(List.of(e("洪水", "作物", DECREASE)), List.of(e("洪水", "作物", DECREASE))).f1())
                .isEqualTo(1.0);
    }

    @Test
    void thresholdMustBeANumber() {
        assertThatThrownBy(() -> new EdgeSetScorer(new ExactMatch(), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The Hungarian matching against exhaustive search: same TP, then same number of pairs, on random graphs. */
    @Test
    void matchingAgreesWithExhaustiveSearch() {
        Random random = new Random(42);
        String[] labels = {"a", "b", "c", "d"};
        for (int round = 0; round < 400; round++) {
            Map<String, Double> sims = new java.util.HashMap<>();
            for (String x : labels) {
                for (String y : labels) {
                    sims.put(x + "|" + y, x.equals(y) || random.nextInt(3) == 0 ? 1.0 : 0.0);
                }
            }
            NodeSimilarity s = named((a, b) -> sims.get(a + "|" + b));
            List<Edge> predicted = randomEdges(random, labels, random.nextInt(5));
            List<Edge> gold = randomEdges(random, labels, random.nextInt(5));

            EdgeSetScore actual = new EdgeSetScorer(s, 1.0).score(predicted, gold);
            int[] best = exhaustive(predicted, gold, s);

            assertThat(new int[] {actual.tp(), actual.tp() + actual.pp()})
                    .as("round %d: %s vs %s", round, predicted, gold).containsExactly(best);
            assertThat(actual.fp()).isEqualTo(predicted.size() - actual.tp() - actual.pp());
            assertThat(actual.fn()).isEqualTo(gold.size() - actual.tp() - actual.pp());
        }
    }

    /** Distinct edges (no duplicates, so deduplication does not interfere). */
    private static List<Edge> randomEdges(Random random, String[] labels, int n) {
        Set<Edge> edges = new java.util.LinkedHashSet<>();
        while (edges.size() < n) {
            edges.add(e(labels[random.nextInt(labels.length)], labels[random.nextInt(labels.length)],
                    random.nextBoolean() ? INCREASE : DECREASE));
        }
        return List.copyOf(edges);
    }

    /** Best (TP, TP + PP), lexicographically, over every one-to-one matching. */
    private static int[] exhaustive(List<Edge> p, List<Edge> g, NodeSimilarity s) {
        return search(0, p, g, new boolean[g.size()], s);
    }

    private static int[] search(int i, List<Edge> p, List<Edge> g, boolean[] used, NodeSimilarity s) {
        if (i == p.size()) {
            return new int[] {0, 0};
        }
        int[] best = search(i + 1, p, g, used, s); // p[i] unmatched
        for (int j = 0; j < g.size(); j++) {
            Edge a = p.get(i);
            Edge b = g.get(j);
            if (used[j] || s.similarity(a.source(), b.source()) < 1.0 || s.similarity(a.target(), b.target()) < 1.0) {
                continue;
            }
            used[j] = true;
            int[] rest = search(i + 1, p, g, used, s);
            used[j] = false;
            int[] cand = {rest[0] + (a.direction() == b.direction() ? 1 : 0), rest[1] + 1};
            if (cand[0] > best[0] || (cand[0] == best[0] && cand[1] > best[1])) {
                best = cand;
            }
        }
        return best;
    }

    /** Similarity from a table of "predicted|gold" entries; equal labels are 1.0, anything else 0.0. */
    private static NodeSimilarity table(Map<String, Double> entries) {
        return named((a, b) -> a.equals(b) ? 1.0 : entries.getOrDefault(a + "|" + b, 0.0));
    }

    private static NodeSimilarity named(java.util.function.BiFunction<String, String, Double> f) {
        return new NodeSimilarity() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public double similarity(String predicted, String gold) {
                return f.apply(predicted, gold);
            }
        };
    }

    /** A model-backed similarity sees every label of both graphs once, before the pairwise calls. */
    @Test
    void theSimilarityIsGivenAllLabelsInOneBatchFirst() {
        List<String> calls = new ArrayList<>();
        NodeSimilarity recording = new NodeSimilarity() {
            @Override
            public String name() {
                return "recording";
            }

            @Override
            public double similarity(String predicted, String gold) {
                calls.add("pair");
                return 0;
            }

            @Override
            public void prepare(java.util.Collection<String> labels) {
                calls.add("prepare " + labels);
            }
        };

        new EdgeSetScorer(recording, 0.5).score(List.of(e("rain", "floods", INCREASE), e("rain", " ",
                INCREASE)), List.of(e("heavy rain", "flooding", INCREASE)));

        assertThat(calls.getFirst()).isEqualTo("prepare [rain, floods, heavy rain, flooding]");
        assertThat(calls.subList(1, calls.size())).containsOnly("pair");
    }
}
