package io.causalstream.measures.meteor;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class WordNetSynonymsTest {

    private final WordNetSynonyms wordNet = WordNetSynonyms.shared();

    /**
     * 418 words (a random sample of WordNet's index words and the soft-measures vocabulary, plus inflected forms):
     * the single-word lemma names NLTK 3.8's {@code wordnet.synsets(word)} gives, recorded with Debian's WordNet 3.0.
     */
    @Test
    void agreesWithNltk() {
        List<String> wrong = new ArrayList<>();
        for (String line : TestResources.lines("vectors/nltk-wordnet-synonyms.tsv")) {
            String[] p = line.split("\t", -1);
            Set<String> expected = p[1].isEmpty() ? Set.of() : new TreeSet<>(Arrays.asList(p[1].split(" ")));
            Set<String> got = new TreeSet<>(wordNet.of(p[0]));
            if (!got.equals(expected)) {
                wrong.add(p[0] + ": nltk " + expected + ", got " + got);
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void morphyExceptionsAndRules() {
        assertThat(wordNet.of("geese")).contains("goose");                 // noun.exc
        assertThat(wordNet.of("dying")).contains("die", "death");          // verb.exc and the noun itself
        assertThat(wordNet.of("policies")).contains("policy");             // ies -> y
        assertThat(wordNet.of("always")).contains("forever", "ever");
        assertThat(wordNet.of("States")).doesNotContain("United States");  // multi-word names left out
        assertThat(wordNet.of("qwzx")).isEmpty();
        assertThat(wordNet.of("a".repeat(200))).isEmpty();
    }
}
