package io.causalstream.measures.text;

/** Reduces a word to its stem. Implementations are thread-safe. */
@FunctionalInterface
public interface Stemmer {

    String stem(String word);
}
