package io.causalstream.elo.rater;

import io.causalstream.elo.tournament.PairCounts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Picks the next pair a rater should judge, the most informative first, among the pairs this rater has not judged
 * yet (a rater's first vote on a pair is the one that counts, see {@link JudgmentIds}): the pair with the fewest
 * games, then the one whose players are rated closest (an even game teaches the most), then by passage and
 * annotation ids so every instance picks the same. A pair with an annotation the
 * rater wrote is never offered (paper 3.2.3).
 */
public final class PairChooser {

    /** A pair one rater could be shown, with what makes it informative. */
    public record Candidate(String passageId, String left, String right, int pairGames, double ratingGap) {
    }

    /** Orders candidates, most informative first. */
    public static final Comparator<Candidate> MOST_INFORMATIVE = Comparator
            .comparingInt(Candidate::pairGames)
            .thenComparingDouble(Candidate::ratingGap)
            .thenComparing(Candidate::passageId)
            .thenComparing(c -> min(c.left(), c.right()))
            .thenComparing(c -> max(c.left(), c.right()));

    /**
     * The candidate pairs of one passage for {@code raterId}.
     *
     * @param annotations  annotationId -> annotator id, every annotation of the passage
     * @param counts       the passage's head-to-head counts
     * @param elo          current Elo of the players that played; others count as {@code initialElo}
     * @param judgedByRater item keys (see {@link io.causalstream.elo.reliability.RaterReliability#itemKey}) this
     *                     rater already judged; those pairs are left out
     */
    public static List<Candidate> candidates(String passageId, String raterId, Map<String, String> annotations,
                                             PairCounts counts, Map<String, Double> elo, double initialElo,
                                             Set<String> judgedByRater) {
        List<String> eligible = annotations.entrySet().stream()
                .filter(e -> !e.getValue().equalsIgnoreCase(raterId))
                .map(Map.Entry::getKey).sorted().toList();
        List<Candidate> out = new ArrayList<>();
        for (int i = 0; i < eligible.size(); i++) {
            for (int j = i + 1; j < eligible.size(); j++) {
                String a = eligible.get(i);
                String b = eligible.get(j);
                if (judgedByRater.contains(io.causalstream.elo.reliability.RaterReliability.itemKey(passageId, a,
                        b))) {
                    continue;
                }
                int games = counts.games(a, b);
                double gap = Math.abs(elo.getOrDefault(a, initialElo) - elo.getOrDefault(b, initialElo));
                // alternate sides with each game of the pair, so neither annotation always shows on the left
                out.add(games % 2 == 0 ? new Candidate(passageId, a, b, games, gap)
                        : new Candidate(passageId, b, a, games, gap));
            }
        }
        out.sort(MOST_INFORMATIVE);
        return out;
    }

    private static String min(String x, String y) {
        return x.compareTo(y) <= 0 ? x : y;
    }

    private static String max(String x, String y) {
        return x.compareTo(y) <= 0 ? y : x;
    }

    private PairChooser() {
    }
}
