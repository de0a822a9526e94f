package io.causalstream.elo.tournament;

import io.causalstream.schemas.judgment.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The head-to-head record of one passage: a {@link PairCount} per pair of players that met. This is all a
 * Bradley-Terry fit needs, and unlike the online Elo it does not depend on the order judgments arrived in.
 * Not thread-safe.
 */
public final class PairCounts {

    private final TreeMap<String, PairCount> pairs = new TreeMap<>();
    /** One String object per player, shared by all its rows: the store format looks players up by identity. */
    private final Map<String, String> names = new HashMap<>();

    public static PairCounts of(List<PairCount> rows) {
        PairCounts counts = new PairCounts();
        for (PairCount row : rows) {
            PairCount shared = new PairCount(counts.name(row.a()), counts.name(row.b()), row.aWins(), row.bWins(),
                    row.ties());
            if (counts.pairs.put(key(row.a(), row.b()), shared) != null) {
                throw new IllegalArgumentException("pair " + row.a() + "/" + row.b() + " listed twice");
            }
        }
        return counts;
    }

    /** Counts one judgment: {@code outcome} says whether {@code left}, {@code right} or neither won. */
    public void add(String left, String right, Outcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        if (left.equals(right)) {
            throw new IllegalArgumentException("an annotation cannot play against itself: " + left);
        }
        boolean leftIsA = left.compareTo(right) < 0;
        String a = name(leftIsA ? left : right);
        String b = name(leftIsA ? right : left);
        PairCount c = pairs.getOrDefault(key(a, b), new PairCount(a, b, 0, 0, 0));
        boolean aWon = outcome == Outcome.LEFT ? leftIsA : !leftIsA;
        PairCount next = switch (outcome) {
            case TIE -> new PairCount(a, b, c.aWins(), c.bWins(), c.ties() + 1);
            case LEFT, RIGHT -> aWon ? new PairCount(a, b, c.aWins() + 1, c.bWins(), c.ties())
                    : new PairCount(a, b, c.aWins(), c.bWins() + 1, c.ties());
        };
        pairs.put(key(a, b), next);
    }

    /** Judgments of the pair {@code x}, {@code y} in either orientation; 0 when they never met. */
    public int games(String x, String y) {
        PairCount c = x.compareTo(y) < 0 ? pairs.get(key(x, y)) : pairs.get(key(y, x));
        return c == null ? 0 : c.games();
    }

    /** Every pair that met, sorted by (a, b). */
    public List<PairCount> rows() {
        return new ArrayList<>(pairs.values());
    }

    /** Judgments counted, ties included. */
    public long total() {
        long n = 0;
        for (PairCount c : pairs.values()) {
            n += c.games();
        }
        return n;
    }

    private String name(String id) {
        String shared = names.putIfAbsent(id, id);
        return shared == null ? id : shared;
    }

    private static String key(String a, String b) {
        return a + '\u0000' + b;
    }
}
