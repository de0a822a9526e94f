package io.causalstream.research.benchmark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fair span evaluation (Ortmann, LREC 2022), as the Causal News Corpus scorer runs it (the {@code hpi-dhc/FairEval}
 * metric, default "fair" mode): each error is counted once. Spans of one tag sequence (IOB2, read strictly: a span
 * is a B tag and the I tags of its label that follow it; an I tag after anything else starts nothing) are matched to
 * the gold spans of the same sequence in steps: identical spans (TP), identical bounds with another label (LE),
 * overlapping spans of the same label (BE), overlapping spans of another label (LBE); what is left is FN (gold) and
 * FP (predicted). Precision = TP / (TP + FP + (LE + BE + LBE) / 2), recall = TP / (TP + FN + (LE + BE + LBE) / 2):
 * an LE, BE or LBE is half a false positive and half a false negative.
 *
 * <p>The matching order is the reference implementation's (shortest spans first, ties in text order; of several
 * candidates the one sharing most unmatched words), so the counts are the published scorer's. Its original version
 * walks a list it removes from and so skips the span after each match; the metric the organisers load does not (the
 * organisers' sample scores are reproduced only without the skip), and neither does this one.
 */
public final class FairEval {

    /** Error counts, overall and per gold label (LE and LBE count for the gold span's label, FP for the predicted). */
    public static final class Counts {
        private final Map<String, int[]> perLabel = new LinkedHashMap<>();
        private final int[] overall = new int[6];

        static final int TP = 0;
        static final int FP = 1;
        static final int FN = 2;
        static final int LE = 3;
        static final int BE = 4;
        static final int LBE = 5;

        private void count(String label, int kind) {
            overall[kind]++;
            perLabel.computeIfAbsent(label, l -> new int[6])[kind]++;
        }

        public Counts add(Counts other) {
            for (int k = 0; k < 6; k++) {
                overall[k] += other.overall[k];
            }
            other.perLabel.forEach((label, c) -> {
                int[] mine = perLabel.computeIfAbsent(label, l -> new int[6]);
                for (int k = 0; k < 6; k++) {
                    mine[k] += c[k];
                }
            });
            return this;
        }

        public Scores overall() {
            return Scores.of(overall);
        }

        /** A label's scores; a label no span carried scores 0. */
        public Scores label(String label) {
            return Scores.of(perLabel.getOrDefault(label, new int[6]));
        }

        /** TP, FP, FN, LE, BE, LBE overall. */
        public int[] overallCounts() {
            return overall.clone();
        }
    }

    /** Fair precision, recall and F1; 0 where the denominator is 0 (as the reference does). */
    public record Scores(double precision, double recall, double f1) {

        static Scores of(int[] c) {
            double half = 0.5 * c[Counts.LE] + 0.5 * c[Counts.BE] + 0.5 * c[Counts.LBE];
            double tp = c[Counts.TP];
            double p = tp + c[Counts.FP] + half == 0 ? 0 : tp / (tp + (c[Counts.FP] + half));
            double r = tp + c[Counts.FN] + half == 0 ? 0 : tp / (tp + (c[Counts.FN] + half));
            double f = p + r == 0 ? 0 : 2 * (p * r) / (p + r);
            return new Scores(p, r, f);
        }
    }

    /** A span: label, first and last word (inclusive), and the words not yet matched. */
    private static final class Span {
        final String label;
        final int begin;
        final int end;
        Set<Integer> tokens;

        Span(String label, int begin, int end) {
            this.label = label;
            this.begin = begin;
            this.end = end;
            this.tokens = new HashSet<>();
            for (int i = begin; i <= end; i++) {
                tokens.add(i);
            }
        }

        boolean sameBounds(Span o) {
            return begin == o.begin && end == o.end;
        }

        int length() {
            return end - begin;
        }
    }

    private enum Overlap { TP, BES, BEL, BEO, NONE }

    /** The counts of one predicted tag sequence against its gold sequence (same length). */
    public static Counts compare(List<String> gold, List<String> predicted) {
        if (gold.size() != predicted.size()) {
            throw new IllegalArgumentException("gold has " + gold.size() + " tags, the prediction "
                    + predicted.size());
        }
        List<Span> target = spans(gold);
        List<Span> system = spans(predicted);
        Counts c = new Counts();

        // identical spans
        for (Span t : new ArrayList<>(target)) {
            Span s = find(system, x -> x.label.equals(t.label) && x.sameBounds(t));
            if (s != null) {
                c.count(t.label, Counts.TP);
                system.remove(s);
                target.remove(t);
            }
        }
        // identical bounds, another label
        for (Span t : new ArrayList<>(target)) {
            Span s = find(system, x -> !x.label.equals(t.label) && x.sameBounds(t));
            if (s != null) {
                c.count(t.label, Counts.LE);
                system.remove(s);
                target.remove(t);
            }
        }

        List<Span> countedTarget = new ArrayList<>();
        List<Span> countedSystem = new ArrayList<>();
        target.sort(Comparator.comparingInt(Span::length));
        system.sort(Comparator.comparingInt(Span::length));
        for (boolean sameLabel : new boolean[] {true, false}) {
            int kind = sameLabel ? Counts.BE : Counts.LBE;
            // 1. gold against unmatched predictions
            for (Span t : new ArrayList<>(target)) {
                List<Span> candidates = system.stream().filter(s -> s.label.equals(t.label) == sameLabel
                        && !s.sameBounds(t) && overlaps(t, s)).toList();
                if (candidates.isEmpty()) {
                    continue;
                }
                Span s = mostSimilar(t, candidates);
                c.count(t.label, kind);
                system.remove(s);
                target.remove(t);
                consume(t, s);
                countedSystem.add(s);
                countedTarget.add(t);
            }
            // 2. gold left against matched predictions that still hold unmatched words
            for (Span t : new ArrayList<>(target)) {
                List<Span> candidates = countedSystem.stream().filter(s -> s.label.equals(t.label) == sameLabel
                        && !s.sameBounds(t) && overlaps(t, s) && shares(t, s)).toList();
                if (candidates.isEmpty()) {
                    continue;
                }
                Span s = mostSimilar(t, candidates);
                c.count(t.label, kind);
                target.remove(t);
                consume(t, s);
                countedTarget.add(t);
            }
            // 3. predictions left against matched gold that still holds unmatched words
            for (Span s : new ArrayList<>(system)) {
                List<Span> candidates = countedTarget.stream().filter(t -> t.label.equals(s.label) == sameLabel
                        && !t.sameBounds(s) && overlaps(t, s) && shares(t, s)).toList();
                if (candidates.isEmpty()) {
                    continue;
                }
                Span t = mostSimilar(s, candidates);
                c.count(t.label, kind);
                system.remove(s);
                consume(t, s);
                countedSystem.add(s);
            }
        }
        target.forEach(t -> c.count(t.label, Counts.FN));
        system.forEach(s -> c.count(s.label, Counts.FP));
        return c;
    }

    /** IOB2 spans, read strictly (seqeval's {@code Entities} with the IOB2 scheme), left to right. */
    static List<Span> spans(List<String> tags) {
        List<Span> out = new ArrayList<>();
        int i = 0;
        while (i < tags.size()) {
            String tag = tags.get(i);
            if (!tag.startsWith("B-")) {
                i++;
                continue;
            }
            String label = tag.substring(2);
            int j = i + 1;
            while (j < tags.size() && tags.get(j).equals("I-" + label)) {
                j++;
            }
            out.add(new Span(label, i, j - 1));
            i = j;
        }
        return out;
    }

    private static Span find(List<Span> spans, java.util.function.Predicate<Span> test) {
        return spans.stream().filter(test).findFirst().orElse(null);
    }

    private static boolean overlaps(Span t, Span s) {
        Overlap o = overlap(t, s);
        return o == Overlap.BES || o == Overlap.BEL || o == Overlap.BEO;
    }

    private static boolean shares(Span a, Span b) {
        return a.tokens.stream().anyMatch(b.tokens::contains);
    }

    /** How the second span lies against the first (the reference's boundary-error types). */
    private static Overlap overlap(Span one, Span two) {
        if (one.begin == two.begin && one.end == two.end) {
            return Overlap.TP;
        }
        if (one.begin == two.begin) {
            return two.end >= one.begin && two.end < one.end ? Overlap.BES : Overlap.BEL;
        }
        if (two.begin < one.begin) {
            if (two.end < one.begin) {
                return Overlap.NONE;
            }
            return two.end < one.end ? Overlap.BEO : Overlap.BEL;
        }
        if (two.begin <= one.end) {
            return two.end <= one.end ? Overlap.BES : Overlap.BEO;
        }
        return Overlap.NONE;
    }

    /**
     * Of several candidates, the one sharing most unmatched words with {@code x}, then leaving fewest of x's words
     * out, then adding fewest words, then the shortest; the first in list order on a full tie.
     */
    private static Span mostSimilar(Span x, List<Span> candidates) {
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        Comparator<Span> order = Comparator.<Span>comparingInt(s -> -intersection(x, s))
                .thenComparingInt(s -> x.tokens.size() - intersection(x, s))
                .thenComparingInt(s -> s.tokens.size() - intersection(x, s))
                .thenComparingInt(Span::length);
        List<Span> sorted = new ArrayList<>(candidates);
        sorted.sort(order);
        return sorted.get(0);
    }

    private static int intersection(Span a, Span b) {
        int n = 0;
        for (Integer t : a.tokens) {
            if (b.tokens.contains(t)) {
                n++;
            }
        }
        return n;
    }

    /** Both spans give up the words they share. */
    private static void consume(Span t, Span s) {
        Set<Integer> shared = new HashSet<>(t.tokens);
        shared.retainAll(s.tokens);
        Set<Integer> tLeft = new HashSet<>(t.tokens);
        tLeft.removeAll(shared);
        Set<Integer> sLeft = new HashSet<>(s.tokens);
        sLeft.removeAll(shared);
        t.tokens = tLeft;
        s.tokens = sLeft;
    }

    private FairEval() {
    }
}
