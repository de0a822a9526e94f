package io.causalstream.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A rule-based English sentence splitter, enough for abstracts and news passages: a sentence ends at '.', '!' or
 * '?' (with closing quotes or brackets) followed by white space and an upper-case letter, digit or opening quote,
 * except after common abbreviations (e.g., i.e., et al., Dr., Fig., U.S.), single initials and decimal numbers.
 * Line breaks that separate paragraphs (a blank line) also end a sentence.
 */
public final class Sentences {

    private static final Set<String> ABBREVIATIONS = Set.of("e.g", "i.e", "al", "etc", "vs", "cf", "fig", "figs",
            "dr", "mr", "mrs", "ms", "prof", "no", "nos", "vol", "pp", "approx", "ca", "st", "jr", "sr", "inc", "ltd",
            "co", "corp", "u.s", "u.k", "e.u", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
            "nov", "dec", "eq", "ref", "resp");

    public static List<Sentence> split(String text) {
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
