package io.causalstream.fcm.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.model.CognitiveMap;
import org.junit.jupiter.api.Test;

/** Degrees, roles and indices of a hand-built map, computed by hand below (Özesmi and Özesmi 2004 definitions). */
class MapIndicesTest {

    // a -> b 0.5, a -> c -1, b -> c 0.25, plus an isolated concept z
    private static final CognitiveMap MAP = CognitiveMap.builder("m").edge("a", "b", 0.5).edge("a", "c", -1)
            .edge("b", "c", 0.25).build();

    @Test
    void degreesAreSumsOfAbsoluteWeightsAndRolesFollowThem() {
        MapIndices x = MapIndices.of(MAP);
        // a: in 0, out |0.5| + |-1| = 1.5 -> transmitter; b: in 0.5, out 0.25 -> ordinary; c: in 1.25 -> receiver
        assertThat(x.centralities()).extracting(ConceptCentrality::concept).containsExactly("a", "c", "b");
        ConceptCentrality a = x.centralities().get(0);
        assertThat(a.outdegree()).isEqualTo(1.5);
        assertThat(a.indegree()).isEqualTo(0.0);
        assertThat(a.role()).isEqualTo(ConceptRole.TRANSMITTER);
        ConceptCentrality c = x.centralities().get(1);
        assertThat(c.indegree()).isEqualTo(1.25);
        assertThat(c.centrality()).isEqualTo(1.25);
        assertThat(c.role()).isEqualTo(ConceptRole.RECEIVER);
        assertThat(x.centralities().get(2).role()).isEqualTo(ConceptRole.ORDINARY);
        assertThat(x.centralities().get(2).centrality()).isEqualTo(0.75);
    }

    @Test
    void indicesAsOzesmiAndOzesmiDefineThem() {
        MapIndices x = MapIndices.of(MAP);
        assertThat(x.concepts()).isEqualTo(3);
        assertThat(x.connections()).isEqualTo(3);
        assertThat(x.density()).isCloseTo(3.0 / 9, within(1e-12));
        assertThat(x.densityNoLoops()).isCloseTo(0.5, within(1e-12));
        assertThat(x.connectionsPerConcept()).isEqualTo(1.0);
        assertThat(x.transmitters()).isEqualTo(1);
        assertThat(x.receivers()).isEqualTo(1);
        assertThat(x.ordinary()).isEqualTo(1);
        assertThat(x.complexity()).isEqualTo(1.0);
        // od = (1.5, 0.25, 0), mean 0.583333; Σ (od - mean)² = 0.840278 + 0.111111 + 0.340278 = 1.291667;
        // h = 12 / (2 * 3 * 4) * 1.291667 = 0.645833
        assertThat(x.hierarchy()).isCloseTo(0.6458333, within(1e-6));
    }

    @Test
    void anIsolatedConceptIsNeitherDriverNorReceiver() {
        CognitiveMap withIsolated = CognitiveMap.builder("m").edge("a", "b", 1).concept("z").build();
        MapIndices x = MapIndices.of(withIsolated);
        assertThat(x.centralities()).filteredOn(c -> c.concept().equals("z"))
                .singleElement().extracting(ConceptCentrality::role).isEqualTo(ConceptRole.ISOLATED);
        assertThat(x.complexity()).isEqualTo(1.0);
    }

    @Test
    void comparisonOfTwoMapsByHand() {
        CognitiveMap a = CognitiveMap.builder("a").edge("a", "b", 0.5).edge("b", "c", -1).build();
        CognitiveMap b = CognitiveMap.builder("b").edge("a", "b", 0.5).edge("b", "c", 1).edge("c", "d", 0.5).build();
        MapComparison cmp = MapComparison.of(a, b);
        // concepts {a,b,c} vs {a,b,c,d}: 3 / 4
        assertThat(cmp.conceptJaccard()).isEqualTo(0.75);
        // edges {ab, bc} vs {ab, bc, cd}: 2 / 3
        assertThat(cmp.edgeJaccard()).isCloseTo(2.0 / 3, within(1e-12));
        // signed: only ab agrees; union of (pair, sign) = 2 + 3 - 1 = 4: 1 / 4
        assertThat(cmp.signedEdgeJaccard()).isEqualTo(0.25);
        // Ruzicka: Σ min = 0.5 (ab) + 0 (bc, opposite) + 0 (cd) ; Σ max = 0.5 + (1 + 1) + 0.5 = 3: 1/6
        assertThat(cmp.weightedJaccard()).isCloseTo(1.0 / 6, within(1e-12));
        // S2-style over common concepts {a,b,c}: cells ab, bc; Σ |a-b| = 0 + 2; D = 2 / (2 * 2) = 0.5
        assertThat(cmp.s2()).isCloseTo(0.5, within(1e-12));
        assertThat(cmp.commonEdges()).isEqualTo(2);

        // concepts match by normalised text: "The A." is a
        CognitiveMap renamed = CognitiveMap.builder("r").edge("The A.", "B", 0.5).edge("b", "c", -1).build();
        assertThat(MapComparison.of(a, renamed).weightedJaccard()).isEqualTo(1.0);

        MapComparison self = MapComparison.of(b, b);
        assertThat(self.conceptJaccard()).isEqualTo(1.0);
        assertThat(self.edgeJaccard()).isEqualTo(1.0);
        assertThat(self.signedEdgeJaccard()).isEqualTo(1.0);
        assertThat(self.weightedJaccard()).isEqualTo(1.0);
        assertThat(self.s2()).isEqualTo(1.0);
    }
}
