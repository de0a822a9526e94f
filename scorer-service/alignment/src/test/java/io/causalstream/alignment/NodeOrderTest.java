package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NodeOrderTest {

    /** Nodes n0..n4 labelled e, d, c, b, a; degrees 1, 3, 1, 1, 0. */
    private static TypedGraph graph() {
        TypedGraph g = new TypedGraph();
        String[] labels = {"e", "d", "c", "b", "a"};
        for (int i = 0; i < labels.length; i++) {
            g.addNode("n" + i, labels[i]);
        }
        g.addEdge("n1", "n0", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("n1", "n2", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        g.addEdge("n3", "n1", EdgeType.DIRECTIONAL, Validation.VALIDATED);
        return g;
    }

    @Test
    void degreeOrdersAreStableOnNodeOrder() {
        assertThat(NodeOrder.DEGREE_DESC.apply(graph())).containsExactly("n1", "n0", "n2", "n3", "n4");
        assertThat(NodeOrder.DEGREE_ASC.apply(graph())).containsExactly("n4", "n0", "n2", "n3", "n1");
    }

    @Test
    void labelOrderSortsByLabel() {
        assertThat(NodeOrder.LABEL.apply(graph())).containsExactly("n4", "n3", "n2", "n1", "n0");
    }

    @Test
    void randomOrderIsThePythonShuffleOfNodeOrder() {
        // random.Random(11).shuffle(list(range(5))) == [2, 0, 1, 4, 3]
        List<Integer> expected = List.of(2, 0, 1, 4, 3);
        assertThat(NodeOrder.random(11).apply(graph())).containsExactlyElementsOf(
                expected.stream().map(i -> "n" + i).toList());
    }

    @Test
    void namesRoundTrip() {
        for (NodeOrder order : NodeOrder.REFERENCE) {
            assertThat(NodeOrder.parse(order.name())).isEqualTo(order);
        }
        assertThat(NodeOrder.REFERENCE).extracting(NodeOrder::name)
                .containsExactly("degree_desc", "degree_asc", "label", "random_11", "random_29");
        assertThatThrownBy(() -> NodeOrder.parse("random_x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NodeOrder.parse("bfs")).hasMessageContaining("unknown node order");
    }
}
