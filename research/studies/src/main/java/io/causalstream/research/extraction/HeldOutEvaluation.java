package io.causalstream.research.extraction;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.measures.Edge;
import io.causalstream.measures.TripleMatch;
import io.causalstream.measures.TripleMatchScore;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An extractor on a held-out set ({@link HeldOutPassages}): triple precision, recall and F1 ({@link TripleMatch},
 * micro-averaged over the passages), and how many triples it invents on the passages that assert nothing.
 */
public final class HeldOutEvaluation {

    /**
     * One backend's row.
     *
     * @param backend          the backend's name
     * @param score            the micro-averaged triple match (its {@code predicted} is the triples column)
     * @param invented         predicted triples on the passages with empty gold
     * @param inventedPassages of those passages, how many got at least one triple
     * @param noClaimPassages  passages with empty gold
     */
    public record Row(String backend, TripleMatchScore score, int invented, int inventedPassages,
                      int noClaimPassages) {
    }

    private final TripleMatch match;

    public HeldOutEvaluation(TripleMatch match) {
        this.match = match;
    }

    /** Runs the extractor on every passage, then {@link #score}s its triples. */
    public Row evaluate(String backend, Extractor extractor, List<HeldOutPassage> passages) {
        List<List<Edge>> predicted = new ArrayList<>(passages.size());
        for (HeldOutPassage p : passages) {
            Passage passage = new Passage("heldout-" + p.id(), p.text(), null, null, null, Map.of(), Instant.EPOCH);
            predicted.add(extractor.extract(passage).triples().stream().map(Edge::of).toList());
        }
        return score(backend, passages, predicted);
    }

    /** {@code predicted.get(i)} holds the triples predicted for {@code passages.get(i)}. */
    public Row score(String backend, List<HeldOutPassage> passages, List<List<Edge>> predicted) {
        if (predicted.size() != passages.size()) {
            throw new IllegalArgumentException(predicted.size() + " predictions for " + passages.size() + " passages");
        }
        TripleMatchScore total = TripleMatchScore.ZERO;
        int invented = 0;
        int inventedPassages = 0;
        int noClaim = 0;
        for (int i = 0; i < passages.size(); i++) {
            TripleMatchScore s = match.score(predicted.get(i), passages.get(i).gold());
            total = total.plus(s);
            if (passages.get(i).noClaim()) {
                noClaim++;
                invented += s.predicted();
                inventedPassages += s.predicted() > 0 ? 1 : 0;
            }
        }
        return new Row(backend, total, invented, inventedPassages, noClaim);
    }

    /** The table {@code evaluate} prints: a header naming the set and the match, then a row per backend. */
    public static String format(String source, List<HeldOutPassage> passages, List<Row> rows, TripleMatch match) {
        long domains = passages.stream().map(HeldOutPassage::domain).filter(d -> !d.isEmpty()).distinct().count();
        int gold = passages.stream().mapToInt(p -> p.gold().size()).sum();
        long noClaim = passages.stream().filter(HeldOutPassage::noClaim).count();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Held-out passages (%s): %d passages, %d domains, %d gold triples, %d "
                + "passages with no claim%n", source, passages.size(), domains, gold, noClaim));
        b.append(String.format(Locale.ROOT, "triple match: both nodes %s >= %s and the same direction, one-to-one; "
                + "micro-averaged over the passages%n", match.similarity().name(), match.threshold()));
        b.append(String.format(Locale.ROOT, "%-12s %7s %5s %9s %7s %9s   %s%n", "backend", "triples", "TP",
                "precision", "recall", "triple F1", "invented on passages with no claim"));
        for (Row r : rows) {
            TripleMatchScore s = r.score();
            b.append(String.format(Locale.ROOT, "%-12s %7d %5d %9.3f %7.3f %9.3f   %d (on %d of %d passages)%n",
                    r.backend(), s.predicted(), s.tp(), s.precision(), s.recall(), s.f1(), r.invented(),
                    r.inventedPassages(), r.noClaimPassages()));
        }
        return b.toString();
    }
}
