package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StructuralAlignerTest {

    private final StructuralAligner aligner = new StructuralAligner();

    private static TypedGraph graph(String... edges) {
        TypedGraph g = new TypedGraph();
        for (String e : edges) {
            String[] p = e.split(" ");
            g.addEdge(p[0], p[2], EdgeType.valueOf(p[1]), Validation.VALIDATED);
        }
        return g;
    }

    @Test
    void sameShapeWithOtherNamesMatchesCompletely() {
        TypedGraph gold = graph("a DIRECTIONAL b", "b DIRECTIONAL c", "m MODERATION b");
        TypedGraph pred = graph("x DIRECTIONAL y", "y DIRECTIONAL z", "w MODERATION y");
        AlignmentResult r = aligner.align(gold, pred);
        assertThat(r.matched()).isEqualTo(3);
        assertThat(r.f1()).isEqualTo(1.0);
        assertThat(r.mapping()).containsExactlyInAnyOrderEntriesOf(Map.of("a", "x", "b", "y", "c", "z", "m", "w"));
        assertThat(r.provenOptimal()).isTrue();
        assertThat(r.order()).isEqualTo(NodeOrder.DEGREE_DESC);
        assertThat(r.runs()).hasSize(1); // proven by the first order, the others are skipped
    }

    @Test
    void directionMattersExceptForCorrelations() {
        // a chain a->b->c cannot be laid on two edges converging on y; as correlations it can
        AlignmentResult directed = aligner.align(graph("a DIRECTIONAL b", "b DIRECTIONAL c"),
                graph("x DIRECTIONAL y", "z DIRECTIONAL y"));
        assertThat(directed.matched()).isEqualTo(1);
        assertThat(directed.f1()).isEqualTo(0.5);
        AlignmentResult undirected = aligner.align(graph("a CORRELATIONAL b", "b CORRELATIONAL c"),
                graph("x CORRELATIONAL y", "z CORRELATIONAL y"));
        assertThat(undirected.matched()).isEqualTo(2);
        assertThat(undirected.mapping()).containsEntry("b", "y");
    }

    @Test
    void typesMustAgreeAndAreScoredPerType() {
        TypedGraph gold = graph("a DIRECTIONAL b", "c CORRELATIONAL d");
        TypedGraph pred = graph("x MODERATION y", "w CORRELATIONAL v", "w HIERARCHY v");
        AlignmentResult r = aligner.align(gold, pred);
        assertThat(r.matched()).isEqualTo(1);
        assertThat(r.precision()).isEqualTo(1.0 / 3);
        assertThat(r.recall()).isEqualTo(0.5);
        assertThat(r.f1()).isEqualTo(2 * (1.0 / 3) * 0.5 / (1.0 / 3 + 0.5));
        assertThat(r.typeScore(EdgeType.CORRELATIONAL)).isEqualTo(TypeScore.of(1, 1, 1));
        assertThat(r.typeScore(EdgeType.DIRECTIONAL)).isEqualTo(TypeScore.of(0, 1, 0));
        assertThat(r.typeScore(EdgeType.MODERATION)).isEqualTo(TypeScore.of(0, 0, 1));
        assertThat(r.typeScore(EdgeType.HIERARCHY).precision()).isEqualTo(0.0);
        // a type absent on both sides scores 1.0 (reference convention)
        assertThat(r.typeScore(EdgeType.RELATION).f1()).isEqualTo(1.0);
    }

    @Test
    void mappingIsInjectiveSoOnePredictedNodeCannotServeTwoGoldNodes() {
        // gold: a->b, c->d (two separate edges); pred: one edge x->y. Only one gold edge can use it.
        AlignmentResult r = aligner.align(graph("a DIRECTIONAL b", "c DIRECTIONAL d"), graph("x DIRECTIONAL y"));
        assertThat(r.matched()).isEqualTo(1);
        assertThat(r.recall()).isEqualTo(0.5);
        assertThat(r.precision()).isEqualTo(1.0);
        assertThat(r.mapping().values()).doesNotHaveDuplicates();
    }

    @Test
    void emptyGraphsFollowTheReferenceConventions() {
        TypedGraph empty = new TypedGraph().addNode("lonely", "lonely");
        AlignmentResult both = aligner.align(empty, new TypedGraph());
        assertThat(List.of(both.precision(), both.recall(), both.f1())).containsOnly(1.0);
        assertThat(both.provenOptimal()).isTrue();
        AlignmentResult noPrediction = aligner.align(graph("a DIRECTIONAL b"), new TypedGraph());
        assertThat(List.of(noPrediction.precision(), noPrediction.recall(), noPrediction.f1())).containsOnly(0.0);
        assertThat(noPrediction.goldEdges()).isEqualTo(1);
        assertThat(noPrediction.typeScore(EdgeType.DIRECTIONAL)).isEqualTo(TypeScore.of(0, 1, 0));
        AlignmentResult noGold = aligner.align(new TypedGraph(), graph("a DIRECTIONAL b"));
        assertThat(noGold.f1()).isEqualTo(0.0);
        assertThat(noGold.predictedEdges()).isEqualTo(1);
    }

    @Test
    void selfLoopsMatchSelfLoopsOfTheSameType() {
        AlignmentResult r = aligner.align(graph("a DIRECTIONAL a", "a DIRECTIONAL b"),
                graph("x DIRECTIONAL x", "x DIRECTIONAL y", "y DIRECTIONAL y"));
        assertThat(r.matched()).isEqualTo(2);
        assertThat(r.mapping()).containsEntry("a", "x").containsEntry("b", "y");
    }

    @Test
    void parallelAndReversedCorrelationsAreOneEdge() {
        TypedGraph gold = graph("a CORRELATIONAL b", "b CORRELATIONAL a", "a DIRECTIONAL b", "a DIRECTIONAL b");
        AlignmentResult r = aligner.align(gold, graph("x CORRELATIONAL y", "x DIRECTIONAL y"));
        assertThat(r.goldEdges()).isEqualTo(2);
        assertThat(r.predictedEdges()).isEqualTo(2);
        assertThat(r.matched()).isEqualTo(2);
    }

    @Test
    void anExhaustedTimeLimitGivesTheBestMappingSoFarFlaggedAsNotProven() {
        TypedGraph gold = Preprocessing.apply(EmpiriGraphSample.gold().get(100));
        TypedGraph pred = Preprocessing.apply(EmpiriGraphSample.pipeline("gpt52_165").get(100));
        AlignmentResult rushed = new StructuralAligner(AlignmentOptions.DEFAULT.withTimeLimitPerOrder(Duration.ZERO))
                .align(gold, pred);
        assertThat(rushed.provenOptimal()).isFalse();
        assertThat(rushed.anyTimeout()).isTrue();
        assertThat(rushed.runs()).hasSize(5).allMatch(AlignmentResult.OrderRun::timedOut);
        assertThat(rushed.matched()).isBetween(rushed.runs().get(0).greedy(), 16);
        assertThat(EmpiriGraphSample.countMatched(gold, pred, rushed.mapping())).isEqualTo(rushed.matched());

        AlignmentResult full = aligner.align(gold, pred);
        assertThat(full.provenOptimal()).isTrue();
        assertThat(full.matched()).isEqualTo(16);
    }

    @Test
    void allOrdersRunWhenAsked() {
        TypedGraph gold = graph("a DIRECTIONAL b", "b MODERATION c");
        TypedGraph pred = graph("x DIRECTIONAL y", "y MODERATION z");
        AlignmentResult r = new StructuralAligner(AlignmentOptions.DEFAULT.withStopWhenProven(false)).align(gold, pred);
        assertThat(r.runs()).extracting(AlignmentResult.OrderRun::order).containsExactlyElementsOf(NodeOrder.REFERENCE);
        assertThat(r.order()).isEqualTo(NodeOrder.DEGREE_DESC); // ties keep the first order
        assertThat(r.runs()).allMatch(run -> run.matched() == 2 && !run.timedOut());
    }

    /**
     * The oracle: the reference's own search (no time limit) on random small graphs. Same optimum, and — because
     * pruning here is admissible and the branching order is the reference's — the very same mapping, under each of
     * the reference's orders.
     */
    @Test
    void agreesWithTheReferenceSearchOnOptimumAndMappingForRandomGraphs() {
        Random random = new Random(20_260_522L);
        EdgeType[] types = EdgeType.EMPIRIGRAPH;
        int disagreements = 0;
        int cases = 0;
        for (int i = 0; i < 400; i++) {
            TypedGraph gold = randomGraph(random, "g", 1 + random.nextInt(5), types, false);
            TypedGraph pred = randomGraph(random, "p", 1 + random.nextInt(6), types, true);
            if (gold.edgeCount() == 0 || pred.edgeCount() == 0) {
                continue;
            }
            for (NodeOrder order : NodeOrder.REFERENCE) {
                ReferenceSearch.Result expected = new ReferenceSearch(gold, pred, order).run();
                AlignmentResult actual = new StructuralAligner(AlignmentOptions.DEFAULT.withOrders(List.of(order)))
                        .align(gold, pred);
                cases++;
                if (expected.matched() != actual.matched() || !expected.mapping().equals(actual.mapping())) {
                    disagreements++;
                }
                assertThat(actual.provenOptimal()).isTrue();
            }
        }
        assertThat(cases).isGreaterThan(900);
        assertThat(disagreements).isZero();
    }

    /** Random typed graph without duplicate edges; correlations in one orientation; self-loops only if allowed. */
    static TypedGraph randomGraph(Random random, String prefix, int nodes, EdgeType[] types, boolean selfLoops) {
        TypedGraph g = new TypedGraph();
        for (int i = 0; i < nodes; i++) {
            g.addNode(prefix + i, prefix + i);
        }
        for (int u = 0; u < nodes; u++) {
            for (int v = 0; v < nodes; v++) {
                if (u == v && !selfLoops) {
                    continue;
                }
                for (EdgeType t : types) {
                    if (t.symmetric() && u > v) {
                        continue;
                    }
                    if (random.nextDouble() < 0.12) {
                        g.addEdge(prefix + u, prefix + v, t, Validation.VALIDATED);
                    }
                }
            }
        }
        return g;
    }
}
