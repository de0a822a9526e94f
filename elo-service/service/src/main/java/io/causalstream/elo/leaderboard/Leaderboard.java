package io.causalstream.elo.leaderboard;

import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Annotators ranked across passages: for each annotator (who or what wrote annotations), how its annotations
 * placed in their passages' tournaments. Kept as sums, so the leaderboards of disjoint sets of passages (the
 * partitions several instances own) merge into the leaderboard of all of them.
 *
 * <p>An annotation's Elo rank in its passage is 1 + the number of players rated strictly higher (equal ratings
 * share a rank); its Bradley-Terry rank is the tournament's {@code btRank} (counted once fitted).
 */
public final class Leaderboard {

    /** The sums of one annotator. */
    public record Line(String annotatorId, int annotations, long eloRankSum, int btRanked, long btRankSum,
                       long wins, long losses, long ties, int leads) {

        Line plus(Line o) {
            return new Line(annotatorId, annotations + o.annotations, eloRankSum + o.eloRankSum,
                    btRanked + o.btRanked, btRankSum + o.btRankSum, wins + o.wins, losses + o.losses,
                    ties + o.ties, leads + o.leads);
        }
    }

    /** One annotator's standing: means and rates computed from its {@link Line}. */
    public record Row(String annotatorId, int annotations, double meanEloRank, Double meanBtRank, long games,
                      long wins, long losses, long ties, double winRate, int leads) {
    }

    private final TreeMap<String, Line> lines = new TreeMap<>();

    public static Leaderboard of(List<Line> lines) {
        Leaderboard b = new Leaderboard();
        lines.forEach(b::add);
        return b;
    }

    /**
     * Adds one passage's tournament.
     *
     * @param annotatorOf annotationId -> annotator id; a player missing from it counts as its own annotator
     */
    public void add(Tournament t, Map<String, String> annotatorOf) {
        for (Player p : t.getPlayers()) {
            int higher = 0;
            for (Player q : t.getPlayers()) {
                if (q.getElo() > p.getElo()) {
                    higher++;
                }
            }
            String annotator = annotatorOf.getOrDefault(p.getAnnotationId(), p.getAnnotationId());
            boolean ranked = p.getBtRank() != null;
            add(new Line(annotator, 1, 1 + higher, ranked ? 1 : 0, ranked ? p.getBtRank() : 0, p.getWins(),
                    p.getLosses(), p.getTies(), p.getAnnotationId().equals(t.getLeader()) ? 1 : 0));
        }
    }

    private void add(Line line) {
        lines.merge(line.annotatorId(), line, Line::plus);
    }

    public Leaderboard merge(Leaderboard other) {
        other.lines.values().forEach(this::add);
        return this;
    }

    /** The sums, by annotator id. */
    public List<Line> lines() {
        return new ArrayList<>(lines.values());
    }

    /** Best first: lowest mean Elo rank, then highest win rate (a tie counts half), then annotator id. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Line l : lines.values()) {
            long games = l.wins() + l.losses() + l.ties();
            rows.add(new Row(l.annotatorId(), l.annotations(), (double) l.eloRankSum() / l.annotations(),
                    l.btRanked() == 0 ? null : (double) l.btRankSum() / l.btRanked(), games, l.wins(), l.losses(),
                    l.ties(), games == 0 ? 0 : (l.wins() + 0.5 * l.ties()) / games, l.leads()));
        }
        rows.sort(Comparator.comparingDouble(Row::meanEloRank)
                .thenComparing(Comparator.comparingDouble(Row::winRate).reversed())
                .thenComparing(Row::annotatorId));
        return rows;
    }
}
