package io.causalstream.research.benchmark;

import io.causalstream.research.benchmark.CausalNewsSpans.Labelled;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.research.benchmark.SemEvalPairs.Pair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The public benchmarks, run on {@link CausalSpanReader}s and printed beside their published figures
 * ({@code deploy/causal-stream evaluate --benchmark cnc,semeval}):
 * <ul>
 *   <li>Causal News Corpus V2, dev split: subtask 1 (is the sentence causal) and subtask 2 (cause, effect and signal
 *       spans, the organisers' scoring, {@link Subtask2Scoring});</li>
 *   <li>SemEval-2010 Task 8, the report fold of the train file ({@link BenchmarkFolds#REPORT_FOLD}): cause → effect
 *       pairs of the two marked nominals.</li>
 * </ul>
 * Neither set may be used for a choice once reported.
 */
public final class BenchmarkEvaluation {

    public static final String CNC = "cnc";
    public static final String SEMEVAL = "semeval";

    /** A published figure: F1, and P and R where the source gives them (NaN where it does not). */
    public record Published(String system, double f1, double precision, double recall) {
    }

    /** The organisers' subtask-1 baseline on V2 dev (the corpus README). */
    public static final Published SUBTASK1_BASELINE = new Published("bert-base-cased (organisers' baseline)", 0.8632,
            0.8410, 0.8865);

    /** The organisers' subtask-2 baseline on V2 dev (albert-xxlarge-v2, 223M parameters; the corpus README). */
    public static final Published SUBTASK2_BASELINE = new Published("albert-xxlarge-v2 (organisers' baseline)",
            0.6271, 0.5948, 0.6632);

    /** The best subtask-2 submission so far (BoschAI, CASE 2023: roberta-large, BIO tags and a CRF). */
    public static final Published SUBTASK2_BEST = new Published("BoschAI 2023 (best submission)", 0.7279, Double.NaN,
            Double.NaN);

    /** One reader on the CNC dev split. */
    public record CncRow(String system, Subtask1Scoring subtask1, Subtask2Scoring.Report subtask2) {
    }

    /** One reader on the SemEval report fold. */
    public record PairRow(String system, int causePairs, int linkedRight, int wrongDirection, int links,
                          int otherPairs, int falseLinks) {

        public double recall() {
            return causePairs == 0 ? 0 : (double) linkedRight / causePairs;
        }

        public double precision() {
            return links == 0 ? 0 : (double) linkedRight / links;
        }

        public double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        /** Share of the sentences with another relation (or none) whose two nominals were linked causally. */
        public double falseLinkRate() {
            return otherPairs == 0 ? 0 : (double) falseLinks / otherPairs;
        }
    }

    /** The CNC dev files of a corpus folder ({@code dev_subtask1.csv}, {@code dev_subtask2.csv}). */
    public record CncDev(List<Labelled> subtask1, List<Subtask2Scoring.Truth> subtask2, boolean choiceFold) {

        public CncDev(List<Labelled> subtask1, List<Subtask2Scoring.Truth> subtask2) {
            this(subtask1, subtask2, false);
        }

        /**
         * The train files' choice fold ({@link BenchmarkFolds#CHOICE_FOLD}, by document), where the shipped model's
         * choices were made: the same scoring, for choosing, never a figure to report beside the baselines.
         */
        public static CncDev readChoiceFold(Path dir) {
            Path st1 = dir.resolve("train_subtask1.csv");
            Path st2 = dir.resolve("train_subtask2.csv");
            for (Path p : List.of(st1, st2)) {
                if (!Files.isRegularFile(p)) {
                    throw new IllegalArgumentException("no " + p + " (--cnc names the corpus folder)");
                }
            }
            return new CncDev(CausalNewsSpans.readLabels(st1).stream()
                    .filter(l -> l.fold() == BenchmarkFolds.CHOICE_FOLD).toList(),
                    Subtask2Scoring.readTruth(st2, doc -> BenchmarkFolds.fold(doc) == BenchmarkFolds.CHOICE_FOLD),
                    true);
        }

        public static CncDev read(Path dir) {
            Path st1 = dir.resolve("dev_subtask1.csv");
            Path st2 = dir.resolve("dev_subtask2.csv");
            for (Path p : List.of(st1, st2)) {
                if (!Files.isRegularFile(p)) {
                    throw new IllegalArgumentException("no " + p + " (--cnc names the corpus folder)");
                }
            }
            return new CncDev(CausalNewsSpans.readLabels(st1), Subtask2Scoring.readTruth(st2));
        }
    }

    public static CncRow cnc(String system, CausalSpanReader reader, CncDev dev) {
        List<Boolean> gold = dev.subtask1().stream().map(Labelled::causal).toList();
        List<Boolean> predicted = dev.subtask1().stream().map(l -> reader.causal(l.text())).toList();
        List<List<String>> marked = new ArrayList<>();
        for (Subtask2Scoring.Truth t : dev.subtask2()) {
            marked.add(reader.read(t.text()).stream().map(r -> Subtask2Scoring.mark(t.text(), r)).toList());
        }
        return new CncRow(system, Subtask1Scoring.of(gold, predicted), Subtask2Scoring.score(dev.subtask2(), marked));
    }

    /**
     * The SemEval report fold: a reader links nominal A to nominal B when one of its relations holds A's head word
     * (the nominal's last word) inside its cause span and B's inside its effect span. On a Cause-Effect sentence the
     * gold direction linked is a pair found, the other direction a link in the wrong direction; on any other sentence
     * a link either way is a false causal link. Precision counts every directed link made.
     */
    public static PairRow semeval(String system, CausalSpanReader reader, List<Pair> pairs) {
        int causePairs = 0;
        int right = 0;
        int wrong = 0;
        int links = 0;
        int others = 0;
        int falseLinks = 0;
        for (Pair p : pairs) {
            List<Relation> read = reader.links(p.text());
            boolean forward = links(read, p.text(), p.e1(), p.e2());
            boolean backward = links(read, p.text(), p.e2(), p.e1());
            links += (forward ? 1 : 0) + (backward ? 1 : 0);
            if (p.causeEffect()) {
                causePairs++;
                boolean goldForward = p.forward();
                right += (goldForward ? forward : backward) ? 1 : 0;
                wrong += (goldForward ? backward : forward) ? 1 : 0;
            } else {
                others++;
                falseLinks += forward || backward ? 1 : 0;
            }
        }
        return new PairRow(system, causePairs, right, wrong, links, others, falseLinks);
    }

    private static boolean links(List<Relation> read, String text, CharSpan cause, CharSpan effect) {
        CharSpan c = head(text, cause);
        CharSpan e = head(text, effect);
        return read.stream().anyMatch(r -> inside(c, r.cause()) && inside(e, r.effect()));
    }

    /** The nominal's last word (its head in English noun phrases: "antenna elements" -> "elements"). */
    static CharSpan head(String text, CharSpan nominal) {
        List<CharSpan> words = CausalNewsSpans.words(nominal.of(text));
        CharSpan last = words.isEmpty() ? new CharSpan(0, nominal.length()) : words.get(words.size() - 1);
        return new CharSpan(nominal.start() + last.start(), nominal.start() + last.end());
    }

    private static boolean inside(CharSpan x, CharSpan span) {
        return span.start() <= x.start() && x.end() <= span.end();
    }

    /** The CNC tables: subtask 1, then subtask 2, each system a row, the published figures below. */
    public static String formatCnc(Path dir, CncDev dev, List<CncRow> rows, List<String> notes) {
        StringBuilder out = new StringBuilder();
        long causal = dev.subtask1().stream().filter(Labelled::causal).count();
        Subtask2Scoring.Report any = rows.isEmpty() ? null : rows.get(0).subtask2();
        out.append(String.format(Locale.ROOT, "Causal News Corpus V2, %s (%s)%n", dev.choiceFold()
                ? "the train files' choice fold " + BenchmarkFolds.CHOICE_FOLD + " (for choices; no baseline was "
                + "measured there)" : "dev split", dir));
        out.append(String.format(Locale.ROOT, "subtask 1, is the sentence causal: %d sentences, %d causal%n",
                dev.subtask1().size(), causal));
        out.append(String.format(Locale.ROOT, "%-44s %7s %7s %7s %7s %7s%n", "system", "F1", "P", "R", "Acc",
                "MCC"));
        for (CncRow r : rows) {
            Subtask1Scoring s = r.subtask1();
            out.append(String.format(Locale.ROOT, "%-44s %7.4f %7.4f %7.4f %7.4f %7.4f%n", r.system(), s.f1(),
                    s.precision(), s.recall(), s.accuracy(), s.mcc()));
        }
        if (!dev.choiceFold()) {
            out.append(published(SUBTASK1_BASELINE, true));
        }
        out.append(String.format(Locale.ROOT, "%nsubtask 2, cause / effect / signal spans (organisers' scoring, "
                + "fair F1 over BIO tags): %d sentences, %d relations, %d sentences with several%n",
                any == null ? 0 : any.sentences(), any == null ? 0 : any.relations(),
                any == null ? 0 : any.multiSentences()));
        out.append(String.format(Locale.ROOT, "%-44s %7s %7s %7s %9s %9s %9s %9s%n", "system", "F1", "P", "R",
                "cause F1", "effect F1", "signal F1", "multi F1"));
        for (CncRow r : rows) {
            Subtask2Scoring.Report s = r.subtask2();
            out.append(String.format(Locale.ROOT, "%-44s %7.4f %7.4f %7.4f %9.4f %9.4f %9.4f %9.4f%n", r.system(),
                    s.all().overall().f1(), s.all().overall().precision(), s.all().overall().recall(),
                    s.all().cause().f1(), s.all().effect().f1(), s.all().signal().f1(), s.multi().overall().f1()));
        }
        if (!dev.choiceFold()) {
            out.append(published(SUBTASK2_BASELINE, false));
            out.append(published(SUBTASK2_BEST, false));
        }
        notes.forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    private static String published(Published p, boolean subtask1) {
        String pr = Double.isNaN(p.precision()) ? String.format(Locale.ROOT, " %7s %7s", "-", "-")
                : String.format(Locale.ROOT, " %7.4f %7.4f", p.precision(), p.recall());
        String rest = subtask1 ? String.format(Locale.ROOT, " %7s %7s", "-", "-")
                : String.format(Locale.ROOT, " %9s %9s %9s %9s", "-", "-", "-", "-");
        return String.format(Locale.ROOT, "%-44s %7.4f", p.system(), p.f1()) + pr + rest + "\n";
    }

    /** The SemEval table. */
    public static String formatSemEval(Path file, List<Pair> fold, List<PairRow> rows) {
        return formatSemEval(file, BenchmarkFolds.REPORT_FOLD, fold, rows);
    }

    /** The same for fold {@code number} of the file (the report fold or the choice fold). */
    public static String formatSemEval(Path file, int number, List<Pair> fold, List<PairRow> rows) {
        StringBuilder out = new StringBuilder();
        long causal = fold.stream().filter(Pair::causeEffect).count();
        out.append(String.format(Locale.ROOT, "SemEval-2010 Task 8, %s fold %d of %d (%s): %d sentences, %d "
                + "Cause-Effect pairs, %d with another relation%n", file.getFileName(), number, BenchmarkFolds.FOLDS,
                number == BenchmarkFolds.REPORT_FOLD ? "the report fold, never chosen on"
                        : number == BenchmarkFolds.CHOICE_FOLD ? "the choice fold, where choices are made" : "a fold",
                fold.size(), causal, fold.size() - causal));
        out.append("a link: the nominal's head word inside a relation's cause span, the other's inside its effect "
                + "span\n");
        out.append(String.format(Locale.ROOT, "%-12s %7s %7s %7s %7s %9s %7s %13s%n", "system", "pair F1", "P", "R",
                "found", "reversed", "links", "false links"));
        for (PairRow r : rows) {
            out.append(String.format(Locale.ROOT, "%-12s %7.4f %7.4f %7.4f %7d %9d %7d %6d (%.2f %%)%n",
                    r.system(), r.f1(), r.precision(), r.recall(), r.linkedRight(), r.wrongDirection(), r.links(),
                    r.falseLinks(), 100 * r.falseLinkRate()));
        }
        return out.toString();
    }

    private BenchmarkEvaluation() {
    }
}
