package io.causalstream.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A rule-based English sentence splitter, enough for abstracts and news passages: a sentence ends at '.', '!' or
 * '?' (with closing quotes or brackets) followed by white space and an upper-case letter, digit or opening quote,
 * except after common abbreviations (e.g., i.e., et al., Dr., Fig., U.S.), single initials and decimal numbers.
 * Line breaks that separate paragraphs (a blank line) also end a sentence. A sentence longer than
 * {@link #MAX_WORDS} words is cut into pieces of at most that many.
 */
public final class Sentences {

    private static final Set<String> ABBREVIATIONS = Set.of("e.g", "i.e", "al", "etc", "vs", "cf", "fig", "figs",
            "dr", "mr", "mrs", "ms", "prof", "no", "nos", "vol", "pp", "approx", "ca", "st", "jr", "sr", "inc", "ltd",
            "co", "corp", "u.s", "u.k", "e.u", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
            "nov", "dec", "eq", "ref", "resp");

    /**
     * The most words (runs of non-space characters) a sentence may have; a longer one is cut into pieces of at most
     * this many. Real sentences stay whole (even in legal or academic prose they seldom pass 80 words), while a
     * passage without sentence breaks (a list, a table flattened to text, an OCR dump) costs what real text of its
     * length costs: the extractors' work per sentence grows faster than its length.
     */
    public static final int MAX_WORDS = 120;

    /** Sentences of the text, none longer than {@link #MAX_WORDS} words. */
    public static List<Sentence> split(String text) {
        return split(text, MAX_WORDS);
    }

    /**
     * Sentences of the text; a sentence of more than {@code maxWords} words is cut into pieces of at most that many,
     * each after the last clause mark (, ; :) in its second half if there is one, else before the word that would
     * pass the bound. Offsets stay those of the text.
     */
    public static List<Sentence> split(String text, int maxWords) {
        if (maxWords < 1) {
            throw new IllegalArgumentException("maxWords must be at least 1: " + maxWords);
        }
        List<Sentence> out = new ArrayList<>();
        for (Sentence s : unbounded(text)) {
            addBounded(out, text, s.start(), s.end(), maxWords);
        }
        return out;
    }

    private static List<Sentence> unbounded(String text) {
        List<Sentence> out = new ArrayList<>();
        int start = skipSpace(text, 0);
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            int end = -1;
            if (c == '\n' && paragraphBreak(text, i)) {
                end = i;
            } else if ((c == '.' || c == '!' || c == '?') && endsSentence(text, start, i)) {
                end = i + 1;
                while (end < text.length() && "\"')]’”".indexOf(text.charAt(end)) >= 0) {
                    end++;
                }
            }
            if (end > 0) {
                add(out, text, start, end);
                start = skipSpace(text, end);
                i = start;
                continue;
            }
            i++;
        }
        add(out, text, start, text.length());
        return out;
    }

    /** One sentence [start, end) of the text, cut into pieces of at most {@code maxWords} words. */
    private static void addBounded(List<Sentence> out, String text, int start, int end, int maxWords) {
        List<int[]> words = new ArrayList<>();
        for (int i = start; i < end; ) {
            while (i < end && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int w = i;
            while (i < end && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i > w) {
                words.add(new int[] {w, i});
            }
        }
        int first = 0;
        while (words.size() - first > maxWords) {
            int cut = first + maxWords - 1; // the last word of this piece
            for (int k = cut; k >= first + maxWords / 2; k--) {
                char last = text.charAt(words.get(k)[1] - 1);
                if (last == ',' || last == ';' || last == ':') {
                    cut = k;
                    break;
                }
            }
            add(out, text, words.get(first)[0], words.get(cut)[1]);
            first = cut + 1;
        }
        if (first < words.size()) {
            add(out, text, words.get(first)[0], end);
        }
    }

    private static boolean endsSentence(String text, int start, int at) {
        int next = at + 1;
        while (next < text.length() && "\"')]’”".indexOf(text.charAt(next)) >= 0) {
            next++;
        }
        if (next >= text.length()) {
            return true;
        }
        if (!Character.isWhitespace(text.charAt(next))) {
            return false;
        }
        int after = skipSpace(text, next);
        if (after >= text.length()) {
            return true;
        }
        char first = text.charAt(after);
        if (!(Character.isUpperCase(first) || Character.isDigit(first) || "\"'(‘“[".indexOf(first) >= 0)) {
            return false;
        }
        if (text.charAt(at) != '.') {
            return true;
        }
        int wordStart = at;
        while (wordStart > start && !Character.isWhitespace(text.charAt(wordStart - 1))
                && "(\"'[".indexOf(text.charAt(wordStart - 1)) < 0) {
            wordStart--;
        }
        String word = text.substring(wordStart, at).toLowerCase(Locale.ROOT);
        if (word.length() == 1 && Character.isLetter(word.charAt(0))) {
            return false; // an initial: "J. Smith"
        }
        return !ABBREVIATIONS.contains(word);
    }

    private static boolean paragraphBreak(String text, int at) {
        int j = at + 1;
        while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t' || text.charAt(j) == '\r')) {
            j++;
        }
        return j < text.length() && text.charAt(j) == '\n';
    }

    private static void add(List<Sentence> out, String text, int start, int end) {
        int s = skipSpace(text, start);
        int e = end;
        while (e > s && Character.isWhitespace(text.charAt(e - 1))) {
            e--;
        }
        if (e > s) {
            out.add(new Sentence(out.size(), s, e, text.substring(s, e)));
        }
    }

    private static int skipSpace(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private Sentences() {
    }
}
