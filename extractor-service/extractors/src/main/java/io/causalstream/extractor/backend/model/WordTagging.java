package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A sentence given as words, read by a {@link SpanTagger} through the tuned encoder: the words joined by single
 * spaces are encoded once, each word takes its first word piece, and the tagger's spans come back as word ranges.
 * The trainer builds its tag targets over the same joined text ({@link #text}, {@link #wordCharacters}), so the
 * pieces it learns on are the pieces read here.
 */
public final class WordTagging {

    private WordTagging() {
    }

    /** The words joined by single spaces: the text the tagger reads. */
    public static String text(List<String> words) {
        return String.join(" ", words);
    }

    /** Characters {@code [start, end)} of each word in {@link #text}. */
    public static int[][] wordCharacters(List<String> words) {
        int[][] out = new int[words.size()][];
        int at = 0;
        for (int k = 0; k < words.size(); k++) {
            out[k] = new int[] {at, at + words.get(k).length()};
            at += words.get(k).length() + 1;
        }
        return out;
    }

    /** The tagger's spans over each sentence's words, the sentences encoded in one call. */
    public static List<List<SpanTagger.Span>> read(TokenEncoder encoder, SpanTagger tagger,
                                                   List<List<String>> sentences) {
        return readAll(encoder, List.of(tagger), sentences).stream().map(List::getFirst).toList();
    }

    /**
     * Each tagger's spans over each sentence's words ([sentence][tagger]): the sentences encoded once, in one call,
     * whatever the number of taggers that read them.
     */
    public static List<List<List<SpanTagger.Span>>> readAll(TokenEncoder encoder, List<SpanTagger> taggers,
                                                            List<List<String>> sentences) {
        return readAll(encoder, taggers, sentences, tagger -> false);
    }

    /**
     * As {@link #readAll(TokenEncoder, List, List)}, the taggers that {@code everyKind} names reading each sentence
     * as one known to hold a span of each of their kinds ({@link SpanTagger#decodeEveryKind}).
     */
    public static List<List<List<SpanTagger.Span>>> readAll(TokenEncoder encoder, List<SpanTagger> taggers,
                                                            List<List<String>> sentences,
                                                            Predicate<SpanTagger> everyKind) {
        List<String> texts = sentences.stream().map(WordTagging::text).toList();
        List<TokenEmbeddings> encoded = texts.isEmpty() ? List.of() : encoder.encode(texts);
        List<List<List<SpanTagger.Span>>> out = new ArrayList<>(sentences.size());
        for (int s = 0; s < sentences.size(); s++) {
            TokenEmbeddings e = encoded.get(s);
            int[] starts = SentenceFeatures.characterStarts(texts.get(s), e.tokens(), e.special());
            int[] first = SpanTagger.firstPieces(starts, wordCharacters(sentences.get(s)));
            List<List<SpanTagger.Span>> read = new ArrayList<>(taggers.size());
            for (SpanTagger tagger : taggers) {
                read.add(everyKind.test(tagger) ? tagger.decodeEveryKind(e.vectors(), first)
                        : tagger.decode(e.vectors(), first));
            }
            out.add(read);
        }
        return out;
    }
}
