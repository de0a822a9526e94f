package io.causalstream.research.validation;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.research.benchmark.CharSpan;
import io.causalstream.research.benchmark.SemEvalPairs;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.ValidatedEdge;
import io.causalstream.validation.ValidatedGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * How often staged validation passes an edge whose sign contradicts the gold, on passages with gold triples. Each
 * passage is validated three times: as the gold (every sign right), with every sign flipped (every sign wrong), and
 * with both (each gold pair twice, once per sign, in one extraction). From these:
 * <ul>
 *   <li>{@code wrongShare} = flipped VALIDATED / (gold VALIDATED + flipped VALIDATED): the share of VALIDATED edges
 *       whose sign contradicts the gold, when right and wrong signs are offered equally often;</li>
 *   <li>{@code goldValidated}: the correct edges VALIDATED (what a stricter check costs);</li>
 *   <li>{@code bothSignsValidated}: gold pairs for which the two-sign extraction has both signs VALIDATED.</li>
 * </ul>
 */
public final class SignAudit {

    /** The counts over a set of passages. */
    public record Result(int passages, int goldEdges, int goldValidated, int flippedValidated, int pairs,
                         int bothSignsValidated, int goldGrounded, int goldWithEvidence, List<String> wrong,
                         List<String> goldNotValidated) {

        public Result {
            wrong = List.copyOf(wrong);
            goldNotValidated = List.copyOf(goldNotValidated);
        }

        /** Flipped VALIDATED / all VALIDATED, or NaN when nothing is VALIDATED. */
        public double wrongShare() {
            int all = goldValidated + flippedValidated;
            return all == 0 ? Double.NaN : flippedValidated / (double) all;
        }

        /** Gold VALIDATED / gold edges. */
        public double goldShare() {
            return goldEdges == 0 ? Double.NaN : goldValidated / (double) goldEdges;
        }

        /** The counts of two sets together. */
        public Result plus(Result o) {
            List<String> both = new ArrayList<>(wrong);
            both.addAll(o.wrong);
            return new Result(passages + o.passages, goldEdges + o.goldEdges, goldValidated + o.goldValidated,
                    flippedValidated + o.flippedValidated, pairs + o.pairs, bothSignsValidated + o.bothSignsValidated,
                    goldGrounded + o.goldGrounded, goldWithEvidence + o.goldWithEvidence, both, List.of());
        }
    }

    /**
     * Direction and "no link" on sentences with two marked concepts and no sign (SemEval-2010 Task 8): each pair is
     * offered with INCREASE and with DECREASE, each in an extraction of its own, and counts as VALIDATED when either
     * is. A Cause-Effect sentence is offered cause -> effect (right) and effect -> cause (wrong); a sentence of any
     * other relation both ways (wrong: it states no causal link).
     *
     * @param causal            Cause-Effect sentences
     * @param forwardValidated  of them, cause -> effect VALIDATED
     * @param reversedValidated of them, effect -> cause VALIDATED
     * @param other             sentences of another relation
     * @param otherValidated    of them, either order VALIDATED
     */
    public record DirectionResult(int causal, int forwardValidated, int reversedValidated, int other,
                                  int otherValidated) {

        /** Wrong VALIDATED (reversed, or no link stated) / all VALIDATED. */
        public double wrongShare() {
            int all = forwardValidated + reversedValidated + otherValidated;
            return all == 0 ? Double.NaN : (reversedValidated + otherValidated) / (double) all;
        }

        /**
         * As sign-audit counts, to pool with them in a choice: the Cause-Effect sentences are the gold edges, cause ->
         * effect VALIDATED the right ones, effect -> cause and any other relation VALIDATED the wrong ones.
         */
        public Result asResult() {
            return new Result(causal + other, causal, forwardValidated, reversedValidated + otherValidated, 0, 0, 0, 0,
                    List.of(), List.of());
        }

        /** Reversed / (forward + reversed): right and wrong direction offered equally often. */
        public double directionWrongShare() {
            int all = forwardValidated + reversedValidated;
            return all == 0 ? Double.NaN : reversedValidated / (double) all;
        }
    }

    public static DirectionResult direction(EdgeValidation validation, List<SemEvalPairs.Pair> sentences) {
        List<EdgeValidation.Extraction> offered = new ArrayList<>();
        for (SemEvalPairs.Pair s : sentences) {
            CharSpan a = s.cause().orElse(s.e1());
            CharSpan b = s.effect().orElse(s.e2());
            String first = s.text().substring(a.start(), a.end());
            String second = s.text().substring(b.start(), b.end());
            for (String[] pair : List.of(new String[] {first, second}, new String[] {second, first})) {
                for (Direction d : Direction.values()) {
                    offered.add(new EdgeValidation.Extraction(s.text(), List.of(Triple.newBuilder()
                            .setSource(pair[0]).setTarget(pair[1]).setDirection(d).build())));
                }
            }
        }
        List<ValidatedGraph> graphs = validation.validateAll(offered);
        int causal = 0;
        int forward = 0;
        int reversed = 0;
        int other = 0;
        int otherValidated = 0;
        for (int i = 0; i < sentences.size(); i++) {
            boolean f = validated(graphs.get(4 * i)) || validated(graphs.get(4 * i + 1));
            boolean r = validated(graphs.get(4 * i + 2)) || validated(graphs.get(4 * i + 3));
            if (sentences.get(i).causeEffect()) {
                causal++;
                forward += f ? 1 : 0;
                reversed += r ? 1 : 0;
            } else {
                other++;
                otherValidated += f || r ? 1 : 0;
            }
        }
        return new DirectionResult(causal, forward, reversed, other, otherValidated);
    }

