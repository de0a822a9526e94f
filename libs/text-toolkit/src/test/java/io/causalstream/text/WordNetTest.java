package io.causalstream.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The noun categories that tell the extractor an effect before "from" ({@code EffectFromCause}), and the words that
 * line-break repair joins by.
 */
class WordNetTest {

    @Test
    void statesFeelingsProcessesAndEventsCanBeEffectsEntitiesCannot() {
        assertThat(WordNet.nounCategory("fever")).isEqualTo("noun.state");
        assertThat(WordNet.nounCategory("grief")).isEqualTo("noun.feeling");
        assertThat(WordNet.nounCategory("erosion")).isIn("noun.process", "noun.event", "noun.phenomenon");
        assertThat(WordNet.nounCategory("wine")).isEqualTo("noun.food");
        assertThat(WordNet.nounCategory("letter")).isEqualTo("noun.communication");
        assertThat(WordNet.nounCategory("quickly")).isEmpty();
    }

    @Test
    void wordsAndTheirInflectionsAreWordsFragmentsAreNot() {
        assertThat(WordNet.isWord("conflict")).isTrue();
        assertThat(WordNet.isWord("Farmers")).isTrue();
        assertThat(WordNet.isWord("flict")).isFalse();
    }
}
