package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.testkit.TestResources;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The public-benchmark figures docs/extractor-model.md gives for the shipped backends ({@code evaluate --benchmark}):
 * a change of a backend or of the span reading that moves them must change them there too. The model's tolerance
 * leaves room for another CPU's int8 arithmetic; the rules are exact.
 */
class BenchmarkFiguresTest {

    private static CausalSpanReader model;
    private static CausalSpanReader rules;

    @BeforeAll
    static void open() {
        model = BackendReaders.open(BackendConfig.read(ExtractorBackends.MODEL, key -> null));
        rules = BackendReaders.open(BackendConfig.read(ExtractorBackends.RULES, key -> null));
    }

    @AfterAll
    static void close() {
        model.close();
        rules.close();
    }

    @Test
    void causalNewsDev() {
        BenchmarkEvaluation.CncDev dev = BenchmarkEvaluation.CncDev.read(TestResources.path("causal-news"));
        BenchmarkEvaluation.CncRow m = BenchmarkEvaluation.cnc("model", model, dev);
        // docs: subtask 1 F1 0.798 (P 0.796, R 0.800), subtask 2 F1 0.559 (its own taggers)
        assertThat(m.subtask1().f1()).isCloseTo(0.798, within(0.02));
        assertThat(m.subtask2().all().overall().f1()).isCloseTo(0.559, within(0.02));
        BenchmarkEvaluation.CncRow r = BenchmarkEvaluation.cnc("rules", rules, dev);
        // docs: subtask 1 F1 0.102 (10 of 185 causal sentences found, 2 wrong), subtask 2 F1 0.006
        assertThat(r.subtask1().tp()).isEqualTo(10);
        assertThat(r.subtask1().fp()).isEqualTo(2);
        assertThat(r.subtask1().f1()).isCloseTo(0.1015, within(5e-5));
        assertThat(r.subtask2().all().overall().f1()).isCloseTo(0.0059, within(5e-5));
    }

    @Test
    void semEvalReportFold() {
        Optional<Path> file = SharedData.find("semeval-2010-task8/TRAIN_FILE.TXT");
        assumeTrue(file.isPresent(), "no shared data");
        List<SemEvalPairs.Pair> fold = SemEvalPairs.read(file.get()).stream()
                .filter(p -> p.fold() == BenchmarkFolds.REPORT_FOLD).toList();
        BenchmarkEvaluation.PairRow m = BenchmarkEvaluation.semeval("model", model, fold);
        // docs: pair F1 0.760, 130 of 194 found, 18 false causal links of 1,458 (1.23 %)
        assertThat(m.f1()).isCloseTo(0.760, within(0.02));
        assertThat(m.falseLinks()).isBetween(11, 21);
        BenchmarkEvaluation.PairRow r = BenchmarkEvaluation.semeval("rules", rules, fold);
        // docs: pair F1 0.534 (74 found, 83 links), 9 false causal links (0.62 %)
        assertThat(r.linkedRight()).isEqualTo(74);
        assertThat(r.links()).isEqualTo(83);
        assertThat(r.falseLinks()).isEqualTo(9);
    }
}
