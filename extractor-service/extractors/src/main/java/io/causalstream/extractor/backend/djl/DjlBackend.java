package io.causalstream.extractor.backend.djl;

import io.causalstream.extractor.cache.CachingGenerator;
import io.causalstream.extractor.generator.BackendMeters;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.llm.LlmSettings;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Assembles the {@code djl} backend. DJL is put in offline mode first (unless the operator says otherwise) so
 * native libraries come from the Maven artifacts on the class path and are never downloaded at run time; a missing
 * artifact is then an error rather than a download.
 */
public final class DjlBackend {

    public static LlmExtractor create(DjlSettings settings, LlmSettings llm, MeterRegistry registry) {
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        BackendMeters meters = new BackendMeters(registry, llm.annotatorId());
        var generator = new CachingGenerator(new DjlGenerator(settings, meters), llm.cache(), meters);
        return new LlmExtractor(llm.annotatorId(), generator, llm.promptLibrary(), llm.format(), false, llm.mode());
    }

    private DjlBackend() {
    }
}
