package io.causalstream.runtime.archfixture;

import io.causalstream.deploy.LocalLauncher;

/** Breaks the architecture on purpose: a shared library using the launcher above it (see ArchitectureTest). */
public final class RuntimeThatUsesTheLauncher {

    public static String launcherName() {
        return LocalLauncher.class.getSimpleName();
    }

    private RuntimeThatUsesTheLauncher() {
    }
}
