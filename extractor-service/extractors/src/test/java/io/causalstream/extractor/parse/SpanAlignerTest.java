package io.causalstream.extractor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.EvidenceSpan;
import org.junit.jupiter.api.Test;

class SpanAlignerTest {

    private static final String MALI = "Pastoralists in the arid and semi-arid regions of Mali continue to face "
            + "increasing risk due to low levels of rainfall.";

    @Test
    void exactLabelIgnoringCase() {
        SpanAligner a = new SpanAligner(MALI);
        assertThat(a.align("Low levels of rainfall")).contains(new EvidenceSpan(95, 117));
        assertThat(MALI.substring(95, 117)).isEqualTo("low levels of rainfall");
    }

    @Test
    void wholeWordsOnly() {
        // "risk" occurs inside no other word here; "ali" occurs inside "Mali" but is no word of the passage
        assertThat(new SpanAligner(MALI).align("ali")).isEmpty();
    }

    @Test
    void shortenedOrReorderedLabelMapsToTheShortestWindowHoldingItsWords() {
        SpanAligner a = new SpanAligner(MALI);
        // the paper's three-shot answer "low rainfall": window "low levels of rainfall"
        assertThat(a.align("low rainfall")).contains(new EvidenceSpan(95, 117));
        // "pastoralist" and "risk" are 12 words apart: a window may not exceed twice the label, so at most one of
        // the two words fits, below the 60 % needed
        assertThat(a.align("pastoralist risk")).isEmpty();
        assertThat(a.align("region of Mali")).contains(new EvidenceSpan(39, 54));
        assertThat(MALI.substring(39, 54)).isEqualTo("regions of Mali");
    }

    @Test
    void conceptsTheTextDoesNotNameHaveNoSpan() {
        assertThat(new SpanAligner(MALI).align("climate change")).isEmpty();
        assertThat(new SpanAligner(MALI).align("")).isEmpty();
        assertThat(new SpanAligner("").align("rain")).isEmpty();
    }
}
