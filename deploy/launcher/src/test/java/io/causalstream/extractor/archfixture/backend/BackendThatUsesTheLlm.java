package io.causalstream.extractor.archfixture.backend;

import io.causalstream.extractor.archfixture.llm.LlmThatUsesABackend;

/** Breaks the architecture on purpose: the other half of a package cycle (see ModuleArchitectureTest). */
public final class BackendThatUsesTheLlm {

    @Override
    public String toString() {
        return LlmThatUsesABackend.class.getSimpleName();
    }
}
