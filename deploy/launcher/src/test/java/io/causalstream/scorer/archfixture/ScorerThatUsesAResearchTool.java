package io.causalstream.scorer.archfixture;

import io.causalstream.research.cesar.EncoderConfig;

/** Breaks the architecture on purpose: a service using a research tool above it (see ArchitectureTest). */
public final class ScorerThatUsesAResearchTool {

    public static String toolName() {
        return EncoderConfig.class.getSimpleName();
    }

    private ScorerThatUsesAResearchTool() {
    }
}
