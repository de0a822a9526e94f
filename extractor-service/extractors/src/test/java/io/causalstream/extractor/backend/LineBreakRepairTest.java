package io.causalstream.extractor.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LineBreakRepairTest {

    private static Passage passage(String text) {
        return new Passage("p1", text, null, null, null, Map.of(), Instant.EPOCH);
    }

    @Test
    void anExtractorReadsTheWordsWholeAndItsEvidencePointsIntoTheTextAsGiven() {
        String text = "The survey covered four districts. Prolonged drought re- duced the live- stock herds.";

        List<Triple> triples = new RuleBasedExtractor().extract(passage(text)).triples();

        assertThat(triples).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Prolonged drought", "livestock herds", Direction.DECREASE));
        var span = triples.getFirst().getEvidence().getFirst();
        assertThat(text.substring(span.getStart(), span.getEnd()))
                .isEqualTo("Prolonged drought re- duced the live- stock herds.");
    }

    @Test
    void aPassageWithoutABreakIsReadAsItIs() {
        Passage given = passage("Prolonged drought reduced the livestock herds.");
        Passage[] read = new Passage[1];

        LineBreakRepair.extract(given, p -> {
            read[0] = p;
            return ExtractionOutcome.of(List.of());
        });

        assertThat(read[0]).isSameAs(given);
    }
}
