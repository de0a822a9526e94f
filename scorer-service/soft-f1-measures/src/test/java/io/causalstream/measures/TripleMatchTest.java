package io.causalstream.measures;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.schemas.graph.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class TripleMatchTest {

    private static final double EPS = 1e-12;
    private final TripleMatch rouge = MeasureCatalog.rouge1Triples();

    private static Edge e(String source, String target, Direction d) {
        return new Edge(source, target, d);
    }

    private static void counts(TripleMatchScore s, int tp, int predicted, int gold) {
        assertThat(List.of(s.tp(), s.predicted(), s.gold())).containsExactly(tp, predicted, gold);
    }

    @Test
    void aWrongDirectionIsNoMatchAtAll() {
        // the nodes are equal, the sign is not: no partial credit, P = R = F1 = 0
        TripleMatchScore s = rouge.score(List.of(e("interest rates", "borrowing", INCREASE)),
                List.of(e("interest rates", "borrowing", DECREASE)));
        counts(s, 0, 1, 1);
        assertThat(List.of(s.precision(), s.recall(), s.f1())).containsExactly(0.0, 0.0, 0.0);
    }

    @Test
    void nodesMatchSoftlyAndTheSignAbsorbsTheChangeWord() {
        // "removal of wolves" vs "wolves": ROUGE-1 P 1/3, R 1, F 0.5; "elk numbers" equal
        TripleMatchScore s = rouge.score(List.of(e("removal of wolves", "elk numbers", DECREASE)),
                List.of(e("wolves", "elk numbers", DECREASE)));
        counts(s, 1, 1, 1);
        assertThat(s.f1()).isEqualTo(1.0);
    }

    @Test
    void aGoldTripleVouchesForOnePredictionOnly() {
        // both predictions match the one gold triple ("severe drought" vs "drought": F 2/3; "yields" vs "crop
        // yields": F 2/3), one of them counts: P = 1/2, R = 1, F1 = 2*1 / (2 + 1) = 2/3
        TripleMatchScore s = rouge.score(
                List.of(e("drought", "crop yields", DECREASE), e("severe drought", "yields", DECREASE)),
                List.of(e("drought", "crop yields", DECREASE)));
        counts(s, 1, 2, 1);
        assertThat(s.precision()).isCloseTo(0.5, within(EPS));
        assertThat(s.recall()).isCloseTo(1.0, within(EPS));
        assertThat(s.f1()).isCloseTo(2.0 / 3.0, within(EPS));
    }

    @Test
    void theMatchingHasTheMostPairsNotTheGreediestFirstPair() {
        // A = "maize yields per hectare" matches both gold targets (1.0 with the second, F 2/3 with "maize yields");
        // B = "yields per hectare" only the second (F 6/7; with "maize yields" F 0.4). Taking A's best pair first
        // would leave B unmatched (TP 1); one-to-one with the most pairs gives A -> first, B -> second: TP 2
        List<Edge> predicted = List.of(e("fertiliser", "maize yields per hectare", INCREASE),
                e("fertiliser", "yields per hectare", INCREASE));
        List<Edge> gold = List.of(e("fertiliser", "maize yields", INCREASE),
                e("fertiliser", "maize yields per hectare", INCREASE));
        counts(rouge.score(predicted, gold), 2, 2, 2);
    }

    @Test
    void emptyGold() {
        // every prediction is invented: P 0/2 = 0, R 1 (nothing to find), F1 2*0 / (2 + 0) = 0
        TripleMatchScore s = rouge.score(List.of(e("a", "b", INCREASE), e("c", "d", DECREASE)), List.of());
        counts(s, 0, 2, 0);
        assertThat(List.of(s.precision(), s.recall(), s.f1())).containsExactly(0.0, 1.0, 0.0);
        // nothing asserted, nothing predicted: full agreement
        TripleMatchScore none = rouge.score(List.of(), List.of());
        counts(none, 0, 0, 0);
        assertThat(List.of(none.precision(), none.recall(), none.f1())).containsExactly(1.0, 1.0, 1.0);
    }

    @Test
    void emptyPrediction() {
        // P 1 (no claim, none wrong), R 0/1, F1 0
        TripleMatchScore s = rouge.score(List.of(), List.of(e("heat", "grain set", DECREASE)));
        counts(s, 0, 0, 1);
        assertThat(List.of(s.precision(), s.recall(), s.f1())).containsExactly(1.0, 0.0, 0.0);
    }

    @Test
    void theThresholdIsInclusive() {
        NodeSimilarity rouge1 = rouge.similarity();
        // {crop, yield} vs {crop, price}: P = R = 1/2, F = 0.5 exactly: a match
        assertThat(rouge1.similarity("crop yields", "crop prices")).isEqualTo(0.5);
        counts(rouge.score(List.of(e("drought", "crop yields", DECREASE)),
                List.of(e("drought", "crop prices", DECREASE))), 1, 1, 1);
        // {crop, yield} vs {fall, crop, price}: P 1/2, R 1/3, F 0.4: no match, on the source side as well
        assertThat(rouge1.similarity("crop yields", "falling crop prices")).isCloseTo(0.4, within(EPS));
        counts(rouge.score(List.of(e("drought", "crop yields", DECREASE)),
                List.of(e("drought", "falling crop prices", DECREASE))), 0, 1, 1);
        counts(rouge.score(List.of(e("crop yields", "income", INCREASE)),
                List.of(e("falling crop prices", "income", INCREASE))), 0, 1, 1);
    }

    @Test
    void duplicatesCountOnceAndUnknownDirectionsOrBlankNodesMatchNothing() {
        TripleMatchScore s = rouge.score(
                List.of(e("Tariffs", "imports", DECREASE), e("tariffs", "imports", DECREASE),
                        e("tariffs", "exports", null), e(" ", "imports", DECREASE)),
                List.of(e("tariffs", "imports", DECREASE), e("tariffs", "exports", DECREASE)));
        // predicted set: tariffs -> imports, tariffs -> exports (no direction), " " -> imports: 3; one matches
        counts(s, 1, 3, 2);
    }

    @Test
    void microAveragingSumsTheCountsOverPassages() {
        List<List<Edge>> predicted = List.of(
                List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", INCREASE)),
                List.of(e("x", "y", INCREASE)),
                List.of());
        List<List<Edge>> gold = List.of(
                List.of(e("rain", "flooding", INCREASE), e("dams", "flooding", DECREASE)),
                List.of(),
                List.of(e("heat", "stress", INCREASE)));
        // passage 1: TP 1 of 2 predicted, 2 gold; passage 2: 0/1/0; passage 3: 0/0/1 -> TP 1, predicted 3, gold 3
        // P = 1/3, R = 1/3, F1 = 2*1 / (3 + 3) = 1/3
        TripleMatchScore total = rouge.micro(predicted, gold);
        counts(total, 1, 3, 3);
        assertThat(total.precision()).isCloseTo(1.0 / 3.0, within(EPS));
        assertThat(total.recall()).isCloseTo(1.0 / 3.0, within(EPS));
        assertThat(total.f1()).isCloseTo(1.0 / 3.0, within(EPS));
        assertThat(TripleMatchScore.micro(List.of(new TripleMatchScore(1, 2, 2), new TripleMatchScore(0, 1, 0))))
                .isEqualTo(new TripleMatchScore(1, 3, 2));
    }
}
