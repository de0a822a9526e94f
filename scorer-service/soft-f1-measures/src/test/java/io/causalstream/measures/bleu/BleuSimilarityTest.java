package io.causalstream.measures.bleu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BleuSimilarityTest {

    @Test
    void sacrebleuSentenceBleuOnLowerCasedLabels() {
        BleuSimilarity bleu = BleuSimilarity.sacrebleu();
        assertThat(bleu.similarity("Heavy Rain", "heavy rain")).isEqualTo(1.0);
        // "heavy rain" vs "rain": unigrams 1/2, bigrams exp-smoothed 1/2, effective order 2: 0.5.
        assertThat(bleu.similarity("heavy rain", "rain")).isCloseTo(0.5, within(1e-12));
        // "rain" vs "heavy rain": precision 1, brevity penalty exp(1 - 2/1).
        assertThat(bleu.similarity("rain", "heavy rain")).isCloseTo(Math.exp(-1), within(1e-12));
        assertThat(bleu.similarity("", "rain")).isZero();
    }

    /** The id path of bleu-nltk gives exactly NLTK's sentence_bleu on the lower-cased word lists. */
    @Test
    void nltkConventionEqualsSentenceBleuOnWords() {
        BleuSimilarity similarity = BleuSimilarity.nltk(NltkBleu.Smoothing.METHOD1);
        NltkBleu nltk = new NltkBleu(NltkBleu.Smoothing.METHOD1);
        String[] words = {"rain", "Rain", "flood", "the", "of", "heavy", "crop", "yield", "a"};
        Random random = new Random(3);
        for (int round = 0; round < 5_000; round++) {
            String p = phrase(random, words);
            String g = phrase(random, words);
            List<String> hyp = List.of(p.toLowerCase().split(" "));
            double expected = p.isEmpty() ? 0.0
                    : nltk.sentence(List.of(List.of(g.toLowerCase().split(" "))), hyp);
            assertThat(similarity.similarity(p, g)).as("'%s' vs '%s'", p, g).isEqualTo(expected);
        }
    }

    private static String phrase(Random random, String[] words) {
        StringBuilder b = new StringBuilder();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(words[random.nextInt(words.length)]);
        }
        return b.toString();
    }
}
