package io.causalstream.graphsink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CausalMapMappingTest {

    private final CausalMapMapping mapping = new CausalMapMapping();

    static Map<String, Object> map(List<Map<String, Object>> concepts, List<Map<String, Object>> edges,
                                   List<Map<String, Object>> merges) {
        return Map.of("mapId", "all", "concepts", concepts, "edges", edges, "merges", merges,
                "updatedAt", 1_700_000_000_000L, "contributions", 4);
    }

    static Map<String, Object> concept(String id, String label, List<String> aliases) {
        return Map.of("id", id, "label", label, "aliases", aliases);
    }

    static Map<String, Object> edge(String s, String t, double w, int contradicting) {
        return Map.of("source", s, "target", t, "weight", w, "passages", 3, "annotators", 2, "positive", 2,
                "negative", 1, "contradicting", contradicting, "provenanceCount", 3,
                "provenance", List.of(Map.of("passageId", "p1"), Map.of("passageId", "p2"), Map.of("passageId", "p1")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theMergeLogBecomesAliasesAndConceptsNoLongerHeldAreRemoved() {
        GraphWrite w = mapping.upsert("all", map(
                List.of(concept("holmes", "Sherlock Holmes", List.of("sherlock")), concept("crime", "crime", List.of())),
                List.of(edge("holmes", "crime", -0.6, 1)),
                List.of(Map.of("key", "mr. holmes", "into", "holmes", "similarity", 0.91, "method", "embedding"))));

        assertThat(w.edges()).isEqualTo(1);
        assertThat(w.statements().get(2).cypher()).isEqualTo(CausalMapMapping.DELETE_GONE_CONCEPTS);
        assertThat(w.statements().get(2).parameters()).containsEntry("ids", List.of("holmes", "crime"));
        var concepts = (List<Map<String, Object>>) w.statements().get(3).parameters().get("concepts");
        assertThat(concepts.get(0)).containsEntry("uid", "all/holmes").containsEntry("label", "Sherlock Holmes")
                .containsEntry("aliases", List.of("sherlock", "mr. holmes"))
                .containsEntry("mergedKeys", List.of("mr. holmes"));
        var edges = (List<Map<String, Object>>) w.statements().get(4).parameters().get("edges");
        assertThat(edges.get(0)).containsEntry("source", "all/holmes").containsEntry("target", "all/crime");
        assertThat((Map<String, Object>) edges.get(0).get("properties")).containsEntry("weight", -0.6)
                .containsEntry("support", 3L).containsEntry("contradictions", 1L)
                .containsEntry("passages", List.of("p1", "p2"));
    }

    @Test
    void anEdgeToAConceptTheMapLacksCannotBeMapped() {
        assertThatThrownBy(() -> mapping.upsert("all", map(List.of(concept("a", "a", List.of())),
                List.of(edge("a", "ghost", 0.5, 0)), List.of())))
                .isInstanceOf(UnmappableRecordException.class).hasMessageContaining("ghost");
    }

    @Test
    void aTombstoneDeletesTheMap() {
        assertThat(mapping.delete("all").statements()).singleElement()
                .satisfies(s -> assertThat(s.parameters()).containsEntry("map", "all"));
    }

    @Test
    void recordsAreRoutedByTopic() {
        GraphRecordMapper mapper = new GraphRecordMapper("scored-graphs", "causal-maps");
        assertThat(mapper.map("causal-maps", "all", null).description()).isEqualTo("map all deleted");
        assertThat(mapper.map("scored-graphs", "p1", null).description()).isEqualTo("passage p1 deleted");
        assertThatThrownBy(() -> mapper.map("passages", "p1", null)).isInstanceOf(UnmappableRecordException.class);
    }

    @Test
    void aSchemaRuleAnotherTaskJustCreatedIsNotAnError() {
        assertThat(GraphSchema.alreadyThere("Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists")).isTrue();
        assertThat(GraphSchema.alreadyThere("Neo.ClientError.Schema.IndexAlreadyExists")).isTrue();
        assertThat(GraphSchema.alreadyThere("Neo.ClientError.Schema.ConstraintValidationFailed")).isFalse();
        assertThat(GraphSchema.alreadyThere("Neo.ClientError.Statement.SyntaxError")).isFalse();
        // a rule another task dropped a moment ago is not an error either
        assertThat(GraphSchema.alreadyThere("Neo.ClientError.Schema.ConstraintNotFound")).isTrue();
        assertThat(GraphSchema.STATEMENTS).allSatisfy(s -> assertThat(s).containsAnyOf("IF NOT EXISTS", "IF EXISTS"));
    }

    @Test
    void backoffDoublesUpToItsCapAndStartsOverAfterASuccess() {
        Backoff b = new Backoff(500, 3000);
        assertThat(List.of(b.next(), b.next(), b.next(), b.next(), b.next())).containsExactly(500L, 1000L, 2000L,
                3000L, 3000L);
        b.reset();
        assertThat(b.next()).isEqualTo(500L);
    }
}
