package io.causalstream.validation;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.text.Sentence;
import io.causalstream.text.Sentences;
import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import java.util.List;

/**
 * A passage split into sentences and word tokens (offsets in the passage), with the sentences' contextual token
 * embeddings computed on first use (one batch). One instance per validation call; not shared between threads.
 */
final class PassageText {

    private final String text;
    private final List<Sentence> sentences;
    private final List<List<Token>> tokens;
    private final TokenEncoder encoder;
    private List<TokenEmbeddings> sentenceEmbeddings;

    PassageText(String text, TokenEncoder encoder) {
        this.text = text == null ? "" : text;
        this.sentences = Sentences.split(this.text);
        this.tokens = sentences.stream().map(s -> Tokens.of(s.text()).stream()
                .map(t -> new Token(t.lower(), t.stem(), t.stop(), t.start() + s.start(), t.end() + s.start()))
                .toList()).toList();
        this.encoder = encoder;
    }

    String text() {
        return text;
    }

    List<Sentence> sentences() {
        return sentences;
    }

    List<Token> tokens(int sentence) {
        return tokens.get(sentence);
    }

    boolean canEmbed() {
        return encoder != null && !sentences.isEmpty();
    }

    TokenEncoder encoder() {
        return encoder;
    }

    TokenEmbeddings sentenceEmbeddings(int sentence) {
        if (sentenceEmbeddings == null) {
            sentenceEmbeddings = encoder.encode(sentences.stream().map(Sentence::text).toList());
        }
        return sentenceEmbeddings.get(sentence);
    }
}
