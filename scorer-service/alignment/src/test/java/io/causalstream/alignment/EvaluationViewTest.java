package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EvaluationViewTest {

    private static TypedGraph sample() {
        TypedGraph g = new TypedGraph();
        g.addEdge("H", "L1", EdgeType.HIERARCHY, Validation.VALIDATED);
        g.addEdge("H", "L2", EdgeType.HIERARCHY, Validation.VALIDATED);
        g.addEdge("H", "Y", EdgeType.DIRECTIONAL, Validation.NULL);
        g.addEdge("L1", "Y", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("Y", "Z", EdgeType.CORRELATIONAL, Validation.HYPOTHESIZED);
        g.addEdge("Y", "Z", EdgeType.MODERATION, Validation.VALIDATED);
        return g;
    }

    private static List<String> edges(TypedGraph g) {
        return g.edges().stream().map(e -> e.source() + ">" + e.target() + ":" + e.type().label()).toList();
    }

    @Test
    void typedIsTheGraphItself() {
        TypedGraph g = sample();
        assertThat(EvaluationView.TYPED.apply(g)).isSameAs(g);
    }

    @Test
    void higherLevelDropsLowerNodesAndHierarchyEdges() {
        TypedGraph h = EvaluationView.HIGHER_LEVEL.apply(sample());
        assertThat(h.nodes()).containsExactly("H", "Y", "Z");
        assertThat(edges(h)).containsExactly("H>Y:directional", "Y>Z:correlational", "Y>Z:moderation");
    }

    @Test
    void typeAgnosticKeepsOneDirectedRelationPerOrderedPair() {
        TypedGraph a = EvaluationView.TYPE_AGNOSTIC.apply(sample());
        assertThat(edges(a)).containsExactly("H>L1:relation", "H>L2:relation", "H>Y:relation", "L1>Y:relation",
                "Y>Z:relation");
        assertThat(a.nodeCount()).isEqualTo(5);
        TypedGraph both = EvaluationView.HIGHER_LEVEL_AGNOSTIC.apply(sample());
        assertThat(edges(both)).containsExactly("H>Y:relation", "Y>Z:relation");
    }

    @Test
    void validatedOnlyKeepsValidatedEdgesAndAllNodes() {
        TypedGraph v = EvaluationView.VALIDATED_ONLY.apply(sample());
        assertThat(v.nodeCount()).isEqualTo(5);
        assertThat(edges(v)).containsExactly("H>L1:hierarchy", "H>L2:hierarchy", "L1>Y:directional",
                "Y>Z:moderation");
    }

    @Test
    void conditionNamesAreTheReferenceColumnSuffixes() {
        assertThat(EvaluationView.TYPED.condition()).isEqualTo("A_typed");
        assertThat(EvaluationView.HIGHER_LEVEL.condition()).isEqualTo("B_higher_typed");
        assertThat(EvaluationView.TYPE_AGNOSTIC.condition()).isEqualTo("C_agnostic");
    }

    @Test
    void typeAgnosticIgnoresTypesWhenAligning() {
        TypedGraph gold = new TypedGraph().addEdge("a", "b", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        TypedGraph pred = new TypedGraph().addEdge("x", "y", EdgeType.MODERATION, Validation.NULL);
        StructuralAligner aligner = new StructuralAligner();
        assertThat(aligner.evaluate(gold, pred, EvaluationView.TYPED).matched()).isZero();
        assertThat(aligner.evaluate(gold, pred, EvaluationView.TYPE_AGNOSTIC).matched()).isEqualTo(1);
        assertThat(aligner.evaluate(gold, pred, EvaluationView.VALIDATED_ONLY).f1()).isZero(); // pred has no E+
    }
}
