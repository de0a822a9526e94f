package io.causalstream.measures.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The library stemmer and where it parts from NLTK (the reason NltkPorterStemmer exists). */
class LucenePorterStemmerTest {

    private final LucenePorterStemmer lucene = new LucenePorterStemmer();
    private final NltkPorterStemmer nltk = new NltkPorterStemmer();

    @Test
    void agreesOnOrdinaryWords() {
        for (String w : new String[] {"flooding", "floods", "measures", "acceptance", "relational", "hopeful"}) {
            assertThat(lucene.stem(w)).as(w).isEqualTo(nltk.stem(w));
        }
    }

    @Test
    void differsWhereNltkExtendsPorter() {
        assertThat(lucene.stem("always")).isEqualTo("alwai");
        assertThat(nltk.stem("always")).isEqualTo("alway");
        assertThat(lucene.stem("aging")).isEqualTo("ag");
        assertThat(nltk.stem("aging")).isEqualTo("age");
        assertThat(lucene.stem("analogy")).isEqualTo("analogi");
        assertThat(nltk.stem("analogy")).isEqualTo("analog");
    }
}
