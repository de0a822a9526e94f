package io.causalstream.elo.topology;

import io.causalstream.elo.tournament.BtSettings;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.TiePolicy;
import java.time.Duration;

/**
 * What the Elo topology is built from. The service reads it from its configuration (the Elo settings' {@code
 * topology()}, where the keys are listed); tests and tools may build it directly.
 *
 * @param rating           the Elo arithmetic (K-factor, initial rating)
 * @param ties             how a tie counts
 * @param bt               the Bradley-Terry fit beside Elo
 * @param refit            when and how the passages whose counts changed are refitted
 * @param passageCacheSize passages whose table and head-to-head counts each task keeps decoded; 0: none
 * @param limits           the longest passage and the largest annotation kept
 */
public record TopologySettings(EloRating rating, TiePolicy ties, BtSettings bt, Refit refit, int passageCacheSize,
                               Limits limits) {

    /**
     * @param interval how often the passages marked for a refit are refitted (wall-clock punctuation)
     * @param budget   most time one refit run may fit (it stops after the fit that crosses it)
     * @param async    fits run on a virtual thread and the next punctuation writes them; false: on the stream thread
     */
    public record Refit(Duration interval, Duration budget, boolean async) {
    }

    /**
     * @param maxPassageChars the longest passage text kept
     * @param maxEdges        annotations with more triples are dead-lettered
     */
    public record Limits(int maxPassageChars, int maxEdges) {
    }
}
