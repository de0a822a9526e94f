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
}
