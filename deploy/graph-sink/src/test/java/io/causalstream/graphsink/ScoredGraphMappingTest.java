package io.causalstream.graphsink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Date;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.api.Test;

/** Scored graphs shaped as Apicurio's AvroData hands them to a sink: enums as strings, unions as optional fields. */
class ScoredGraphMappingTest {

    static final Schema SPAN = SchemaBuilder.struct().name("EvidenceSpan")
            .field("start", Schema.INT32_SCHEMA).field("end", Schema.INT32_SCHEMA).build();
    static final Schema TRIPLE = SchemaBuilder.struct().name("Triple")
            .field("source", Schema.STRING_SCHEMA).field("target", Schema.STRING_SCHEMA)
            .field("direction", Schema.STRING_SCHEMA).field("evidence", SchemaBuilder.array(SPAN).build())
            .field("confidence", Schema.OPTIONAL_FLOAT64_SCHEMA).build();
    static final Schema STAGE = SchemaBuilder.struct().name("StageVerdict").field("stage", Schema.STRING_SCHEMA)
            .field("passed", Schema.BOOLEAN_SCHEMA).field("reason", Schema.STRING_SCHEMA).build();
    static final Schema EDGE = SchemaBuilder.struct().name("ScoredEdge").field("triple", TRIPLE)
            .field("strength", Schema.OPTIONAL_FLOAT64_SCHEMA).field("validation", Schema.STRING_SCHEMA)
            .field("stages", SchemaBuilder.array(STAGE).build()).build();
    static final Schema ANNOTATOR = SchemaBuilder.struct().name("Annotator").field("id", Schema.STRING_SCHEMA)
            .field("kind", Schema.STRING_SCHEMA).field("model", Schema.OPTIONAL_STRING_SCHEMA)
            .field("promptFormat", Schema.OPTIONAL_STRING_SCHEMA).build();
    static final Schema SCORE = SchemaBuilder.struct().name("MeasureScore").field("measure", Schema.STRING_SCHEMA)
            .field("f1", Schema.FLOAT64_SCHEMA).build();
    static final Schema SCORED = SchemaBuilder.struct().name("ScoredGraph")
            .field("passageId", Schema.STRING_SCHEMA).field("annotationId", Schema.STRING_SCHEMA)
            .field("annotator", ANNOTATOR).field("goldAnnotationId", Schema.OPTIONAL_STRING_SCHEMA)
            .field("edges", SchemaBuilder.array(EDGE).build()).field("scores", SchemaBuilder.array(SCORE).build())
            .field("scoredAt", Timestamp.SCHEMA).build();

    static Struct edge(String source, String target, String direction, Double strength, String state) {
        Struct triple = new Struct(TRIPLE).put("source", source).put("target", target).put("direction", direction)
                .put("evidence", List.of(new Struct(SPAN).put("start", 3).put("end", 17)))
                .put("confidence", 0.8);
        return new Struct(EDGE).put("triple", triple).put("strength", strength).put("validation", state)
                .put("stages", List.of(new Struct(STAGE).put("stage", "cesar").put("passed", false)
                        .put("reason", "weak")));
    }

    static Struct scored(String passage, String annotation, String gold, List<Struct> edges) {
        return new Struct(SCORED).put("passageId", passage).put("annotationId", annotation)
                .put("annotator", new Struct(ANNOTATOR).put("id", "gpt-x").put("kind", "MODEL"))
                .put("goldAnnotationId", gold).put("edges", edges)
                .put("scores", List.of(new Struct(SCORE).put("measure", "soft-bleu@0.5").put("f1", 0.75)))
                .put("scoredAt", new Date(1_700_000_000_000L));
    }

    private final ScoredGraphMapping mapping = new ScoredGraphMapping();

    @Test
    @SuppressWarnings("unchecked")
    void anUpsertReplacesTheAnnotationsEdgesWithConceptsKeyedByNormalisedName() {
        GraphWrite w = mapping.upsert("p1", scored("p1", "a1", null, List.of(
                edge("Interest  Rates", "inflation", "DECREASE", 0.4, "VALIDATED"),
                edge("inflation", "wages", "INCREASE", null, "UNCHECKED"))));

        assertThat(w.edges()).isEqualTo(2);
        assertThat(w.statements()).extracting(GraphStatement::cypher).containsExactly(
                ScoredGraphMapping.UPSERT_ANNOTATION, ScoredGraphMapping.DELETE_ANNOTATION_EDGES,
                ScoredGraphMapping.CREATE_EDGES);
        Map<String, Object> annotation = (Map<String, Object>) w.statements().get(0).parameters().get("properties");
        assertThat(annotation).containsEntry("uid", "p1/a1").containsEntry("id", "a1").containsEntry("passage", "p1")
                .containsEntry("annotator", "gpt-x").containsEntry("kind", "MODEL").containsEntry("hasGold", false)
                .containsEntry("edges", 2L).containsEntry("f1_soft_bleu_0_5", 0.75)
                .containsEntry("measures", List.of("soft-bleu@0.5")).doesNotContainKey("goldAnnotationId")
                .doesNotContainValue(null);
        List<Map<String, Object>> edges = (List<Map<String, Object>>) w.statements().get(2).parameters().get("edges");
        assertThat(edges.get(0)).containsEntry("sourceKey", "interest rates").containsEntry("source", "Interest  Rates")
                .containsEntry("targetKey", "inflation");
        Map<String, Object> first = (Map<String, Object>) edges.get(0).get("properties");
        assertThat(first).containsEntry("annotation", "a1").containsEntry("passage", "p1").containsEntry("sign", -1L)
                .containsEntry("strength", 0.4).containsEntry("state", "VALIDATED").containsEntry("index", 0L)
                .containsEntry("evidenceStart", List.of(3L)).containsEntry("evidenceEnd", List.of(17L))
                .containsEntry("failedStages", List.of("cesar"));
        // a missing strength is left out, not written as null (Neo4j refuses null properties)
        assertThat((Map<String, Object>) edges.get(1).get("properties")).doesNotContainKey("strength")
                .containsEntry("sign", 1L).containsEntry("index", 1L);
    }

