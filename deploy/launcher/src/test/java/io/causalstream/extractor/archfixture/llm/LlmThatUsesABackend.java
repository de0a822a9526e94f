package io.causalstream.extractor.archfixture.llm;

import io.causalstream.extractor.archfixture.backend.BackendThatUsesTheLlm;

/** Breaks the architecture on purpose: one half of a package cycle (see ModuleArchitectureTest). */
public final class LlmThatUsesABackend {

    public static String name(BackendThatUsesTheLlm backend) {
        return backend.toString();
    }

    private LlmThatUsesABackend() {
    }
}
