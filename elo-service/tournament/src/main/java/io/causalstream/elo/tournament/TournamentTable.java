package io.causalstream.elo.tournament;

import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The Elo tournament of one passage (paper section 3.2.3: each passage is its own tournament): one player per
 * annotation, rated online, one judgment at a time. Not thread-safe; the topology loads, updates and stores one
 * table per judgment.
 *
 * <p>Decisions the paper leaves open, fixed here so every instance and every replay agrees:
 * <ul>
 *   <li>A player joins at its first judgment, rated {@link EloRating#initial()}.</li>
 *   <li>The leader is the player with the highest Elo; equal ratings are broken by the smaller annotationId
 *       ({@link String#compareTo}), a rule that depends on nothing but the table, so it is the same everywhere.</li>
 *   <li>Under {@link TiePolicy#SKIP} a tie does not move ratings but is still a counted judgment: both players'
 *       {@code games} and {@code ties} go up and {@code judgmentsApplied} too. The counts then say what raters
 *       did under either policy ({@code games == wins + losses + ties} holds), only the arithmetic differs.</li>
 * </ul>
 */
public final class TournamentTable {

    /** Highest Elo first; equal ratings by annotationId, so the first player is the {@link #leader()}. */
    public static final Comparator<Standing> RANKING =
            Comparator.comparingDouble(Standing::elo).reversed().thenComparing(Standing::annotationId);

    private final String passageId;
    private final EloRating rating;
    private final TiePolicy tiePolicy;
    private final Map<String, Standing> players = new HashMap<>();
    private long judgmentsApplied;
    private Instant updatedAt;

    private TournamentTable(String passageId, EloRating rating, TiePolicy tiePolicy) {
        if (passageId == null || passageId.isBlank()) {
            throw new IllegalArgumentException("a tournament needs a passageId");
        }
        this.passageId = passageId;
        this.rating = Objects.requireNonNull(rating, "rating");
        this.tiePolicy = Objects.requireNonNull(tiePolicy, "tiePolicy");
    }

    /** A tournament before its first judgment. */
    public static TournamentTable empty(String passageId, EloRating rating, TiePolicy tiePolicy) {
        return new TournamentTable(passageId, rating, tiePolicy);
    }

    /**
     * The table a stored {@link Tournament} record describes, ready for more judgments. Bradley-Terry fields are
     * not part of the table (see {@link #btOf(Tournament)}).
     */
    public static TournamentTable fromAvro(Tournament record, EloRating rating, TiePolicy tiePolicy) {
        TournamentTable table = new TournamentTable(record.getPassageId(), rating, tiePolicy);
        for (Player p : record.getPlayers()) {
            Standing s = new Standing(p.getAnnotationId(), p.getElo(), p.getGames(), p.getWins(), p.getLosses(),
                    p.getTies());
            if (table.players.put(s.annotationId(), s) != null) {
                throw new IllegalArgumentException("tournament " + record.getPassageId() + " lists player "
                        + s.annotationId() + " twice");
            }
        }
        table.judgmentsApplied = record.getJudgmentsApplied();
        table.updatedAt = record.getUpdatedAt();
        return table;
    }

    /**
     * Counts one judgment between two annotations of this passage.
     *
     * @param left    annotationId shown on the left
     * @param right   annotationId shown on the right
     * @param outcome LEFT or RIGHT wins, or TIE (scored by the {@link TiePolicy})
     * @param time    when the judgment was made; becomes {@code updatedAt}
     */
    public void apply(String left, String right, Outcome outcome, Instant time) {
        if (left == null || left.isBlank() || right == null || right.isBlank()) {
            throw new IllegalArgumentException("a judgment needs two annotationIds, got '" + left + "' and '"
                    + right + "'");
        }
        if (left.equals(right)) {
            throw new IllegalArgumentException("an annotation cannot play against itself: " + left);
        }
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(time, "time");
        Standing l = players.getOrDefault(left, Standing.newcomer(left, rating.initial()));
        Standing r = players.getOrDefault(right, Standing.newcomer(right, rating.initial()));
        switch (outcome) {
            case LEFT -> {
                EloRating.Pair p = rating.play(l.elo(), r.elo(), 1.0);
                l = l.won(p.a());
                r = r.lost(p.b());
            }
            case RIGHT -> {
                EloRating.Pair p = rating.play(l.elo(), r.elo(), 0.0);
                l = l.lost(p.a());
                r = r.won(p.b());
            }
            case TIE -> {
                if (tiePolicy == TiePolicy.HALF) {
                    EloRating.Pair p = rating.play(l.elo(), r.elo(), 0.5);
                    l = l.tied(p.a());
                    r = r.tied(p.b());
                } else {
                    l = l.tied(l.elo());
                    r = r.tied(r.elo());
                }
            }
        }
        players.put(left, l);
        players.put(right, r);
        judgmentsApplied++;
        updatedAt = time;
    }

    /** The annotation ranked first (see {@link #RANKING}); empty before the first judgment. */
    public Optional<String> leader() {
        return players.values().stream().min(RANKING).map(Standing::annotationId);
    }

    public Optional<Standing> standing(String annotationId) {
        return Optional.ofNullable(players.get(annotationId));
    }

    /** All players, best first. */
    public List<Standing> standings() {
        List<Standing> out = new ArrayList<>(players.values());
        out.sort(RANKING);
        return out;
    }

    public String passageId() {
        return passageId;
    }

    public long judgmentsApplied() {
        return judgmentsApplied;
    }

    /** Time of the last judgment counted; empty before the first. */
    public Optional<Instant> updatedAt() {
        return Optional.ofNullable(updatedAt);
    }

    /** The Avro record of this table: players best first, leader, counts (epoch as updatedAt before any game). */
    public Tournament toAvro() {
        return toAvro(Map.of());
    }

    /**
     * The Avro record of this table with Bradley-Terry results beside Elo: a player missing from {@code bt} (not
     * fitted yet) has null BT fields.
     */
    public Tournament toAvro(Map<String, BtRating> bt) {
        List<Player> avroPlayers = new ArrayList<>();
        for (Standing s : standings()) {
            BtRating b = bt.get(s.annotationId());
            avroPlayers.add(Player.newBuilder().setAnnotationId(s.annotationId()).setElo(s.elo())
                    .setGames(s.games()).setWins(s.wins()).setLosses(s.losses()).setTies(s.ties())
                    .setBtScore(b == null ? null : b.score())
                    .setBtCiLow(b == null ? null : b.ciLow())
                    .setBtCiHigh(b == null ? null : b.ciHigh())
                    .setBtRank(b == null ? null : b.rank())
                    .build());
        }
        return Tournament.newBuilder()
                .setPassageId(passageId)
                .setPlayers(avroPlayers)
                .setLeader(leader().orElse(null))
                .setJudgmentsApplied(judgmentsApplied)
                .setUpdatedAt(updatedAt == null ? Instant.EPOCH : updatedAt)
                .build();
    }

    /** The Bradley-Terry results a stored record carries, by annotationId (players not fitted yet are absent). */
    public static Map<String, BtRating> btOf(Tournament record) {
        Map<String, BtRating> out = new HashMap<>();
        if (record == null) {
            return out;
        }
        for (Player p : record.getPlayers()) {
            if (p.getBtScore() != null && p.getBtCiLow() != null && p.getBtCiHigh() != null
                    && p.getBtRank() != null) {
                out.put(p.getAnnotationId(), new BtRating(p.getAnnotationId(), p.getBtScore(), p.getBtCiLow(),
                        p.getBtCiHigh(), p.getBtRank()));
            }
        }
        return out;
    }
}
