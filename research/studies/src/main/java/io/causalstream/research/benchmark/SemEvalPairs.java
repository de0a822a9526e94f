package io.causalstream.research.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SemEval-2010 Task 8 (Hendrickx et al.; CC BY 3.0), the released train file: 8,000 web sentences, each with two
 * marked nominals and the annotators' relation between them, four lines a sentence:
 * <pre>
 * 12&lt;TAB&gt;"... &lt;e1&gt;nominal&lt;/e1&gt; ... &lt;e2&gt;nominal&lt;/e2&gt; ..."
 * Cause-Effect(e2,e1)
 * Comment: ...
 * (blank)
 * </pre>
 * The relation names which nominal is the first argument: {@code Cause-Effect(e2,e1)} says e2 is the cause and e1 the
 * effect. {@code Other} relates nothing. Folds: {@link BenchmarkFolds#fold} of the id; fold
 * {@link BenchmarkFolds#REPORT_FOLD} is where figures are reported and no choice may look,
 * {@link BenchmarkFolds#CHOICE_FOLD} is where choices are made.
 */
public final class SemEvalPairs {

    /** The relation of interest. */
    public static final String CAUSE_EFFECT = "Cause-Effect";

    /** One sentence: its text without the tags, the two nominals' offsets into it, the annotators' relation. */
    public record Pair(int id, String text, CharSpan e1, CharSpan e2, String relation, String comment) {

        /** The relation without its direction: "Cause-Effect", "Component-Whole", ..., "Other". */
        public String type() {
            int paren = relation.indexOf('(');
            return paren < 0 ? relation : relation.substring(0, paren);
        }

        /** True when the relation's first argument is e1 ({@code X(e1,e2)}); false for (e2,e1) and for Other. */
        public boolean forward() {
            return relation.endsWith("(e1,e2)");
        }

        public boolean causeEffect() {
            return type().equals(CAUSE_EFFECT);
        }

        /** The cause nominal, for a Cause-Effect pair. */
        public Optional<CharSpan> cause() {
            return causeEffect() ? Optional.of(forward() ? e1 : e2) : Optional.empty();
        }

        /** The effect nominal, for a Cause-Effect pair. */
        public Optional<CharSpan> effect() {
            return causeEffect() ? Optional.of(forward() ? e2 : e1) : Optional.empty();
        }

        public int fold() {
            return SemEvalPairs.fold(id);
        }
    }

    private static final Pattern FIRST = Pattern.compile("(\\d+)\t\"(.*)\"\\s*");
    private static final Pattern RELATION = Pattern.compile("Other|[A-Za-z]+-[A-Za-z]+\\((e1,e2|e2,e1)\\)");
    private static final Pattern TAG = Pattern.compile("</?e[12]>");

    public static int fold(int id) {
        return BenchmarkFolds.fold(Integer.toString(id));
    }

    public static List<Pair> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        List<Pair> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).isBlank()) {
                i++;
                continue;
            }
            if (i + 2 >= lines.size()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": a sentence without its relation and "
                        + "comment lines");
            }
            out.add(pair(file, i + 1, lines.get(i), lines.get(i + 1).strip(), lines.get(i + 2)));
            i += 3;
        }
        return out;
    }

    /** One sentence from its three lines; {@code line} is the first one's number, for the error message. */
    static Pair pair(Path file, int line, String sentence, String relation, String comment) {
        Matcher m = FIRST.matcher(sentence);
        if (!m.matches()) {
            throw new IllegalArgumentException(file + ":" + line + ": not 'id<TAB>\"sentence\"': " + sentence);
        }
        if (!RELATION.matcher(relation).matches()) {
            throw new IllegalArgumentException(file + ":" + (line + 1) + ": not a relation: " + relation);
        }
        String marked = m.group(2);
        StringBuilder plain = new StringBuilder();
        int[] open = {-1, -1};
        CharSpan[] spans = new CharSpan[2];
        Matcher t = TAG.matcher(marked);
        int at = 0;
        while (t.find()) {
            plain.append(marked, at, t.start());
            at = t.end();
            String tag = t.group();
            int which = tag.charAt(tag.length() - 2) - '1';
            if (tag.charAt(1) != '/') {
                open[which] = plain.length();
            } else if (open[which] >= 0 && spans[which] == null) {
                spans[which] = new CharSpan(open[which], plain.length());
            } else {
                throw new IllegalArgumentException(file + ":" + line + ": " + tag + " without its opening tag");
            }
        }
        plain.append(marked, at, marked.length());
        if (spans[0] == null || spans[1] == null) {
            throw new IllegalArgumentException(file + ":" + line + ": not one <e1> and one <e2>: " + marked);
        }
        String note = comment.startsWith("Comment:") ? comment.substring("Comment:".length()).strip()
                : comment.strip();
        return new Pair(Integer.parseInt(m.group(1)), plain.toString(), spans[0], spans[1], relation, note);
    }

    private SemEvalPairs() {
    }
}
