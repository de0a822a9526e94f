package io.causalstream.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SentencesTest {

    @Test
    void splitsAtSentenceEndsButNotAtAbbreviationsInitialsOrDecimals() {
        String text = "Smith et al. found a 2.5 percent rise, e.g. in J. Doe's data. Was it causal? "
                + "\"Yes,\" they said.\n\nNew paragraph without a period\nstill the same sentence";

        List<Sentence> sentences = Sentences.split(text);

        assertThat(sentences).extracting(Sentence::text).containsExactly(
                "Smith et al. found a 2.5 percent rise, e.g. in J. Doe's data.",
                "Was it causal?",
                "\"Yes,\" they said.",
                "New paragraph without a period\nstill the same sentence");
        assertThat(sentences.get(1).start()).isEqualTo(text.indexOf("Was"));
        assertThat(sentences.get(1).end()).isEqualTo(text.indexOf("?") + 1);
    }

    /** 20,000 characters without a sentence break: pieces of at most MAX_WORDS words, cut after a comma. */
    @Test
    void aPassageOf20000CharactersWithoutASentenceBreakIsCutIntoBoundedPieces() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 20_000; i++) {
            sb.append(i % 7 == 6 ? "rainfall raises river levels, " : "heavy rain in region ").append(i).append(' ');
        }
        String text = sb.toString().strip();
        assertThat(text.length()).isGreaterThanOrEqualTo(20_000);
        List<String> words = List.of(text.split("\\s+"));

        List<Sentence> pieces = Sentences.split(text);

        assertThat(pieces).allSatisfy(p -> {
            assertThat(p.text().split("\\s+")).hasSizeLessThanOrEqualTo(Sentences.MAX_WORDS);
            assertThat(text.substring(p.start(), p.end())).isEqualTo(p.text());
        });
        // every word once, in order: nothing lost at the cuts, pieces in order and apart
        assertThat(pieces.stream().flatMap(p -> List.of(p.text().split("\\s+")).stream()).toList()).isEqualTo(words);
        for (int i = 1; i < pieces.size(); i++) {
            assertThat(pieces.get(i).start()).isGreaterThan(pieces.get(i - 1).end());
            assertThat(pieces.get(i).index()).isEqualTo(i);
        }
        // a comma every 7th phrase (of 4 or 5 words) falls in each piece's second half: every cut is after one
        assertThat(pieces.subList(0, pieces.size() - 1)).allSatisfy(p -> assertThat(p.text()).endsWith(","));
        assertThat(pieces.size()).isBetween(words.size() / Sentences.MAX_WORDS,
                2 * words.size() / Sentences.MAX_WORDS + 1);
    }

    @Test
    void withoutAClauseMarkAPieceEndsAtTheBoundAndRealSentencesStayWhole() {
        String text = "one two three four five six seven. Eight nine ten eleven twelve.";
        assertThat(Sentences.split(text, 3)).extracting(Sentence::text).containsExactly("one two three",
                "four five six", "seven.", "Eight nine ten", "eleven twelve.");
        assertThat(Sentences.split(text, 4)).extracting(Sentence::text).containsExactly("one two three four",
                "five six seven.", "Eight nine ten eleven", "twelve.");
        // after a clause mark in the piece's second half; one in its first half would leave a short piece
        assertThat(Sentences.split("a b c, d e f", 4)).extracting(Sentence::text).containsExactly("a b c,", "d e f");
        assertThat(Sentences.split("a, b c d e f", 4)).extracting(Sentence::text).containsExactly("a, b c d", "e f");
        assertThat(Sentences.split(text)).extracting(Sentence::text).containsExactly(
                "one two three four five six seven.", "Eight nine ten eleven twelve.");
    }

    @Test
    void emptyAndBlankTextHaveNoSentences() {
        assertThat(Sentences.split("")).isEmpty();
        assertThat(Sentences.split("  \n ")).isEmpty();
    }

    @Test
    void tokensCarryStemsAndOffsets() {
        List<Token> tokens = Tokens.of("Fish stocks collapsed in the long-term.");

        assertThat(tokens).extracting(Token::stem).containsExactly("fish", "stock", "collaps", "in", "the",
                "long-term");
        assertThat(tokens.get(1).start()).isEqualTo(5);
        assertThat(Tokens.content(tokens)).extracting(Token::lower).containsExactly("fish", "stocks", "collapsed",
                "long-term");
    }
}
