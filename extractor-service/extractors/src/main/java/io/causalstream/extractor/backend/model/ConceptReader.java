package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.rules.SentenceChunker;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads passages into {@link SentenceFeatures}: sentences and chunks from OpenNLP ({@link SentenceChunker}), the
 * candidate concepts of each sentence ({@link CandidateSpans}), and one encoder pass over every sentence that has
 * two concepts or more, batched across the passages given. The trainer and the extractor read through this one
 * class, so the features they see are the same. Thread-safe when the encoder is.
 */
public final class ConceptReader {

    private final SentenceChunker chunker = new SentenceChunker();
    private final TokenEncoder encoder;

    public ConceptReader(TokenEncoder encoder) {
        this.encoder = encoder;
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
                List<ConceptSpan> candidates = CandidateSpans.of(s);
                if (candidates.size() >= 2) {
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
            out.get(owners.get(k)).add(new SentenceFeatures(sentences.get(k), spans.get(k), encoded.get(k)));
        }
        return out;
    }
}
