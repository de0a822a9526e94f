package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.List;
import org.junit.jupiter.api.Test;

class TripleAlignmentTest {

    private final TripleAlignment alignment = new TripleAlignment();

    private static Triple t(String source, String target, Direction direction) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction).build();
    }

    private static final Direction UP = Direction.INCREASE;
    private static final Direction DOWN = Direction.DECREASE;

    @Test
    void nodesAreIdentifiedByNormalisedTextAndDirectionIsTheEdgeType() {
        TypedGraph g = TripleAlignment.graph(List.of(t(" Fish  Stocks", "fishing", UP), t("fish stocks", "Prices", DOWN),
                t("FISH STOCKS", "prices", DOWN)));
        assertThat(g.nodes()).containsExactly("fish stocks", "fishing", "prices");
        assertThat(g.label("fish stocks")).isEqualTo("Fish  Stocks");
        assertThat(g.edges()).extracting(TypedEdge::type).containsExactly(EdgeType.INCREASE, EdgeType.DECREASE);
    }

    @Test
    void structureCountsNotNames() {
        // gold: a chain rain -(+)-> crops -(-)-> prices; prediction: same shape in other words, plus a stray edge
        List<Triple> gold = List.of(t("rain", "crops", UP), t("crops", "prices", DOWN));
        List<Triple> predicted = List.of(t("precipitation", "harvest", UP), t("harvest", "food cost", DOWN),
                t("food cost", "unrest", UP));
        AlignmentResult r = alignment.align(predicted, gold);
        assertThat(r.matched()).isEqualTo(2);
        assertThat(r.precision()).isEqualTo(2.0 / 3);
        assertThat(r.recall()).isEqualTo(1.0);
        assertThat(alignment.f1(predicted, gold)).isEqualTo(0.8);
        assertThat(r.mapping()).containsEntry("rain", "precipitation").containsEntry("crops", "harvest")
                .containsEntry("prices", "food cost");
        assertThat(r.provenOptimal()).isTrue();
    }

    @Test
    void aWrongDirectionDoesNotMatch() {
        List<Triple> gold = List.of(t("a", "b", UP));
        assertThat(alignment.f1(List.of(t("a", "b", DOWN)), gold)).isZero();
        assertThat(alignment.f1(List.of(t("b", "a", UP)), gold)).isEqualTo(1.0); // reversed names, same shape
    }

    @Test
    void duplicatesCountOnceAndBothPolaritiesAreTwoEdges() {
        List<Triple> gold = List.of(t("a", "b", UP), t("a", "b", DOWN));
        List<Triple> predicted = List.of(t("x", "y", UP), t("X", "y ", UP));
        AlignmentResult r = alignment.align(predicted, gold);
        assertThat(r.goldEdges()).isEqualTo(2);
        assertThat(r.predictedEdges()).isEqualTo(1);
        assertThat(r.matched()).isEqualTo(1);
        assertThat(r.typeScore(EdgeType.DECREASE)).isEqualTo(TypeScore.of(0, 1, 0));
    }

    @Test
    void awkwardInputHasDefinedResults() {
        List<Triple> gold = List.of(t("a", "b", UP));
        // empty lists
        assertThat(alignment.f1(List.of(), List.of())).isEqualTo(1.0);
        assertThat(alignment.f1(List.of(), gold)).isZero();
        assertThat(alignment.f1(gold, List.of())).isZero();
        // blank names are not edges
        assertThat(alignment.align(List.of(t("  ", "b", UP), t("", "", DOWN)), gold).predictedEdges()).isZero();
        assertThat(alignment.f1(List.of(t("\u00A0", "x", UP)), List.of())).isEqualTo(1.0);
        // self-loop after normalisation
        AlignmentResult loop = alignment.align(List.of(t("Stress", "stress ", UP)), List.of(t("x", "x", UP)));
        assertThat(loop.matched()).isEqualTo(1);
        // very long and non-Latin names are just node identities
        String longName = "x".repeat(100_000);
        assertThat(alignment.f1(List.of(t(longName, "ü", UP)), List.of(t("压力", "睡眠", UP)))).isEqualTo(1.0);
    }

    @Test
    void aLargerGraphIsSolvedExactly() {
        // gold: a star of 8 increases out of "hub"; prediction: a star of 5 plus a chain of 4 decreases
        List<Triple> gold = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            gold.add(t("hub", "leaf" + i, UP));
        }
        List<Triple> predicted = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            predicted.add(t("centre", "p" + i, UP));
        }
        for (int i = 0; i < 4; i++) {
            predicted.add(t("c" + i, "c" + (i + 1), DOWN));
        }
        AlignmentResult r = alignment.align(predicted, gold);
        assertThat(r.matched()).isEqualTo(5);
        assertThat(r.f1()).isEqualTo(2 * (5.0 / 9) * (5.0 / 8) / (5.0 / 9 + 5.0 / 8));
        assertThat(r.provenOptimal()).isTrue();
    }
    @Test
    void aVeryLargeGraphGetsAConsistentAnytimeScore() {
        java.util.Random random = new java.util.Random(3);
        List<Triple> gold = new java.util.ArrayList<>();
        List<Triple> predicted = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            gold.add(t("g" + random.nextInt(150), "g" + random.nextInt(150), random.nextBoolean() ? UP : DOWN));
            predicted.add(t("p" + random.nextInt(150), "p" + random.nextInt(150), random.nextBoolean() ? UP : DOWN));
        }
        TripleAlignment quick = new TripleAlignment(AlignmentOptions.DEFAULT
                .withOrders(List.of(NodeOrder.DEGREE_DESC)).withTimeLimitPerOrder(java.time.Duration.ofMillis(200)));
        AlignmentResult r = quick.align(predicted, gold);
        assertThat(r.matched()).isBetween(r.runs().get(0).greedy(), Math.min(r.goldEdges(), r.predictedEdges()));
        assertThat(EmpiriGraphSample.countMatched(TripleAlignment.graph(gold), TripleAlignment.graph(predicted),
                r.mapping())).isEqualTo(r.matched());
        assertThat(r.provenOptimal()).isEqualTo(!r.anyTimeout());
    }
}
