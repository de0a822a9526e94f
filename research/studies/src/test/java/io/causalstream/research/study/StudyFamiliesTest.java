package io.causalstream.research.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.RawEdge;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class StudyFamiliesTest {

    @Test
    void weightedScoreContainsEStarAndTheFullCreditVariant() {
        EdgeSetScore s = new EdgeSetScore(2, 1, 1, 2, 0, 0);
        // w = 0, λ = 1 is E*: 2TP / (2TP + 2PP + FP + FN) = 4 / 9
        assertThat(StudyFamilies.weightedScore(s, 0, 1)).isCloseTo(4.0 / 9, within(1e-15));
        // w = 1: a direction error costs nothing: 6 / 9
        assertThat(StudyFamilies.weightedScore(s, 1, 1)).isCloseTo(6.0 / 9, within(1e-15));
        // λ = 0.5 weighs FP 0.5 and FN 1.5: (4 + 1) / (4 + 2 + 0.5 + 3)
        assertThat(StudyFamilies.weightedScore(s, 0.5, 0.5)).isCloseTo(5.0 / 9.5, within(1e-15));
        assertThat(StudyFamilies.weightedScore(new EdgeSetScore(0, 0, 0, 0, 1, 1), 0, 1)).isEqualTo(1.0);
    }

    /** Similarity: 1 when equal, 0.5 when they share the first letter, else 0. */
    private static final NodeSimilarity FIRST_LETTER = new NodeSimilarity() {
        @Override
        public String name() {
            return "first-letter";
        }

        @Override
        public double similarity(String a, String b) {
            return a.equals(b) ? 1.0 : a.charAt(0) == b.charAt(0) ? 0.5 : 0.0;
        }
    };

    @Test
    void softMatchByHand() {
        List<RawEdge> gold = List.of(new RawEdge("rain", "floods", "increase"),
                new RawEdge("dams", "floods", "decrease"));
        // edge 1 matches gold 1 with sources 0.5 (r..), targets 1 -> 0.5; edge 2 reversed direction of gold 2 -> d
        List<RawEdge> predicted = List.of(new RawEdge("rainfall", "floods", "increase"),
                new RawEdge("dams", "floods", "increase"));
        // d = 0: precision (0.5 + 0) / 2 = 0.25, recall (0.5 + 0) / 2 = 0.25 -> 0.25
        assertThat(StudyFamilies.softMatch(FIRST_LETTER, new HashMap<>(), predicted, gold, 0.0))
                .isCloseTo(0.25, within(1e-15));
        // d = 1: precision (0.5 + 1) / 2 = 0.75 = recall -> 0.75
        assertThat(StudyFamilies.softMatch(FIRST_LETTER, new HashMap<>(), predicted, gold, 1.0))
                .isCloseTo(0.75, within(1e-15));
        // a third predicted edge matching nothing lowers precision only: P = 1.5 / 3 = 0.5, R = 0.75 -> 0.6
        List<RawEdge> more = List.of(predicted.get(0), predicted.get(1), new RawEdge("x", "y", "increase"));
        assertThat(StudyFamilies.softMatch(FIRST_LETTER, new HashMap<>(), more, gold, 1.0))
                .isCloseTo(0.6, within(1e-15));
        assertThat(StudyFamilies.softMatch(FIRST_LETTER, new HashMap<>(), List.of(), List.of(), 0)).isEqualTo(1.0);
        assertThat(StudyFamilies.softMatch(FIRST_LETTER, new HashMap<>(), List.of(), gold, 0)).isEqualTo(0.0);
    }

    @Test
    void directionCountByHand() {
        List<RawEdge> gold = List.of(new RawEdge("a", "b", "increase"), new RawEdge("c", "d", "increase"),
                new RawEdge("e", "f", "decrease"));
        // text ignored: 1 increase (of 2) and 1 decrease (of 1) pair up -> 2 * 2 / (3 + 3)
        List<RawEdge> annotation = List.of(new RawEdge("x", "y", "positive"), new RawEdge("z", "w", "negative"),
                new RawEdge("q", "r", "negative"));
        assertThat(StudyFamilies.directionCount(gold, annotation)).isCloseTo(4.0 / 6, within(1e-15));
        // a repeated edge counts once, an edge with an unknown direction word not at all
        List<RawEdge> repeated = List.of(new RawEdge("x", "y", "increase"), new RawEdge("X ", "y", "increase"),
                new RawEdge("u", "v", "sideways"));
        assertThat(StudyFamilies.directionCount(gold, repeated)).isCloseTo(2.0 / 4, within(1e-15));
        assertThat(StudyFamilies.directionCount(List.of(), List.of())).isEqualTo(1.0);
        assertThat(StudyFamilies.directionCount(gold, List.of())).isEqualTo(0.0);
    }
}
