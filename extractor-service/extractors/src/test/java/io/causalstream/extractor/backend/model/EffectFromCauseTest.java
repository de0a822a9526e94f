package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.text.WordNet;
import org.junit.jupiter.api.Test;

/** The noun categories that tell an effect before "from" from an origin; decoding's use is in ModelExtractorTest. */
class EffectFromCauseTest {

    @Test
    void statesFeelingsProcessesAndEventsCanBeEffectsEntitiesCannot() {
        assertThat(WordNet.nounCategory("fever")).isEqualTo("noun.state");
        assertThat(WordNet.nounCategory("grief")).isEqualTo("noun.feeling");
        assertThat(WordNet.nounCategory("erosion")).isIn("noun.process", "noun.event", "noun.phenomenon");
        assertThat(WordNet.nounCategory("wine")).isEqualTo("noun.food");
        assertThat(WordNet.nounCategory("letter")).isEqualTo("noun.communication");
        assertThat(WordNet.nounCategory("quickly")).isEmpty();
    }
}
