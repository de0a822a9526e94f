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
 * embeddings computed on first use (one batch) and the grounding of each label, both kept while the passage is in
 * the validation's cache: every extraction of a passage reuses them. Thread-safe.
 */
final class PassageText {

    private final String text;
    private final List<Sentence> sentences;
    private final List<List<Token>> tokens;
    private final TokenEncoder encoder;
    /** Per sentence and token: the connective phrase or causal cue the token is part of, or null. */
    private final List<String[]> phrases;
    private volatile float[][][] sentenceVectors;
    /** Grounding results by label; they depend only on this passage and the (fixed) settings. */
    final java.util.concurrent.ConcurrentMap<String, List<Mention>> mentions =
            new java.util.concurrent.ConcurrentHashMap<>();

    PassageText(String text, TokenEncoder encoder) {
        this.text = text == null ? "" : text;
        this.sentences = Sentences.split(this.text);
        this.tokens = sentences.stream().map(s -> Tokens.of(s.text()).stream()
                .map(t -> new Token(t.lower(), t.stem(), t.stop(), t.start() + s.start(), t.end() + s.start()))
                .toList()).toList();
        this.encoder = encoder;
        this.phrases = new java.util.ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            phrases.add(NotConcepts.phrases(sentences.get(i).text(), sentences.get(i).start(), tokens.get(i)));
        }
    }

    /** The connective phrase or causal cue that token {@code index} of {@code sentence} belongs to, or null. */
    String phrase(int sentence, int index) {
        return phrases.get(sentence)[index];
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

    /** The content-token embeddings of one sentence (special tokens dropped, as BERTScore does). */
    float[][] sentenceVectors(int sentence) {
        float[][][] v = sentenceVectors;
        if (v == null) {
            synchronized (this) {
                v = sentenceVectors;
                if (v == null) {
                    v = encoder.encode(sentences.stream().map(Sentence::text).toList()).stream()
                            .map(TokenEmbeddings::contentVectors).toArray(float[][][]::new);
                    sentenceVectors = v;
                }
            }
        }
        return v[sentence];
    }
}
