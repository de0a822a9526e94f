package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.TestResources;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The figures docs/extractor-model.md and the model card give for the shipped extractor (`deploy/causal-stream evaluate`), from
 * copies of the released test split and Elo files: a change of the head, the encoder path or the decoding that
 * moves them must change them there too. The tolerance (a few edges) leaves room for another CPU's arithmetic in the
 * int8 encoder, not for a different model.
 */
class ShippedModelFiguresTest {

    private static Extractor model;

    @BeforeAll
    static void open() {
        model = ExtractorBackends.create(BackendConfig.read(ExtractorBackends.MODEL, key -> null));
    }

    @AfterAll
    static void close() {
        model.close();
    }

    @Test
    void theTestSplitsMicroSoftF1() {
        List<GoldPassage> test = ReleasedSplit.read(TestResources.path("soft-measures/test_data.csv"));
        List<List<Triple>> predicted = SplitEvaluation.extractAll(model, test);
        MeasureCatalog catalog = MeasureCatalog.builtIn();
        EdgeSetScorer meteor = (EdgeSetScorer) catalog.entry("meteor").factory().apply(0.01);
        EdgeSetScorer rouge = (EdgeSetScorer) catalog.entry("rouge1").factory().apply(0.45);
        // docs/extractor-model.md: test METEOR-E 0.2156 (2.25x rules-v1's 0.096), ROUGE-E 0.1345, 955 triples; a
        // few edges of room for the float order of the kernels of other CPUs (their integers are the same: 7-bit
        // weights, OnnxQuantizer)
        assertThat(SplitEvaluation.score(meteor, test, predicted).microF1()).isCloseTo(0.2156, within(0.008));
        assertThat(SplitEvaluation.score(rouge, test, predicted).microF1()).isCloseTo(0.1345, within(0.008));
        assertThat(predicted.stream().mapToInt(List::size).sum()).isBetween(940, 970);
    }

    @Test
    void theEloPassagesAgainstTheirWinners() throws IOException {
        EloWinnerEvaluation evaluation = new EloWinnerEvaluation(
                SoftMeasuresData.load(TestResources.path("soft-measures")));
        List<List<Triple>> predicted = new ArrayList<>();
        int i = 0;
        for (String text : evaluation.texts()) {
            predicted.add(model.extract(new Passage("elo-" + (i++), text, null, null, null, Map.of(), Instant.EPOCH))
                    .triples());
        }
        EloWinnerEvaluation.Row row = evaluation.extractor("model", predicted,
                MeasureCatalog.builtIn().parse("rouge1:0.45,meteor:0.01,bleu-nltk:0.352"));
        // docs/extractor-model.md: 0.131 / 0.340 / 0.076 over 69 edges
        assertThat(row.cells().stream().mapToDouble(EloWinnerEvaluation.Cell::meanF1).toArray())
                .containsExactly(new double[] {0.131, 0.340, 0.076}, within(0.025));
        assertThat(row.edges()).isBetween(66, 72);
    }

    @Test
    void theHeldOutRealisticPassages() {
        List<HeldOutPassage> held = HeldOutPassages.shipped();
        HeldOutEvaluation.Row row = new HeldOutEvaluation(MeasureCatalog.rouge1Triples()).evaluate("model", model, held);
        // docs/extractor-model.md: 142 triples, precision 0.620, recall 0.638, triple F1 0.629, 2 invented (1 of 9)
        assertThat(row.score().f1()).isCloseTo(0.629, within(0.02));
        assertThat(row.invented()).isBetween(0, 4);
    }
}
