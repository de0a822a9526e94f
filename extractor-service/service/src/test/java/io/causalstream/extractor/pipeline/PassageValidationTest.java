package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PassageValidationTest {

    private static Passage passage(String id, String text) {
        return new Passage(id, text, null, null, null, Map.of(), Instant.EPOCH);
    }

    @Test
    void validPassageHasNoProblem() {
        assertThat(PassageValidation.problem("p1", passage("p1", "Drought reduces yields."))).isEmpty();
    }

    @Test
    void tombstone() {
        assertThat(PassageValidation.problem("p1", null)).contains(
                "record has no value (a tombstone); every passages record must carry a Passage");
    }

    @Test
    void blankId() {
        assertThat(PassageValidation.problem(" ", passage(" ", "text"))).contains("passage id is blank");
    }

    @Test
    void blankText() {
        assertThat(PassageValidation.problem("p1", passage("p1", " \n"))).contains("passage 'p1' has blank text");
    }

    @Test
    void missingKey() {
        assertThat(PassageValidation.problem(null, passage("p1", "text")))
                .contains("record key is missing; it must be the passage id 'p1'");
    }

    @Test
    void keyDifferentFromId() {
        assertThat(PassageValidation.problem("p2", passage("p1", "text")))
                .contains("record key 'p2' does not match passage id 'p1'");
    }

    @Test
    void oversizedText() {
        assertThat(PassageValidation.problem("p1", passage("p1", "x".repeat(21)), 20)).contains(
                "passage 'p1' is oversized: 21 characters, the limit is 20 (passage.max.chars); split it "
                        + "into paragraphs");
        assertThat(PassageValidation.problem("p1", passage("p1", "x".repeat(20)), 20)).isEmpty();
    }

    @Test
    void binaryOrMisDecodedDataIsNoText() {
        assertThat(PassageValidation.problem("p1", passage("p1", "PK\u0003\u0004\u0000\u0000"))).contains(
                "passage 'p1' is not text: it contains NUL characters (binary data)");
        assertThat(PassageValidation.problem("p1", passage("p1", "12345 678.90"))).contains(
                "passage 'p1' is not text: it has no letters");
        // 3 replacement characters in 13: a wrong charset, not prose
        assertThat(PassageValidation.problem("p1", passage("p1", "ab\uFFFDcd\uFFFDef\uFFFDghij"))).contains(
                "passage 'p1' is not text: 3 of 13 characters are control or replacement characters (binary data, "
                        + "or text decoded with the wrong charset)");
        // one stray replacement character in a long sentence is tolerated
        assertThat(PassageValidation.problem("p1", passage("p1", "Drought reduces crop yields in the Sahel\uFFFD "
                + "region every year."))).isEmpty();
    }
}
