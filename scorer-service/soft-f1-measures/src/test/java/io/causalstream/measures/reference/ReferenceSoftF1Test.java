package io.causalstream.measures.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.RawEdge;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReferenceSoftF1Test {

    private static RawEdge e(String s, String d, String t) {
        return new RawEdge(s, t, d);
    }

    private final ReferenceSoftF1 verbatim = new ReferenceSoftF1(ReferenceSimilarities.verbatim(), 0.5);

    @Test
    void exactCopiesScoreOne() {
        List<RawEdge> g = List.of(e("rain", "Increase", "floods"), e("dams", "Decrease", "floods"));
        assertThat(verbatim.score(g, g)).isEqualTo(new ReferenceScore(2, 0, 0, 1.0));
    }

    @Test
    void directionsAreStrippedButCaseSensitive() {
        List<RawEdge> gold = List.of(e("rain", "Increase", "floods"));
        assertThat(verbatim.score(List.of(e("rain", " Increase ", "floods")), gold).tp()).isEqualTo(1);
        assertThat(verbatim.score(List.of(e("rain", "increase", "floods")), gold))
                .isEqualTo(new ReferenceScore(0, 1, 1, 0.0));
        assertThat(verbatim.score(List.of(e("rain", "positive", "floods")), gold).tp()).isZero();
    }

    @Test
    void nodeStringsAreUntouched() {
        assertThat(verbatim.score(List.of(e("rain ", "Increase", "floods")), List.of(e("rain", "Increase", "floods")))
                .tp()).isZero();
    }

    /**
     * One predicted edge reaching two gold edges: TP counts distinct gold edges (2), FP = |predicted| - TP = -1.
     * P = 2 / (2 - 1) = 2, R = 2 / 2 = 1, F1 = 2 * 2 * 1 / 3 = 4/3: the notebook's arithmetic, kept as is.
     */
    @Test
    void oneEdgeMayMatchSeveralGoldEdges() {
        NodeSimilarity all = table(Map.of("rain|rain", 1.0, "rain|rainfall", 1.0, "floods|floods", 1.0));
        ReferenceSoftF1 soft = new ReferenceSoftF1(all, 0.5);
        ReferenceScore s = soft.score(List.of(e("rain", "+", "floods")),
                List.of(e("rain", "+", "floods"), e("rainfall", "+", "floods")));
        assertThat(s.tp()).isEqualTo(2);
        assertThat(s.fp()).isEqualTo(-1);
        assertThat(s.fn()).isZero();
        assertThat(s.f1()).isEqualTo(2 * (2.0 * 1.0) / (2.0 + 1.0));
    }

    /**
     * "floods" is a predicted source and a predicted target. As a source it reaches gold source "flooding"; as a
     * target it reaches gold target "floods". The merged map keeps the target side, so the edge
     * (floods, +, crops) cannot match gold (flooding, +, crops): its source now maps to target nodes only.
     */
    @Test
    void theTargetMapWinsWhenAStringIsBoth() {
        NodeSimilarity sim = table(Map.of("floods|flooding", 1.0, "floods|floods", 1.0, "rain|rain", 1.0,
                "crops|crops", 1.0));
        ReferenceSoftF1 soft = new ReferenceSoftF1(sim, 0.5);
        List<RawEdge> predicted = List.of(e("rain", "+", "floods"), e("floods", "+", "crops"));
        List<RawEdge> gold = List.of(e("rain", "+", "floods"), e("flooding", "+", "crops"));
        ReferenceScore s = soft.score(predicted, gold);
        assertThat(s.tp()).isEqualTo(1);
        assertThat(s.fp()).isEqualTo(1);
        assertThat(s.fn()).isEqualTo(1);
        assertThat(s.f1()).isEqualTo(0.5);
    }

    @Test
    void sourcesAreComparedWithSourcesOnly() {
        // "floods" as a predicted source never meets gold target "floods".
        ReferenceScore s = verbatim.score(List.of(e("floods", "+", "rain")), List.of(e("rain", "+", "floods")));
        assertThat(s).isEqualTo(new ReferenceScore(0, 1, 1, 0.0));
    }

    @Test
    void emptySides() {
        assertThat(verbatim.score(List.of(), List.of())).isEqualTo(new ReferenceScore(0, 0, 0, 0.0));
        assertThat(verbatim.score(List.of(e("a", "+", "b")), List.of())).isEqualTo(new ReferenceScore(0, 1, 0, 0.0));
    }

    @Test
    void duplicatesCountAsListed() {
        List<RawEdge> twice = List.of(e("rain", "+", "floods"), e("rain", "+", "floods"));
        // TP 1 (one distinct gold edge), FP = 2 - 1, FN = 2 - 1: P = R = 1/2.
        assertThat(verbatim.score(twice, twice)).isEqualTo(new ReferenceScore(1, 1, 1, 0.5));
    }

    private static NodeSimilarity table(Map<String, Double> entries) {
        return new NodeSimilarity() {
            @Override
            public String name() {
                return "table";
            }

            @Override
            public double similarity(String candidate, String reference) {
                return entries.getOrDefault(candidate + "|" + reference, 0.0);
            }
        };
    }
}
