package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reproduces the per-article rows the EmpiriGraph-Psy authors released (YicunL/EmpiriGraph-Psy @ 586e1b0,
 * {@code data/output/graph_eval/*.csv} and {@code intercoder/*.csv}) from their gold annotation and pipeline outputs,
 * every article proven optimal.
 *
 * <p>Integer columns must be equal. Real columns: the top-level {@code graph_eval} files were written with 16
 * significant digits whose last digit is not always Python's repr of the same computation (e.g. 0.9090909090909092
 * where Python prints 2·1·(5/6)/(1+5/6) = 0.9090909090909091), so they are compared to 1e-15; the per-model files
 * under {@code pipeline_*}/graph_eval carry full repr digits and are compared bit for bit.
 *
 * <p>Two documented differences, both asserted below: the higher-level view's per-type split on article 100 (the
 * reference iterates a Python set there, so which of two optimal mappings it reports depends on the process's hash
 * seed), and the intercoder row A vs gold, article 100, where the reference timed out under all five orders at a
 * mapping with 9 matched edges while the optimum is 12.
 */
class ReleasedEvaluationTest {

    private static final double DIGITS_16 = 1e-15;
    private static Map<Integer, TypedGraph> gold;
    private final StructuralAligner aligner = new StructuralAligner();

    @BeforeAll
    static void loadGold() {
        gold = EmpiriGraphSample.gold();
    }

    static Stream<Arguments> typedFiles() {
        List<Arguments> cases = new ArrayList<>();
        for (String model : EmpiriGraphSample.MODELS) {
            cases.add(Arguments.of(model, "graph_eval/graph_eval_" + model + "_A_typed_detail.csv", DIGITS_16));
        }
        cases.add(Arguments.of("deepseek_v4pro_210",
                "graph_eval/pipeline_deepseek_v4pro_210__graph_eval_deepseek_v4pro_210_A_typed_detail.csv", 0.0));
        cases.add(Arguments.of("deepseek_v4pro_low_210",
                "graph_eval/pipeline_deepseek_v4pro_low_210__graph_eval_deepseek_v4pro_low_210_A_typed_detail.csv", 0.0));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} typed: {1}")
    @MethodSource("typedFiles")
    void typedRowsAreReproducedAndProvenOptimal(String model, String expectedFile, double tolerance) {
        Map<Integer, TypedGraph> predicted = EmpiriGraphSample.pipeline(model);
        Map<Integer, Map<String, String>> expected = EmpiriGraphSample.expected(expectedFile);
        List<ArticleEvaluation.ArticleResult> rows =
                ArticleEvaluation.evaluate(gold, predicted, EvaluationView.TYPED, aligner);

        assertThat(rows).hasSizeGreaterThanOrEqualTo(8);
        int compared = 0;
        for (ArticleEvaluation.ArticleResult row : rows) {
            Map<String, String> want = expected.get(row.articleId());
            if (want == null) {
                continue; // a model's 165-article run does not cover every sample article
            }
            RowCheck check = new RowCheck(model + " article " + row.articleId(), want, "", tolerance);
            check.edges(row.result());
            check.perType(row.result(), EdgeType.EMPIRIGRAPH);
            check.assertNoDifference();
            assertThat(row.result().provenOptimal()).as("article %d proven", row.articleId()).isTrue();
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(8);
    }

    @Test
    void threeConditionsOfTheBestModel() {
        Map<Integer, TypedGraph> predicted = EmpiriGraphSample.pipeline("gpt54_gpt52_210");
        Map<Integer, Map<String, String>> expected =
                EmpiriGraphSample.expected("graph_eval/graph_eval_gpt54_gpt52_210_3conditions_detail.csv");
        int compared = 0;
        for (EvaluationView view : List.of(EvaluationView.TYPED, EvaluationView.HIGHER_LEVEL,
                EvaluationView.TYPE_AGNOSTIC)) {
            for (ArticleEvaluation.ArticleResult row : ArticleEvaluation.evaluate(gold, predicted, view, aligner)) {
                Map<String, String> want = expected.get(row.articleId());
                AlignmentResult r = row.result();
                RowCheck check = new RowCheck(view + " article " + row.articleId(), want, "_" + view.condition(),
                        DIGITS_16);
                check.real("edge_p", r.precision());
                check.real("edge_r", r.recall());
                check.real("edge_f1", r.f1());
                if (view == EvaluationView.HIGHER_LEVEL && row.articleId() == 100) {
                    // Two optimal mappings (9 matched) split differently; the released one came from a hash-seeded
                    // set order. Counts per type and the total agree; the split is ours vs theirs:
                    assertThat(r.matched()).isEqualTo(9);
                    assertThat(List.of(r.typeScore(EdgeType.DIRECTIONAL).matched(),
                            r.typeScore(EdgeType.CORRELATIONAL).matched(), r.typeScore(EdgeType.MODERATION).matched()))
                            .containsExactly(3, 0, 6);
                    assertThat(List.of(want.get("directional_matched_B_higher_typed"),
                            want.get("correlational_matched_B_higher_typed"),
                            want.get("moderation_matched_B_higher_typed"))).containsExactly("2", "1", "6");
                    for (EdgeType t : EdgeType.EMPIRIGRAPH) {
                        check.integer(t.label() + "_gt", r.typeScore(t).gold());
                        check.integer(t.label() + "_pred", r.typeScore(t).predicted());
                    }
                } else if (view != EvaluationView.TYPE_AGNOSTIC) {
                    check.perType(r, EdgeType.EMPIRIGRAPH);
                }
                check.assertNoDifference();
                assertThat(r.provenOptimal()).isTrue();
                compared++;
            }
        }
        assertThat(compared).isEqualTo(30);
    }

    @Test
    void intercoderRows() {
        Map<Integer, TypedGraph> coderA = EmpiriGraphSample.coder("A");
        Map<Integer, TypedGraph> coderB = EmpiriGraphSample.coder("B");
        record Pair(String name, Map<Integer, TypedGraph> gold, Map<Integer, TypedGraph> predicted) {
        }
        // "C" is the curated gold; the released files name the gold side first.
        List<Pair> pairs = List.of(new Pair("A_vs_B", coderA, coderB), new Pair("A_vs_C", gold, coderA),
                new Pair("B_vs_C", gold, coderB));
        int compared = 0;
        for (Pair pair : pairs) {
            Map<Integer, Map<String, String>> expected =
                    EmpiriGraphSample.expected("intercoder/graph_eval_coder_" + pair.name() + "_detail.csv");
            for (ArticleEvaluation.ArticleResult row :
                    ArticleEvaluation.evaluate(pair.gold(), pair.predicted(), EvaluationView.TYPED, aligner)) {
                Map<String, String> want = expected.get(row.articleId());
                if (want == null) {
                    continue; // the reference compares only articles all three coders annotated (A, B and gold)
                }
                AlignmentResult r = row.result();
                assertThat(r.provenOptimal()).isTrue();
                if (pair.name().equals("A_vs_C") && row.articleId() == 100) {
                    // Released: 9 matched, timed_out under every order (150 s each). Proven optimum: 12.
                    assertThat(want.get("edge_matched")).isEqualTo("9");
                    assertThat(want.get("any_timeout")).isEqualTo("True");
                    assertThat(r.matched()).isEqualTo(12);
                    TypedGraph g = Preprocessing.apply(pair.gold().get(100));
                    TypedGraph p = Preprocessing.apply(pair.predicted().get(100));
                    assertThat(EmpiriGraphSample.countMatched(g, p, r.mapping())).isEqualTo(12);
                    RowCheck sizes = new RowCheck("A_vs_C 100", want, "", DIGITS_16);
                    sizes.integer("gt_n_edges", r.goldEdges());
                    sizes.integer("pred_n_edges", r.predictedEdges());
                    sizes.assertNoDifference();
                } else {
                    // The released row reports the mapping of the order named in its strategy column.
                    AlignmentResult sameOrder = new StructuralAligner(AlignmentOptions.DEFAULT.withOrders(
                            List.of(NodeOrder.parse(want.get("strategy"))))).align(
                            EvaluationView.TYPED.apply(Preprocessing.apply(pair.gold().get(row.articleId()))),
                            EvaluationView.TYPED.apply(Preprocessing.apply(pair.predicted().get(row.articleId()))));
                    RowCheck check = new RowCheck(pair.name() + " " + row.articleId(), want, "", DIGITS_16);
                    check.edges(sameOrder);
                    check.perType(sameOrder, EdgeType.EMPIRIGRAPH);
                    check.assertNoDifference();
                    assertThat(r.matched()).isEqualTo(sameOrder.matched());
                }
                compared++;
            }
        }
        assertThat(compared).isEqualTo(6);
    }

    @Test
    void everyReportedMappingScoresWhatItClaims() {
        for (String model : EmpiriGraphSample.MODELS) {
            Map<Integer, TypedGraph> predicted = EmpiriGraphSample.pipeline(model);
            for (int id : predicted.keySet()) {
                TypedGraph g = Preprocessing.apply(gold.get(id));
                TypedGraph p = Preprocessing.apply(predicted.get(id));
                AlignmentResult r = aligner.align(g, p);
                assertThat(EmpiriGraphSample.countMatched(g, p, r.mapping())).as("%s %d", model, id)
                        .isEqualTo(r.matched());
                assertThat(r.perType().values().stream().mapToInt(TypeScore::matched).sum()).isEqualTo(r.matched());
                assertThat(r.mapping().values()).doesNotHaveDuplicates();
            }
        }
    }

    /** Collects the differences between a released row and a result. */
    private static final class RowCheck {
        private final String what;
        private final Map<String, String> row;
        private final String suffix;
        private final double tolerance;
        private final List<String> differences = new ArrayList<>();

        RowCheck(String what, Map<String, String> row, String suffix, double tolerance) {
            this.what = what;
            this.row = row;
            this.suffix = suffix;
            this.tolerance = tolerance;
        }

        void edges(AlignmentResult r) {
            integer("edge_matched", r.matched());
            integer("gt_n_edges", r.goldEdges());
            integer("pred_n_edges", r.predictedEdges());
            real("edge_p", r.precision());
            real("edge_r", r.recall());
            real("edge_f1", r.f1());
        }

        void perType(AlignmentResult r, EdgeType[] types) {
            for (EdgeType t : types) {
                TypeScore s = r.typeScore(t);
                integer(t.label() + "_matched", s.matched());
                integer(t.label() + "_gt", s.gold());
                integer(t.label() + "_pred", s.predicted());
                real(t.label() + "_p", s.precision());
                real(t.label() + "_r", s.recall());
                real(t.label() + "_f1", s.f1());
            }
        }

        void integer(String column, int actual) {
            String want = row.get(column.startsWith("edge_") || column.contains("n_edges") ? column : column + suffix);
            if (want == null || Integer.parseInt(want) != actual) {
                differences.add(column + ": released " + want + ", got " + actual);
            }
        }

        void real(String column, double actual) {
            String want = row.get(column + suffix);
            if (want == null || Math.abs(Double.parseDouble(want) - actual) > tolerance) {
                differences.add(column + ": released " + want + ", got " + actual);
            }
        }

        void assertNoDifference() {
            assertThat(differences).as(what).isEmpty();
        }
    }
}
