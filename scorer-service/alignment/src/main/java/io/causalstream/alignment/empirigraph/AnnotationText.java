package io.causalstream.alignment.empirigraph;

import io.causalstream.alignment.PythonStrings;
import io.causalstream.alignment.Validation;
import io.causalstream.text.files.Csv;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text conventions of EmpiriGraph's annotation strings ({@code a -> b [validated]; c <-> d [null]; m moderates
 * (a, b) [hypothesized]}) and the reference's exact way of cutting them, regular expressions included (Python
 * semantics: {@code .} stops only at '\n', whitespace is Python's).
 */
final class AnnotationText {

    private static final String WS = PythonStrings.WS;
    private static final int PY = Pattern.UNIX_LINES;

    /** A trailing validation tag, e.g. {@code [validated]}. */
    static final Pattern VALIDATION_SUFFIX = Pattern.compile("\\[(validated|null|hypothesized)\\]$", PY);

    /** A trailing bracket note that is not a validation tag, e.g. {@code [CASE 2]}, with the blanks around it. */
    private static final Pattern BRACKET_NOTE =
            Pattern.compile(WS + "*\\[(?!validated|null|hypothesized)[^\\]]*\\]" + WS + "*$", PY);

    /** Pipeline outputs: {@code moderator moderates (a, b)}, matched from the start. */
    static final Pattern PIPELINE_MODERATION = Pattern.compile("(.+?)" + WS + "+moderates" + WS + "+\\((.+)\\)", PY);

    /** Coder sheets: as above, whole string, {@code moderate} or {@code moderates}, any case, across lines. */
    static final Pattern CODER_MODERATION = Pattern.compile("^(.+?)" + WS + "+moderates?" + WS + "*\\((.+)\\)" + WS
            + "*$", PY | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);

    /** The reference's {@code _safe(row.get(column, ''))}: "" for a missing column or missing value, else stripped. */
    static String cell(Map<String, String> row, String column) {
        String raw = row.get(column);
        return Csv.missing(raw) ? "" : PythonStrings.strip(raw);
    }

    /**
     * Splits on {@code delim} but re-joins pieces while parentheses are open, so {@code x (a; b)} stays one item; each
     * item is stripped. Empty items are kept unless {@code dropEmpty} (the coder sheets' variant drops them).
     */
    static List<String> smartSplit(String text, String delim, boolean dropEmpty) {
        List<String> out = new ArrayList<>();
        StringBuilder buf = new StringBuilder();
        boolean buffering = false;
        int depth = 0;
        for (String part : PythonStrings.split(text, delim)) {
            if (!buf.isEmpty()) {
                buf.append(delim).append(part);
            } else {
                buf.setLength(0);
                buf.append(part);
            }
            buffering = true;
            depth += PythonStrings.count(part, '(') - PythonStrings.count(part, ')');
            if (depth <= 0) {
                out.add(PythonStrings.strip(buf.toString()));
                buf.setLength(0);
                buffering = false;
                depth = 0;
            }
        }
        if (buffering && !buf.isEmpty()) {
            out.add(PythonStrings.strip(buf.toString()));
        }
        if (dropEmpty) {
            out.removeIf(String::isEmpty);
        }
        return out;
    }

    /** Removes one trailing bracket note that is not a validation tag; strips. */
    static String stripBracketSuffix(String text) {
        return PythonStrings.strip(BRACKET_NOTE.matcher(PythonStrings.strip(text)).replaceAll(""));
    }

    /** An item with its trailing validation tag removed, and that tag (or the fallback). */
    record Tagged(String text, Validation validation) {
    }

    /**
     * Cuts a trailing {@code [validated|null|hypothesized]} tag off {@code item} (the tag is searched on the stripped
     * item; the cut is applied at that offset, as the reference does).
     */
    static Tagged untag(String item, Validation fallback) {
        Matcher m = VALIDATION_SUFFIX.matcher(PythonStrings.strip(item));
        if (!m.find()) {
            return new Tagged(item, fallback);
        }
        Validation v = Validation.fromText(m.group(1), fallback);
        return new Tagged(PythonStrings.strip(item.substring(0, Math.min(m.start(), item.length()))), v);
    }

    private AnnotationText() {
    }
}
