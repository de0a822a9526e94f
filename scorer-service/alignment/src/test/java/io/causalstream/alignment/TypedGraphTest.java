package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The networkx MultiDiGraph iteration order the reproduction depends on. */
class TypedGraphTest {

    private static String show(List<TypedEdge> edges) {
        return String.join(" ", edges.stream().map(e -> e.source() + e.target() + ":" + e.type().label().charAt(0))
                .toList());
    }

    @Test
    void edgesAreGroupedBySourceInNodeOrderThenByFirstTargetThenInsertion() {
        TypedGraph g = new TypedGraph();
        g.addNode("a", "A").addNode("b", "B");
        g.addEdge("b", "a", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("a", "c", EdgeType.DIRECTIONAL, Validation.VALIDATED); // c is added here
        g.addEdge("a", "b", EdgeType.MODERATION, Validation.NULL);
        g.addEdge("a", "c", EdgeType.HIERARCHY, Validation.VALIDATED); // parallel to a->c
        assertThat(g.nodes()).containsExactly("a", "b", "c");
        assertThat(show(g.edges())).isEqualTo("ac:d ac:h ab:m ba:d");
        assertThat(show(g.outEdges("a"))).isEqualTo("ac:d ac:h ab:m");
        assertThat(show(g.inEdges("a"))).isEqualTo("ba:d");
        assertThat(g.label("c")).isEqualTo("c");
        assertThat(g.edgeCount()).isEqualTo(4);
    }

    @Test
    void inEdgesFollowTheOrderSourcesFirstLinkedAndCopyRebuildsIt() {
        TypedGraph g = new TypedGraph().addNode("a", "a").addNode("b", "b").addNode("t", "t");
        g.addEdge("b", "t", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("a", "t", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        assertThat(show(g.inEdges("t"))).isEqualTo("bt:d at:d");
        // networkx's copy() re-adds edges in edges() order, so predecessors come out in node order
        assertThat(show(g.copy().inEdges("t"))).isEqualTo("at:d bt:d");
    }

    @Test
    void degreeCountsParallelEdgesAndSelfLoopsTwice() {
        TypedGraph g = new TypedGraph();
        g.addEdge("a", "a", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("a", "b", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("a", "b", EdgeType.CORRELATIONAL, Validation.VALIDATED);
        assertThat(g.degree("a")).isEqualTo(4);
        assertThat(g.degree("b")).isEqualTo(2);
        assertThat(g.degree("unknown")).isZero();
    }

    @Test
    void relabellingKeepsPosition() {
        TypedGraph g = new TypedGraph().addNode("x", "first").addNode("y", "y").addNode("x", "second");
        assertThat(g.nodes()).containsExactly("x", "y");
        assertThat(g.label("x")).isEqualTo("second");
    }
}
