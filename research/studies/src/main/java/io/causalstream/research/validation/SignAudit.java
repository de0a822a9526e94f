package io.causalstream.research.validation;

import io.causalstream.extractor.dataset.GoldPassage;
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
                         int bothSignsValidated) {

        /** Flipped VALIDATED / all VALIDATED, or NaN when nothing is VALIDATED. */
        public double wrongShare() {
            int all = goldValidated + flippedValidated;
            return all == 0 ? Double.NaN : flippedValidated / (double) all;
        }
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
        int goldValidated = validated(validation.validateAll(gold));
        int flippedValidated = validated(validation.validateAll(flipped));
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
        return new Result(gold.size(), goldEdges, goldValidated, flippedValidated, pairs, bothValidated);
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
