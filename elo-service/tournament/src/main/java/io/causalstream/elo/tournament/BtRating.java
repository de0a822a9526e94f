package io.causalstream.elo.tournament;

/**
 * One player's Bradley-Terry result: its strength on the Elo scale, the bootstrap confidence interval of it, and
 * its rank (1 + the number of players whose lower bound exceeds this player's upper bound, so players whose
 * intervals overlap share a rank).
 */
public record BtRating(String annotationId, double score, double ciLow, double ciHigh, int rank) {
}
