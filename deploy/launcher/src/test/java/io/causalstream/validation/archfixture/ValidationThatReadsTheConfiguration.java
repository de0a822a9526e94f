package io.causalstream.validation.archfixture;

import io.causalstream.runtime.Config;

/** Breaks the architecture on purpose: a method library reading the service configuration (see ArchitectureTest). */
public final class ValidationThatReadsTheConfiguration {

    public static String describe(Config config) {
        return config.toString();
    }

    private ValidationThatReadsTheConfiguration() {
    }
}
