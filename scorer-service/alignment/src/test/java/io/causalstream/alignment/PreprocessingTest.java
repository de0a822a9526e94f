package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PreprocessingTest {

    private static final Validation V = Validation.VALIDATED;

    private static List<String> edges(TypedGraph g) {
        return g.edges().stream()
                .map(e -> e.source() + " " + e.type().label() + " " + e.target() + " " + e.validation().label())
                .toList();
    }

    @Test
    void correlationsGetOneOrientationBySmallerLabel() {
        TypedGraph g = new TypedGraph().addNode("n1", "zeta").addNode("n2", "alpha");
        g.addEdge("n1", "n2", EdgeType.CORRELATIONAL, V);
        g.addEdge("n2", "n1", EdgeType.CORRELATIONAL, Validation.NULL);
        assertThat(edges(Preprocessing.canonicaliseCorrelations(g))).containsExactly("n2 correlational n1 validated");
    }

    @Test
    void aSingleChildHierarchyIsMergedIntoOneNode() {
        TypedGraph g = new TypedGraph().addNode("h", " stress ").addNode("l", "cortisol").addNode("o", "sleep");
        g.addEdge("h", "l", EdgeType.HIERARCHY, V);
        g.addEdge("l", "o", EdgeType.DIRECTIONAL, V);
        g.addEdge("o", "h", EdgeType.CORRELATIONAL, V);
        TypedGraph merged = Preprocessing.mergeSingleChildHierarchies(g);
        assertThat(merged.nodes()).containsExactly("stress (cortisol)", "o");
        assertThat(merged.label("stress (cortisol)")).isEqualTo("stress (cortisol)");
        assertThat(edges(merged)).containsExactly("stress (cortisol) directional o validated",
                "o correlational stress (cortisol) validated");
    }

    @Test
    void twoChildrenAreNotMergedAndEdgesPropagateUpwards() {
        TypedGraph g = new TypedGraph();
        g.addEdge("H", "L1", EdgeType.HIERARCHY, V);
        g.addEdge("H", "L2", EdgeType.HIERARCHY, V);
        g.addEdge("L1", "Y", EdgeType.DIRECTIONAL, Validation.NULL);
        g.addEdge("X", "L2", EdgeType.MODERATION, V);
        TypedGraph p = Preprocessing.propagateToUpper(Preprocessing.mergeSingleChildHierarchies(g));
        assertThat(edges(p)).contains("H directional Y null", "X moderation H validated");
        assertThat(p.edgeCount()).isEqualTo(6);
    }

    @Test
    void hierarchyLinkedNodesKeepOnlyHierarchyEdges() {
        TypedGraph g = new TypedGraph();
        g.addEdge("H", "L", EdgeType.HIERARCHY, V);
        g.addEdge("L", "H", EdgeType.DIRECTIONAL, V);
        g.addEdge("H", "H", EdgeType.DIRECTIONAL, V); // a self-loop is not "between" two linked nodes
        assertThat(edges(Preprocessing.dropNonHierarchyBetweenHierarchyLinked(g)))
                .containsExactly("H hierarchy L validated", "H directional H validated");
    }

    @Test
    void aDirectionSupersedesACorrelationEitherWay() {
        TypedGraph g = new TypedGraph();
        g.addEdge("a", "b", EdgeType.CORRELATIONAL, V);
        g.addEdge("b", "a", EdgeType.DIRECTIONAL, Validation.HYPOTHESIZED);
        g.addEdge("a", "c", EdgeType.CORRELATIONAL, V);
        assertThat(edges(Preprocessing.dropCorrelationWhenDirectionExists(g)))
                .containsExactly("a correlational c validated", "b directional a hypothesized");
    }

    @Test
    void onePairKeepsItsHighestPriorityEdgeAndHierarchyStays() {
        TypedGraph g = new TypedGraph();
        g.addEdge("a", "b", EdgeType.MODERATION, V);
        g.addEdge("a", "b", EdgeType.CORRELATIONAL, V);
        g.addEdge("a", "b", EdgeType.DIRECTIONAL, Validation.HYPOTHESIZED);
        g.addEdge("a", "b", EdgeType.HIERARCHY, V);
        g.addEdge("b", "a", EdgeType.MODERATION, Validation.NULL);
        assertThat(edges(Preprocessing.collapseByPriority(g))).containsExactly(
                "a hierarchy b validated", "a directional b hypothesized", "b moderation a null");
    }

    @Test
    void fullPipelineOnASmallAnnotation() {
        // H has one child L (merged); the duplicate direction and the reversed correlation collapse, and the
        // correlation listed first in edge order (source X before Y) keeps its validation state
        TypedGraph g = new TypedGraph().addNode("H", "anxiety").addNode("L", "worry").addNode("X", "exam")
                .addNode("Y", "grades");
        g.addEdge("H", "L", EdgeType.HIERARCHY, V);
        g.addEdge("X", "L", EdgeType.DIRECTIONAL, V);
        g.addEdge("X", "L", EdgeType.DIRECTIONAL, V);
        g.addEdge("Y", "X", EdgeType.CORRELATIONAL, Validation.NULL);
        g.addEdge("X", "Y", EdgeType.CORRELATIONAL, V);
        TypedGraph p = Preprocessing.apply(g);
        assertThat(p.nodes()).containsExactly("anxiety (worry)", "X", "Y");
        assertThat(edges(p)).containsExactly("X directional anxiety (worry) validated",
                "X correlational Y validated");
    }
}
