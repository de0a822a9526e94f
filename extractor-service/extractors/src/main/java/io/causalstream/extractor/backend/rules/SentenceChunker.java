package io.causalstream.extractor.backend.rules;

import io.causalstream.extractor.backend.model.ChunkedSentence;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The rule extractor's sentence analysis (the project's sentence splitter, OpenNLP tokens, Penn POS tags and chunk
 * tags) for other backends: the trained {@code model} backend reads its candidate concepts from the same chunks.
 * Thread-safe: each call borrows a set of taggers from a pool; the models are shared with the rule extractor.
 */
public final class SentenceChunker {

    private final ConcurrentLinkedQueue<TaggedSentence.Taggers> idle = new ConcurrentLinkedQueue<>();

    public SentenceChunker() {
        OpenNlpModels.get(); // a missing model fails at startup
    }

    /** The passage's sentences, tagged and chunked. */
    public List<ChunkedSentence> analyse(String passage) {
        TaggedSentence.Taggers taggers = idle.poll();
        List<TaggedSentence> sentences;
        try {
            if (taggers == null) {
                taggers = TaggedSentence.Taggers.create();
            }
            sentences = TaggedSentence.analyse(passage, taggers);
        } finally {
            if (taggers != null) {
                idle.offer(taggers);
            }
        }
        List<ChunkedSentence> out = new ArrayList<>(sentences.size());
        for (TaggedSentence s : sentences) {
            out.add(new ChunkedSentence(s.start(), s.end(), s.text(), s.tokenStarts(), s.tokenEnds(), s.pos(),
                    s.chunks()));
        }
        return out;
    }
}
