package io.causalstream.research.benchmark;

/**
 * A tokenised sentence ("hacked to death , on December 8 , 2016 .") in ordinary spacing ("hacked to death, on
 * December 8, 2016."), as the extractors read text, with each character's offset in the original so spans read on
 * the plain text map back. A text already in ordinary spacing comes out unchanged. The one detokeniser: the claim
 * detector's training sentences ({@code CausalNewsSentences}) are joined by it too.
 */
public record Detokenised(String original, String text, int[] offsets) {

    /** A corpus sentence in ordinary spacing, the file's byte-order mark (no part of a sentence) left out. */
    public static String sentence(String tokenised) {
        return of(tokenised.replace("\uFEFF", "")).text();
    }

    public static Detokenised of(String original) {
        StringBuilder out = new StringBuilder();
        int[] map = new int[original.length() + 1];
        int n = 0;
        String previous = null;
        for (CharSpan w : CausalNewsSpans.words(original)) {
            String word = w.of(original);
            if (previous != null && !attachesLeft(word) && !opens(previous)) {
                out.append(' ');
                map[n++] = w.start() - 1;
            }
            for (int i = w.start(); i < w.end(); i++) {
                out.append(original.charAt(i));
                map[n++] = i;
            }
            previous = word;
        }
        int[] offsets = new int[n + 1];
        System.arraycopy(map, 0, offsets, 0, n);
        offsets[n] = original.length();
        return new Detokenised(original, out.toString(), offsets);
    }

    /** A span of {@link #text} as a span of the original: from its first character's origin past its last one's. */
    CharSpan toOriginal(CharSpan span) {
        if (span.length() == 0) {
            return new CharSpan(offsets[span.start()], offsets[span.start()]);
        }
        return new CharSpan(offsets[span.start()], offsets[span.end() - 1] + 1);
    }

    private static boolean attachesLeft(String word) {
        return ",.;:!?%)]}".indexOf(word.charAt(0)) >= 0
                || word.matches("(?i)(n't|'s|'re|'ve|'ll|'d|'m)(\\W.*)?");
    }

    private static boolean opens(String word) {
        return "([{".indexOf(word.charAt(word.length() - 1)) >= 0;
    }
}
