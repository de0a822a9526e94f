package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.rules.SentenceChunker;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads passages into {@link SentenceFeatures}: sentences and chunks from OpenNLP ({@link SentenceChunker}), the
 * candidate concepts of each sentence ({@link CandidateSpans}, and with a concept tagger the mentions it marks,
 * {@link CandidateSource}), and one encoder pass over every sentence that can hold two concepts, batched across the
 * passages given. The trainer and the extractor read through this one class, so the features they see are the same.
 * Thread-safe when the encoder is.
 */
public final class ConceptReader {

    private final SentenceChunker chunker = new SentenceChunker();
    private final TokenEncoder encoder;
    /** The concept tagger whose mentions are candidates; null: the chunks alone. */
    private final SpanTagger mentions;
    private final CandidateSource source;

    /** Candidates from the chunks alone. */
    public ConceptReader(TokenEncoder encoder) {
        this(encoder, null, CandidateSource.CHUNKS);
    }

    /**
     * Candidates from {@code source}; {@code mentions} is the concept tagger read over the sentence's word pieces
     * (null: the chunks, whatever the source).
     */
    public ConceptReader(TokenEncoder encoder, SpanTagger mentions, CandidateSource source) {
        this.encoder = encoder;
        this.mentions = mentions == null || !source.mentions() ? null : mentions;
        this.source = this.mentions == null ? CandidateSource.CHUNKS : source;
    }

    public CandidateSource source() {
        return source;
    }

    public TokenEncoder encoder() {
        return encoder;
    }

    /** The sentences of one passage that can hold an edge, in passage order. */
    public List<SentenceFeatures> read(String passage) {
        return readAll(List.of(passage)).getFirst();
    }

    /** The same for many passages, their sentences encoded in one call. */
    public List<List<SentenceFeatures>> readAll(List<String> passages) {
        List<ChunkedSentence> sentences = new ArrayList<>();
        List<List<ConceptSpan>> spans = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        for (int p = 0; p < passages.size(); p++) {
            for (ChunkedSentence s : chunker.analyse(passages.get(p))) {
                List<ConceptSpan> candidates = source.chunks() ? CandidateSpans.of(s) : List.of();
                // the tagger's mentions are known only once the sentence is encoded: every sentence of two words
                if (mentions != null ? s.size() >= 2 : candidates.size() >= 2) {
                    sentences.add(s);
                    spans.add(candidates);
                    owners.add(p);
                }
            }
        }
        List<TokenEmbeddings> encoded = sentences.isEmpty() ? List.of()
                : encoder.encode(sentences.stream().map(ChunkedSentence::text).toList());
        List<List<SentenceFeatures>> out = new ArrayList<>(passages.size());
        for (int p = 0; p < passages.size(); p++) {
            out.add(new ArrayList<>());
        }
        for (int k = 0; k < sentences.size(); k++) {
            List<ConceptSpan> candidates = mentions == null ? spans.get(k)
                    : CandidateSpans.withMentions(sentences.get(k), spans.get(k), mentioned(sentences.get(k),
                    encoded.get(k)));
            if (candidates.size() >= 2) {
                out.get(owners.get(k)).add(new SentenceFeatures(sentences.get(k), candidates, encoded.get(k)));
            }
        }
        return out;
    }

    /** The concept tagger's mentions of an encoded sentence, as token ranges {@code [from, to]}. */
    private List<int[]> mentioned(ChunkedSentence s, TokenEmbeddings e) {
        int[] starts = SentenceFeatures.characterStarts(s.text(), e.tokens(), e.special());
        int[][] words = new int[s.size()][];
        for (int i = 0; i < s.size(); i++) {
            words[i] = new int[] {s.tokenStarts()[i], s.tokenEnds()[i]};
        }
        return mentions.decode(e.vectors(), SpanTagger.firstPieces(starts, words)).stream()
                .map(m -> new int[] {m.from(), m.to()}).toList();
    }
}
