package io.causalstream.encoder;

/**
 * Two texts encoded jointly as {@code [CLS] first [SEP] second [SEP]}, with token type 0 for the first and 1 for
 * the second, the way BERT-style encoders read a sentence pair. A literal {@code [SEP]} inside {@code first} stays
 * the special token (CESAR's C (+) A = "C [SEP] A").
 */
public record TextPair(String first, String second) {

    public TextPair {
        if (first == null || second == null) {
            throw new IllegalArgumentException("both texts of a pair are required");
        }
    }
}
