package io.causalstream.extractor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextUnitsTest {

    @Test
    void sentenceUnitsComeFromTheToolkitsSplitterWithinEachParagraph() {
        // the splitter the rule extractor and the validator use: "Dr." and "e.g." end no sentence
        String text = "Dr. Smith found that drought reduces yields, e.g. of maize. Prices rose.\n\nA new\nparagraph.";
        assertThat(TextUnits.split(text, TextUnits.Unit.SENTENCES)).isEqualTo(List.of(
                "Dr. Smith found that drought reduces yields, e.g. of maize.", "Prices rose.", "A new paragraph."));
    }
}
