package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.List;

/**
 * The few Python {@code str} semantics the reference evaluator relies on, so the Java port reads the same node names
 * and orders them the same way: whitespace is Python's {@code str.isspace()} (which differs from Java's
 * {@code Character.isWhitespace}, e.g. for U+00A0), {@code split(sep)} keeps empty pieces, and strings compare by
 * code point (Java's {@code compareTo} compares UTF-16 units, which orders supplementary characters differently).
 */
public final class PythonStrings {

    /** A regex character class equal to Python's {@code \s} on {@code str} patterns; use instead of Java's {@code \s}. */
    public static final String WS = "[\\t\\n\\x0B\\f\\r\\x1C-\\x1F \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}"
            + "\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";

    /** Python's {@code str.isspace()} for one code point. */
    public static boolean isSpace(int cp) {
        return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 || cp == 0x1680
                || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F
                || cp == 0x3000;
    }

    /** Python's {@code s.strip()}. */
    public static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    /** Python's {@code s.rstrip(chars)}. */
    public static String rstrip(String s, String chars) {
        int end = s.length();
        while (end > 0 && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Python's {@code s.split(sep)}: literal separator, empty pieces kept (also leading and trailing ones). */
    public static List<String> split(String s, String sep) {
        return split(s, sep, Integer.MAX_VALUE);
    }

    /** Python's {@code s.split(sep, maxsplit)}. */
    public static List<String> split(String s, String sep, int maxSplit) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        int splits = 0;
        int at;
        while (splits < maxSplit && (at = s.indexOf(sep, from)) >= 0) {
            parts.add(s.substring(from, at));
            from = at + sep.length();
            splits++;
        }
        parts.add(s.substring(from));
        return parts;
    }

    /** Python's {@code s.count(c)} for one character. */
    public static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    /** Python's {@code a < b} on strings: lexicographic by code point. */
    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    private PythonStrings() {
    }
}
