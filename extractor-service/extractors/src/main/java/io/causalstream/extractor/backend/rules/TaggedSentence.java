package io.causalstream.extractor.backend.rules;

import io.causalstream.text.Sentence;
import io.causalstream.text.Sentences;
import java.util.ArrayList;
import java.util.List;
import opennlp.tools.chunker.ChunkerME;
import opennlp.tools.postag.POSTagFormat;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.tokenize.TokenizerME;
import opennlp.tools.util.Span;

/**
 * One sentence of a passage with its tokens, Penn Treebank POS tags and chunk tags (B-NP, I-VP, O ...), as the
 * OpenNLP models see it. Offsets: {@code start}/{@code end} in the passage (UTF-16 units, the unit of
 * EvidenceSpan); token offsets relative to the sentence text.
 */
record TaggedSentence(int start, int end, String text, int[] tokenStarts, int[] tokenEnds, String[] pos,
                      String[] chunks) {

    int size() {
        return pos.length;
    }

    String token(int i) {
        return text.substring(tokenStarts[i], tokenEnds[i]);
    }

    /** The OpenNLP taggers of one thread at a time: not thread-safe, and costly enough to be reused. */
    record Taggers(TokenizerME tokenizer, POSTaggerME tagger, ChunkerME chunker) {
        static Taggers create() {
            OpenNlpModels models = OpenNlpModels.get();
            // Penn tags: the chunker was trained on them (OpenNLP 2 maps to Universal Dependencies by default)
            return new Taggers(new TokenizerME(models.tokens), new POSTaggerME(models.pos, POSTagFormat.PENN),
                    new ChunkerME(models.chunks));
        }
    }

    /**
     * Splits a passage into sentences (the project's one splitter, {@link Sentences}, which the validator and
     * ingest use too) and tags each with OpenNLP, with taggers nobody else uses.
     */
    static List<TaggedSentence> analyse(String passage, Taggers t) {
        TokenizerME tokenizer = t.tokenizer();
        POSTaggerME tagger = t.tagger();
        ChunkerME chunker = t.chunker();
        List<TaggedSentence> out = new ArrayList<>();
        for (Sentence s : Sentences.split(passage)) {
            int b = s.start();
            int e = s.end();
            String text = s.text();
            Span[] tokens = tokenizer.tokenizePos(text);
            String[] words = new String[tokens.length];
            int[] starts = new int[tokens.length];
            int[] ends = new int[tokens.length];
            for (int i = 0; i < tokens.length; i++) {
                starts[i] = tokens[i].getStart();
                ends[i] = tokens[i].getEnd();
                words[i] = text.substring(starts[i], ends[i]);
            }
            if (tokens.length > 0 && splitsFinalPeriod(words[tokens.length - 1])) {
                // "... increases Z." : the tokenizer keeps a sentence-final period on a one-letter word (an
                // abbreviation to it), and the chunker then sees no noun
                int n = tokens.length;
                words = java.util.Arrays.copyOf(words, n + 1);
                starts = java.util.Arrays.copyOf(starts, n + 1);
                ends = java.util.Arrays.copyOf(ends, n + 1);
                ends[n - 1] = ends[n - 1] - 1;
                words[n - 1] = text.substring(starts[n - 1], ends[n - 1]);
                starts[n] = ends[n - 1];
                ends[n] = starts[n] + 1;
                words[n] = ".";
            }
            String[] tags = CueVerbs.retag(words, tagger.tag(words));
            String[] chunkTags = words.length == 0 ? new String[0] : chunker.chunk(words, tags);
            out.add(new TaggedSentence(b, e, text, starts, ends, tags, chunkTags));
        }
        return out;
    }

    private static boolean splitsFinalPeriod(String word) {
        return word.length() == 2 && word.endsWith(".") && Character.isUpperCase(word.charAt(0));
    }

    /** The first token that starts at or after a character offset of the sentence, or size(). */
    int tokenAtOrAfter(int offset) {
        for (int i = 0; i < size(); i++) {
            if (tokenStarts[i] >= offset) {
                return i;
            }
        }
        return size();
    }

    /** The last token that ends at or before a character offset, or -1. */
    int tokenEndingAtOrBefore(int offset) {
        for (int i = size() - 1; i >= 0; i--) {
            if (tokenEnds[i] <= offset) {
                return i;
            }
        }
        return -1;
    }

    boolean isNounPhrase(int i) {
        return chunks[i].endsWith("NP");
    }

    boolean startsChunk(int i) {
        return chunks[i].startsWith("B-") || chunks[i].equals("O");
    }

    String chunkType(int i) {
        return chunks[i].length() > 2 ? chunks[i].substring(2) : chunks[i];
    }
}