    private static boolean validated(ValidatedGraph g) {
        return !g.edges().isEmpty() && g.edges().stream().allMatch(e -> e.state() == ValidationState.VALIDATED);
    }

    private SignAudit() {
    }

    public static Result run(EdgeValidation validation, List<GoldPassage> passages) {
        List<EdgeValidation.Extraction> gold = new ArrayList<>();
        List<EdgeValidation.Extraction> flipped = new ArrayList<>();
        List<EdgeValidation.Extraction> both = new ArrayList<>();
        int goldEdges = 0;
        int pairs = 0;
        for (GoldPassage p : passages) {
            List<Triple> distinct = distinctPairs(p.gold());
            if (distinct.isEmpty()) {
                continue;
            }
            List<Triple> wrong = distinct.stream().map(SignAudit::flip).toList();
            List<Triple> twoSigns = new ArrayList<>();
            for (int i = 0; i < distinct.size(); i++) {
                twoSigns.add(distinct.get(i));
                twoSigns.add(wrong.get(i));
            }
            gold.add(new EdgeValidation.Extraction(p.text(), distinct));
            flipped.add(new EdgeValidation.Extraction(p.text(), wrong));
            both.add(new EdgeValidation.Extraction(p.text(), twoSigns));
            goldEdges += distinct.size();
            pairs += distinct.size();
        }
        List<ValidatedGraph> goldGraphs = validation.validateAll(gold);
        int goldValidated = validated(goldGraphs);
        List<ValidatedGraph> flippedGraphs = validation.validateAll(flipped);
        int flippedValidated = validated(flippedGraphs);
        List<String> wrong = new ArrayList<>();
        for (int g = 0; g < flippedGraphs.size(); g++) {
            for (ValidatedEdge e : flippedGraphs.get(g).edges()) {
                if (e.state() == ValidationState.VALIDATED) {
                    wrong.add(e.triple().getSource() + " -" + e.triple().getDirection() + "-> " + e.triple().getTarget()
                            + " | " + e.stage("evidence").map(v -> v.reason()).orElse("") + " | "
                            + e.stage("verification").map(v -> v.reason()).orElse(""));
                }
            }
        }
        int grounded = 0;
        int evidenced = 0;
        java.util.Map<String, Integer> reasons = new java.util.TreeMap<>();
        for (ValidatedGraph g : goldGraphs) {
            for (ValidatedEdge e : g.edges()) {
                if (e.state() != ValidationState.VALIDATED) {
                    String why = !e.stage("grounding").map(v -> v.passed()).orElse(false) ? "not grounded"
                            : !e.stage("evidence").map(v -> v.passed()).orElse(false) ? "no evidence"
                            : e.stage("verification").map(v -> v.reason()).orElse("")
                            .replaceAll("[0-9]+(\\.[0-9]+)?", "#").replaceAll("'[^']*'", "'…'");
                    reasons.merge(why, 1, Integer::sum);
                }
                grounded += e.stage("grounding").map(v -> v.passed()).orElse(false) ? 1 : 0;
                evidenced += e.stage("grounding").map(v -> v.passed()).orElse(false)
                        && e.stage("evidence").map(v -> v.passed()).orElse(false) ? 1 : 0;
            }
        }
        int bothValidated = 0;
        for (ValidatedGraph g : validation.validateAll(both)) {
            // edges come in (gold, flipped) pairs by original index: 2k and 2k + 1
            java.util.Map<Integer, Integer> perPair = new java.util.HashMap<>();
            for (ValidatedEdge e : g.edges()) {
                if (e.state() == ValidationState.VALIDATED) {
                    perPair.merge(e.originalIndex() / 2, 1 << (e.originalIndex() % 2), (a, b) -> a | b);
                }
            }
            bothValidated += (int) perPair.values().stream().filter(v -> v == 3).count();
        }
        List<String> notValidated = new ArrayList<>();
        reasons.forEach((k, v) -> notValidated.add(v + " x " + k));
        return new Result(gold.size(), goldEdges, goldValidated, flippedValidated, pairs, bothValidated, grounded,
                evidenced, wrong, notValidated);
    }

    /**
     * The gold triples with one per (source, target): a passage whose gold gives one pair both signs has no sign to
     * check against.
     */
    static List<Triple> distinctPairs(List<Triple> gold) {
        java.util.Map<List<String>, List<Triple>> byPair = new java.util.LinkedHashMap<>();
        for (Triple t : gold) {
            byPair.computeIfAbsent(List.of(t.getSource(), t.getTarget()), k -> new ArrayList<>()).add(t);
        }
        List<Triple> out = new ArrayList<>();
        for (List<Triple> ts : byPair.values()) {
            if (ts.stream().map(Triple::getDirection).distinct().count() == 1) {
                out.add(ts.getFirst());
            }
        }
        return out;
    }

    static Triple flip(Triple t) {
        return Triple.newBuilder(t).setDirection(t.getDirection() == Direction.INCREASE ? Direction.DECREASE
                : Direction.INCREASE).build();
    }

    /** Edges VALIDATED, counted once per extracted triple (a split triple counts when every part is). */
    private static int validated(List<ValidatedGraph> graphs) {
        int n = 0;
        for (ValidatedGraph g : graphs) {
            java.util.Map<Integer, Boolean> all = new java.util.HashMap<>();
            for (ValidatedEdge e : g.edges()) {
                all.merge(e.originalIndex(), e.state() == ValidationState.VALIDATED, Boolean::logicalAnd);
            }
            n += (int) all.values().stream().filter(b -> b).count();
        }
        return n;
    }
}
