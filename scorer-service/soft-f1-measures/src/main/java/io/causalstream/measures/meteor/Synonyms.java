package io.causalstream.measures.meteor;

import java.util.Set;

/** The synonym stage's lexicon: the single-word lemma names sharing a sense with a word. Thread-safe. */
@FunctionalInterface
public interface Synonyms {

    /** No synonyms at all: METEOR with exact and stem stages only. */
    Synonyms NONE = word -> Set.of();

    /** Lemma names of every synset of {@code word} (after morphological reduction), multi-word names excluded. */
    Set<String> of(String word);
}
