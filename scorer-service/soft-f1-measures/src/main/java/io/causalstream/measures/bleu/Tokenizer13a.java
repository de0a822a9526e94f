package io.causalstream.measures.bleu;

import io.causalstream.measures.text.PyText;

/**
 * mteval-v13a's tokenization as sacrebleu's {@code Tokenizer13a} does it with four regular expressions, written
 * as character scans that give the same string (each scan reproduces its regex's left-to-right, non-overlapping
 * matches); several times faster, which matters when every node pair is tokenized.
 */
final class Tokenizer13a {

    static String tokenize(String line) {
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ");
        if (line.indexOf('&') >= 0) {
            line = line.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
        }
        String s = " " + line + " ";
        s = spacePunctuation(s);
        s = periodCommaAfterNonDigit(s);
        s = periodCommaBeforeNonDigit(s);
        s = dashAfterDigit(s);
        return String.join(" ", PyText.split(s));
    }

    /** {@code ([\{-\~\[-\` -\&\(-\+\:-\@\/])} -> {@code " \1 "}. */
    private static String spacePunctuation(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c >= '{' && c <= '~') || (c >= '[' && c <= '`') || (c >= ' ' && c <= '&') || (c >= '(' && c <= '+')
                    || (c >= ':' && c <= '@') || c == '/') {
                b.append(' ').append(c).append(' ');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean periodOrComma(char c) {
        return c == '.' || c == ',';
    }

    /** {@code ([^0-9])([\.,])} -> {@code "\1 \2 "}. */
    private static String periodCommaAfterNonDigit(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (i + 1 < s.length() && !digit(c) && periodOrComma(s.charAt(i + 1))) {
                b.append(c).append(' ').append(s.charAt(i + 1)).append(' ');
                i += 2;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** {@code ([\.,])([^0-9])} -> {@code " \1 \2"}. */
    private static String periodCommaBeforeNonDigit(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (i + 1 < s.length() && periodOrComma(c) && !digit(s.charAt(i + 1))) {
                b.append(' ').append(c).append(' ').append(s.charAt(i + 1));
                i += 2;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** {@code ([0-9])(-)} -> {@code "\1 \2 "}. */
    private static String dashAfterDigit(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (i + 1 < s.length() && digit(c) && s.charAt(i + 1) == '-') {
                b.append(c).append(" - ");
                i += 2;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    private Tokenizer13a() {
    }
}
