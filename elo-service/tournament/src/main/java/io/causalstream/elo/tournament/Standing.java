package io.causalstream.elo.tournament;

/**
 * One player's line in a tournament table: an annotation of the passage, its Elo rating and its record.
 * {@code games == wins + losses + ties} always holds.
 */
public record Standing(String annotationId, double elo, int games, int wins, int losses, int ties) {

    public Standing {
        if (annotationId == null || annotationId.isBlank()) {
            throw new IllegalArgumentException("a player needs an annotationId");
        }
        if (games != wins + losses + ties) {
            throw new IllegalArgumentException("player " + annotationId + ": games (" + games
                    + ") must equal wins + losses + ties (" + wins + " + " + losses + " + " + ties + ")");
        }
    }

    /** A player before its first game. */
    public static Standing newcomer(String annotationId, double initialElo) {
        return new Standing(annotationId, initialElo, 0, 0, 0, 0);
    }

    Standing won(double newElo) {
        return new Standing(annotationId, newElo, games + 1, wins + 1, losses, ties);
    }

    Standing lost(double newElo) {
        return new Standing(annotationId, newElo, games + 1, wins, losses + 1, ties);
    }

    Standing tied(double newElo) {
        return new Standing(annotationId, newElo, games + 1, wins, losses, ties + 1);
    }
}
