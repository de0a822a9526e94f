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
