package io.causalstream.research.extraction;

import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.MeasureCatalog;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.testkit.TestResources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EloWinnerEvaluationTest {
    @Test
    void print() throws Exception {
        var eval = new EloWinnerEvaluation(SoftMeasuresData.load(TestResources.path("soft-measures")));
        MeasureCatalog c = MeasureCatalog.builtIn();
        List<EdgeSetMeasure> ms = c.parse("bleu-nltk:0.352");
        System.out.println("gold edges " + eval.gold().stream().mapToInt(List::size).sum());
        for (var r : eval.released(ms)) System.out.println(r);
        try (var x = new RuleBasedExtractor()) {
            var pred = eval.texts().stream().map(t -> x.extract(new Passage("p", t, null, null, null, Map.of(), Instant.EPOCH)).triples()).toList();
            System.out.println(eval.extractor("rules", pred, ms));
        }
    }
}
