package io.causalstream.validation;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.text.LineBreakHyphens;
import io.causalstream.text.Sentence;
import io.causalstream.text.Sentences;
import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import java.util.List;

/**
 * A passage split into sentences and word tokens (offsets in the passage), with the sentences' contextual token
 * embeddings computed on first use (those needed in one batch; each sentence once) and the grounding of each label
 * and the reader's readings, all kept while the passage is in the validation's cache: every extraction of a
 * passage reuses them. Embedding grounding and the learned reader read the same embeddings. Thread-safe.
 */
final class PassageText {

    private final String text;
    private final List<Sentence> sentences;
    private final List<List<Token>> tokens;
    private final LineBreakHyphens.Repaired repaired;
    private final TokenEncoder encoder;
    private final boolean groundByEmbedding;
    /** Per sentence and token: the connective phrase or causal cue the token is part of, or null. */
    private final List<String[]> phrases;
    /** Per sentence, its encoding alone, or null until needed. Guarded by this. */
    private final TokenEmbeddings[] embeddings;
    private final float[][][] contentVectors;
    /** Grounding results by label; they depend only on this passage and the (fixed) settings. */
    final java.util.concurrent.ConcurrentMap<String, List<Mention>> mentions =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** The reader's readings by sentence and mention spans; they depend only on the passage and the model. */
    final java.util.concurrent.ConcurrentMap<List<Integer>, java.util.Optional<TunedReader.PairReading>> readings =
            new java.util.concurrent.ConcurrentHashMap<>();
    final java.util.concurrent.ConcurrentMap<Integer, Double> claims = new java.util.concurrent.ConcurrentHashMap<>();

    /** A passage grounded by embedding too when {@code encoder} is given. */
    PassageText(String text, TokenEncoder encoder) {
        this(text, encoder, encoder != null);
    }

    /**
     * @param encoder           encodes the sentences (for embedding grounding and the reader), or null
     * @param groundByEmbedding whether grounding may use the embeddings (a long passage is grounded lexically only,
     *                          while the reader still encodes its evidence sentences)
     */
    PassageText(String text, TokenEncoder encoder, boolean groundByEmbedding) {
        // words broken at line ends ("con- flict") read whole, as the extractors read them: labels name them whole
        this.repaired = LineBreakHyphens.repair(text == null ? "" : text);
        this.text = repaired.text();
        this.sentences = Sentences.split(this.text);
        this.tokens = sentences.stream().map(s -> Tokens.of(s.text()).stream()
                .map(t -> new Token(t.lower(), t.stem(), t.stop(), t.start() + s.start(), t.end() + s.start()))
                .toList()).toList();
        this.encoder = encoder;
        this.groundByEmbedding = groundByEmbedding && encoder != null;
        this.phrases = new java.util.ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            phrases.add(NotConcepts.phrases(sentences.get(i).text(), sentences.get(i).start(), tokens.get(i)));
        }
        this.embeddings = new TokenEmbeddings[sentences.size()];
        this.contentVectors = new float[sentences.size()][][];
    }

    /** The connective phrase or causal cue that token {@code index} of {@code sentence} belongs to, or null. */
    String phrase(int sentence, int index) {
        return phrases.get(sentence)[index];
    }

    /** The passage's text as read: its words broken at line ends made whole. */
    String text() {
        return text;
    }

    /** Where an offset of the passage's text as published (an evidence span's) falls in {@link #text()}. */
    int offset(int published) {
        return repaired.repaired(published);
    }

    List<Sentence> sentences() {
        return sentences;
    }

    List<Token> tokens(int sentence) {
        return tokens.get(sentence);
    }

    /** Whether grounding may use embeddings. */
    boolean canEmbed() {
        return groundByEmbedding && !sentences.isEmpty();
    }

    TokenEncoder encoder() {
        return encoder;
    }

    /** The content-token embeddings of one sentence (special tokens dropped, as BERTScore does). */
    float[][] sentenceVectors(int sentence) {
        synchronized (this) {
            if (contentVectors[sentence] == null) {
                encode(java.util.stream.IntStream.range(0, sentences.size()).boxed().toList());
                for (int s = 0; s < sentences.size(); s++) {
                    contentVectors[s] = embeddings[s].contentVectors();
                }
            }
            return contentVectors[sentence];
        }
    }

    /** One sentence's encoding, special tokens included ({@link #encode} it first with the others needed). */
    TokenEmbeddings embeddings(int sentence) {
        synchronized (this) {
            if (embeddings[sentence] == null) {
                encode(List.of(sentence));
            }
            return embeddings[sentence];
        }
    }

    /** Encodes, in one encoder call, those of {@code wanted} not encoded yet. */
    void encode(java.util.Collection<Integer> wanted) {
        synchronized (this) {
            List<Integer> missing = new java.util.ArrayList<>();
            for (int s : new java.util.TreeSet<>(wanted)) {
                if (embeddings[s] == null) {
                    missing.add(s);
                }
            }
            if (missing.isEmpty()) {
                return;
            }
            List<TokenEmbeddings> encoded = encoder.encode(missing.stream().map(s -> sentences.get(s).text())
                    .toList());
            for (int k = 0; k < missing.size(); k++) {
                embeddings[missing.get(k)] = encoded.get(k);
            }
        }
    }
}
