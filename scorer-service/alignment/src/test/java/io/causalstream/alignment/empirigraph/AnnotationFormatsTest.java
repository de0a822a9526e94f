package io.causalstream.alignment.empirigraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.alignment.EdgeType;
import io.causalstream.alignment.TypedEdge;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.Validation;
import io.causalstream.text.files.Csv;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnnotationFormatsTest {

    private static List<String> edges(TypedGraph g) {
        return g.edges().stream().map(AnnotationFormatsTest::show).toList();
    }

    private static String show(TypedEdge e) {
        return e.source() + " " + e.type().label() + " " + e.target() + " [" + e.validation().label() + "]";
    }

    @Test
    void smartSplitKeepsParenthesesTogether() {
        assertThat(AnnotationText.smartSplit("a; b (x; y); c", ";", false)).containsExactly("a", "b (x; y)", "c");
        assertThat(AnnotationText.smartSplit("a;; b", ";", false)).containsExactly("a", "", "b");
        assertThat(AnnotationText.smartSplit("a;; b", ";", true)).containsExactly("a", "b");
        // an unbalanced "(" swallows the rest, as in the reference
        assertThat(AnnotationText.smartSplit("x (B; y; z", ";", false)).containsExactly("x (B; y; z");
        assertThat(AnnotationText.smartSplit("", ";", false)).containsExactly("");
    }

    @Test
    void bracketNotesAndValidationTags() {
        assertThat(AnnotationText.stripBracketSuffix(" exam stress [CASE 2] ")).isEqualTo("exam stress");
        assertThat(AnnotationText.stripBracketSuffix("exam [validated]")).isEqualTo("exam [validated]");
        assertThat(AnnotationText.stripBracketSuffix("a [x] b")).isEqualTo("a [x] b");
        AnnotationText.Tagged t = AnnotationText.untag("a -> b [null]", Validation.HYPOTHESIZED);
        assertThat(t.text()).isEqualTo("a -> b");
        assertThat(t.validation()).isEqualTo(Validation.NULL);
        assertThat(AnnotationText.untag("a -> b", Validation.HYPOTHESIZED).validation())
                .isEqualTo(Validation.HYPOTHESIZED);
        assertThat(AnnotationText.untag("a -> b [Validated]", Validation.HYPOTHESIZED).validation())
                .as("tags are lower case").isEqualTo(Validation.HYPOTHESIZED);
    }

    @Test
    void csvFollowsPandasForQuotesBlankLinesAndMissingValues() {
        Csv.Table table = Csv.table("\uFEFFid,text,other\r\n1,\"a, \"\"quoted\"\"\nline\",NA\n\n2,,None\n3, x ,\n");
        assertThat(table.header()).containsExactly("id", "text", "other");
        assertThat(table.maps()).hasSize(3);
        Map<String, String> first = table.maps().get(0);
        assertThat(first.get("text")).isEqualTo("a, \"quoted\"\nline");
        assertThat(AnnotationText.cell(first, "other")).isEmpty();
        assertThat(AnnotationText.cell(table.maps().get(1), "text")).isEmpty();
        assertThat(AnnotationText.cell(table.maps().get(1), "other")).isEmpty();
        assertThat(AnnotationText.cell(table.maps().get(2), "text")).isEqualTo("x");
        assertThat(AnnotationText.cell(table.maps().get(2), "missing column")).isEmpty();
    }

    @Test
    void pipelineRowBecomesAGraph() {
        Map<String, String> row = Map.of(
                "article_id", "json_7",
                "step2_final_vars", "stress; sleep (hours; quality); mood; unused",
                "step5_1_hierarchy", "stress -> cortisol [CASE 1]; bad item",
                "step5_1_directional", "stress -> sleep (hours; quality) [validated]; sleep (hours; quality) -> mood;"
                        + " a -> b -> c [null]; x <-> y",
                "step5_1_correlational", "mood <-> stress [null]; mood <-> stress [null]",
                "step5_1_moderation", "age moderates (stress, mood) [hypothesized]; nonsense [validated]");
        TypedGraph g = PipelineGraphs.parse(row, row.keySet(), PipelineGraphs.Stage.STEP5_1);
        assertThat(g.nodes()).containsExactly("stress", "sleep (hours; quality)", "mood", "unused", "cortisol", "x <",
                "y", "age");
        assertThat(edges(g)).containsExactly(
                "stress hierarchy cortisol [validated]",
                "stress directional sleep (hours; quality) [validated]",
                "sleep (hours; quality) directional mood [hypothesized]",
                "mood correlational stress [null]",
                "x < directional y [hypothesized]",
                "age moderation stress [hypothesized]",
                "age moderation mood [hypothesized]");
    }

    @Test
    void pipelineStageChoosesColumns() {
        Map<String, String> row = Map.of("step2_hierarchy", "h -> l", "step4_directional", "a -> b",
                "step5_1_directional", "c -> d");
        Set<String> columns = row.keySet();
        assertThat(edges(PipelineGraphs.parse(row, columns, PipelineGraphs.Stage.STEP4)))
                .containsExactly("h hierarchy l [validated]", "a directional b [hypothesized]");
        // no step5_1_hierarchy column: hierarchy falls back to step 2
        assertThat(edges(PipelineGraphs.parse(row, columns, PipelineGraphs.Stage.STEP5_1)))
                .containsExactly("h hierarchy l [validated]", "c directional d [hypothesized]");
    }

    @Test
    void coderRowUsesTheCoderVariant() {
        Map<String, String> row = Map.of(
                "task_id", "100",
                "variables", "a;; b",
                "hierarchy", "h -> l -> m",
                "directional", "a -> b [CASE 2] [validated]",
                "correlational", "",
                "moderation", "Age, Moderate (a, f(x, y)) [null]");
        TypedGraph g = CoderGraphs.parse(row);
        assertThat(edges(g)).containsExactly(
                "a directional b [validated]",
                "h hierarchy l -> m [validated]",
                "Age moderation a [null]",
                "Age moderation f(x, y) [null]");
        assertThat(g.nodes()).containsExactly("a", "b", "h", "l -> m", "Age", "f(x, y)");
    }

    @Test
    void labelStudioTaskBecomesAGraph() throws Exception {
        String json = """
                [{"id": 5, "annotations": [{"result": [
                  {"type": "labels", "id": "v1", "value": {"text": " exam stress ", "labels": ["Variable"]}},
                  {"type": "labels", "id": "v2", "value": {"text": "grades", "labels": ["Variable"]}},
                  {"type": "labels", "id": "v3", "value": {"text": "other", "labels": ["Evidence"]}},
                  {"type": "textarea", "id": "v2", "from_name": "var_name", "value": {"text": ["school grades"]}},
                  {"type": "textarea", "id": "v1", "from_name": "var_name", "value": {"text": ["  "]}},
                  {"type": "relation", "from_id": "v1", "to_id": "v2", "direction": "left",
                   "labels": ["direction__null", "correlation__validated", "mystery"]},
                  {"type": "relation", "from_id": "v1", "to_id": "v3", "labels": ["hierarchy"]}
                ]}]},
                 {"id": 6, "annotations": []}]
                """;
        Map<Integer, TypedGraph> graphs = LabelStudioGold.parse(new ObjectMapper().readTree(json));
        TypedGraph g = graphs.get(5);
        assertThat(g.nodes()).containsExactly("v1", "v2");
        assertThat(g.label("v1")).isEqualTo("exam stress");
        assertThat(g.label("v2")).isEqualTo("school grades");
        assertThat(edges(g)).containsExactly("v1 directional v2 [null]", "v1 correlational v2 [validated]");
        assertThat(graphs.get(6).nodeCount()).isZero();
        assertThat(EdgeType.fromAnnotationLabel("Moderation__hypothesized")).contains(EdgeType.MODERATION);
    }
}
