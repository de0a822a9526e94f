package io.causalstream.research.study;

import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.elo.tournament.BtRating;
import io.causalstream.elo.tournament.BtSettings;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.elo.tournament.Standing;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.elo.tournament.TournamentTable;
import io.causalstream.research.study.ReleasedJudgments.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The released judgments replayed through the elo-service's own tournament code (the classes the stream runs):
 * the online Elo of {@link TournamentTable} (K = 32, initial 1000, the paper's) in the given order and tie
 * policy, or the order-free Bradley-Terry fit of {@link BradleyTerry} over the same judgments. Passages are keyed
 * by their released number (1-based).
 */
public final class JudgmentReplay {

    /** BT point estimates only (the study does not use the per-player intervals). */
    static final BtSettings BT = new BtSettings(BtSettings.DEFAULT.ridge(), 0, BtSettings.DEFAULT.confidence(),
            BtSettings.DEFAULT.center());

    /** One tournament per passage number, the judgments applied in list order. */
    public static Map<Integer, TournamentTable> elo(List<Judgment> judgments, TiePolicy ties) {
        Map<Integer, TournamentTable> tables = new TreeMap<>();
        for (Judgment j : judgments) {
            tables.computeIfAbsent(j.passage(), n -> TournamentTable.empty("elo-" + n, EloRating.PAPER, ties))
                    .apply(j.left(), j.right(), outcome(j), Instant.EPOCH);
        }
        return tables;
    }

    /** Final Elo per passage number and player. */
    public static Map<Integer, Map<String, Double>> eloRatings(List<Judgment> judgments, TiePolicy ties) {
        Map<Integer, Map<String, Double>> out = new TreeMap<>();
        elo(judgments, ties).forEach((n, t) -> {
            Map<String, Double> m = new LinkedHashMap<>();
            for (Standing s : t.standings()) {
                m.put(s.annotationId(), s.elo());
            }
            out.put(n, m);
        });
        return out;
    }

    /**
     * Bradley-Terry scores per passage number and player: under {@link TiePolicy#HALF} a tie is half a win for
     * each (the fit's own rule), under {@link TiePolicy#SKIP} ties are dropped.
     */
    public static Map<Integer, Map<String, Double>> btRatings(List<Judgment> judgments, TiePolicy ties) {
        Map<Integer, PairCounts> counts = new TreeMap<>();
        for (Judgment j : judgments) {
            counts.computeIfAbsent(j.passage(), n -> new PairCounts()).add(j.left(), j.right(), outcome(j));
        }
        BradleyTerry bt = new BradleyTerry(BT);
        Map<Integer, Map<String, Double>> out = new TreeMap<>();
        counts.forEach((n, c) -> {
            List<PairCount> rows = new ArrayList<>();
            for (PairCount r : c.rows()) {
                rows.add(ties == TiePolicy.HALF ? r : new PairCount(r.a(), r.b(), r.aWins(), r.bWins(), 0));
            }
            Map<String, Double> m = new LinkedHashMap<>();
            for (BtRating r : bt.fit("elo-" + n, rows)) {
                m.put(r.annotationId(), r.score());
            }
            out.put(n, m);
        });
        return out;
    }

    /** A study ranking from ratings keyed by passage number 1..n. */
    public static HumanRanking ranking(String name, Map<Integer, Map<String, Double>> ratings) {
        List<Map<String, Double>> rows = new ArrayList<>();
        for (int n = 1; n <= ratings.size(); n++) {
            Map<String, Double> m = ratings.get(n);
            if (m == null) {
                throw new IllegalArgumentException(name + ": no judgments for passage " + n);
            }
            rows.add(m);
        }
        return HumanRanking.of(name, rows);
    }

    static Outcome outcome(Judgment j) {
        return j.tie() ? Outcome.TIE : j.winner().equals(j.left()) ? Outcome.LEFT : Outcome.RIGHT;
    }

    private JudgmentReplay() {
    }
}
