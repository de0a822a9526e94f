package io.causalstream.scorer.archfixture;

import io.causalstream.elo.app.EloSettings;

/** Breaks the architecture on purpose: one service using another's classes (see ArchitectureTest). */
public final class ScorerThatUsesTheEloService {

    public static String eloApplicationId(EloSettings settings) {
        return settings.toString();
    }

    private ScorerThatUsesTheEloService() {
    }
}
