package io.causalstream.research.archfixture;

import io.causalstream.deploy.LocalLauncher;

/** Breaks the architecture on purpose: a research tool using the launcher above it (see ArchitectureTest). */
public final class ResearchThatUsesTheLauncher {

    public static String launcherName() {
        return LocalLauncher.class.getSimpleName();
    }

    private ResearchThatUsesTheLauncher() {
    }
}