    /** Annotation ids are unique within a passage only: "Human1" annotates every passage it rated. */
    @Test
    void theSameAnnotationIdOnTwoPassagesIsTwoAnnotationsWhoseEdgesAreReplacedApart() {
        GraphWrite p1 = mapping.upsert("p1", scored("p1", "Human1", null, List.of()));
        GraphWrite p2 = mapping.upsert("p2", scored("p2", "Human1", null, List.of()));

        assertThat(p1.statements().get(0).parameters().get("uid"))
                .isNotEqualTo(p2.statements().get(0).parameters().get("uid"));
        assertThat(p2.statements().get(1).parameters()).containsEntry("passage", "p2")
                .containsEntry("annotation", "Human1");
        assertThat(ScoredGraphMapping.DELETE_ANNOTATION_EDGES).contains("passage: $passage");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aGoldMarksTheAnnotationAndItsEdges() {
        GraphWrite w = mapping.upsert("p1", scored("p1", "a1", "gold-7", List.of(edge("a", "b", "INCREASE", 1.0,
                "VALIDATED"))));
        assertThat((Map<String, Object>) w.statements().get(0).parameters().get("properties"))
                .containsEntry("hasGold", true).containsEntry("goldAnnotationId", "gold-7");
        var edges = (List<Map<String, Object>>) w.statements().get(2).parameters().get("edges");
        assertThat((Map<String, Object>) edges.get(0).get("properties")).containsEntry("hasGold", true);
    }

    @Test
    void aTombstoneDeletesThePassageNamedByTheKey() {
        GraphWrite w = mapping.delete("p9");
        assertThat(w.statements()).extracting(GraphStatement::cypher).containsExactly(
                ScoredGraphMapping.DELETE_PASSAGE_EDGES, ScoredGraphMapping.DELETE_PASSAGE);
        assertThat(w.statements()).allSatisfy(s -> assertThat(s.parameters()).containsEntry("passage", "p9"));
    }

    @Test
    void schemalessJsonMapsTheSameWay() {
        Map<String, Object> value = Map.of("passageId", "p2", "annotationId", "a2",
                "annotator", Map.of("id", "rules", "kind", "RULES"),
                "edges", List.of(Map.of("triple", Map.of("source", "x", "target", "y", "direction", "INCREASE"),
                        "validation", "HYPOTHESIZED")),
                "scoredAt", 1_700_000_000_000L);
        assertThat(mapping.upsert("p2", value).edges()).isEqualTo(1);
    }

    @Test
    void unmappableRecordsSayWhy() {
        assertThatThrownBy(() -> mapping.upsert("p1", scored("p1", " ", null, List.of())))
                .isInstanceOf(UnmappableRecordException.class).hasMessageContaining("annotationId");
        assertThatThrownBy(() -> mapping.upsert("other", scored("p1", "a1", null, List.of())))
                .isInstanceOf(UnmappableRecordException.class).hasMessageContaining("keyed by passage");
        assertThatThrownBy(() -> mapping.upsert("p1", scored("p1", "a1", null, List.of(edge("a", "b", "SIDEWAYS",
                null, "VALIDATED"))))).isInstanceOf(UnmappableRecordException.class).hasMessageContaining("SIDEWAYS");
        assertThatThrownBy(() -> mapping.upsert("p1", scored("p1", "a1", null, List.of(edge("  ", "b", "INCREASE",
                null, "VALIDATED"))))).isInstanceOf(UnmappableRecordException.class).hasMessageContaining("source");
        assertThatThrownBy(() -> mapping.upsert("p1", "just text")).isInstanceOf(UnmappableRecordException.class)
                .hasMessageContaining("must be a record");
        assertThatThrownBy(() -> mapping.delete(null)).isInstanceOf(UnmappableRecordException.class);
    }

    @Test
    void measureNamesBecomePlainPropertyNames() {
        assertThat(ScoredGraphMapping.propertyName("soft-bleu@0.5")).isEqualTo("soft_bleu_0_5");
        assertThat(ScoredGraphMapping.propertyName("METEOR-E")).isEqualTo("meteor_e");
        assertThat(ConceptKey.of("  Mr.   Holmes ")).isEqualTo("mr. holmes");
    }
}
