package io.causalstream.measures.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Python's {@code str} behaviour where the reference implementations depend on it, so tokens agree with theirs:
 * {@code str.split()} and {@code str.rstrip()} (Python's whitespace set, which differs from Java's
 * {@link Character#isWhitespace}: it includes the no-break spaces and U+0085) and iteration by code point.
 */
public final class PyText {

    /** Python's {@code str.isspace()} for one code point. */
    public static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85;
    }

    /** Python's {@code s.split()}: runs of whitespace separate, leading/trailing whitespace yields nothing. */
    public static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            while (i < n && isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            int start = i;
            while (i < n && !isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            if (i > start) {
                out.add(s.substring(start, i));
            }
        }
        return out;
    }

    /** Python's {@code s.rstrip()}. */
    public static String rstrip(String s) {
        int end = s.length();
        while (end > 0) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(0, end);
    }

    /** Python's {@code s.strip()}. */
    public static String strip(String s) {
        String r = rstrip(s);
        int start = 0;
        while (start < r.length() && isSpace(r.codePointAt(start))) {
            start += Character.charCount(r.codePointAt(start));
        }
        return r.substring(start);
    }

    /** Python's {@code list(s)}: one string per code point. */
    public static List<String> codePoints(String s) {
        List<String> out = new ArrayList<>(s.length());
        s.codePoints().forEach(cp -> out.add(new String(Character.toChars(cp))));
        return out;
    }

    /** Python's {@code s.lower()} (locale-independent). */
    public static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    private PyText() {
    }
}
