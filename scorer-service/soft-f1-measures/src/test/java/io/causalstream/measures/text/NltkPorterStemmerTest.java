package io.causalstream.measures.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NltkPorterStemmerTest {

    private final NltkPorterStemmer stemmer = new NltkPorterStemmer();

    /** 3,972 words (NLTK's irregular pool, suffix classes where Porter variants differ, a random sample). */
    @Test
    void agreesWithNltk38OnTheRecordedStems() {
        List<String> wrong = new ArrayList<>();
        List<String> lines = TestResources.lines("vectors/nltk-porter-stems.tsv");
        for (String line : lines) {
            String[] p = line.split("\t", -1);
            String got = stemmer.stem(p[0]);
            if (!got.equals(p[1])) {
                wrong.add(p[0] + ": nltk " + p[1] + ", got " + got);
            }
        }
        assertThat(lines).hasSizeGreaterThan(3900);
        assertThat(wrong).isEmpty();
    }

    @Test
    void nltkExtensions() {
        assertThat(stemmer.stem("dying")).isEqualTo("die");        // irregular pool
        assertThat(stemmer.stem("skies")).isEqualTo("sky");
        assertThat(stemmer.stem("ties")).isEqualTo("tie");         // ies on a 4-letter word
        assertThat(stemmer.stem("died")).isEqualTo("die");         // ied on a 4-letter word
        assertThat(stemmer.stem("cried")).isEqualTo("cri");
        assertThat(stemmer.stem("always")).isEqualTo("alway");     // y -> i only after a non-initial consonant
        assertThat(stemmer.stem("analogy")).isEqualTo("analog");   // logi -> log
        assertThat(stemmer.stem("is")).isEqualTo("is");            // two letters: unchanged
        assertThat(stemmer.stem("Flooding")).isEqualTo("flood");   // lower-cased
        assertThat(stemmer.stem("generalizations")).isEqualTo("gener");
    }
}
