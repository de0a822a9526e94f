package io.causalstream.extractor.backend;

import io.causalstream.extractor.backend.djl.DjlBackend;
import io.causalstream.extractor.backend.openai.OpenAiBackend;
import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.runtime.Config;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The backends selectable with {@code extractor.backend}, by name: {@code rules} (the default, no model),
 * {@code openai} (an OpenAI-compatible inference server) and {@code djl} (a model run in process).
 */
public final class ExtractorBackends {

    public static final String RULES = "rules";
    public static final String OPENAI = "openai";
    public static final String DJL = "djl";

    private static final Map<String, BiFunction<Config, MeterRegistry, Extractor>> FACTORIES = factories();

    private static Map<String, BiFunction<Config, MeterRegistry, Extractor>> factories() {
        Map<String, BiFunction<Config, MeterRegistry, Extractor>> m = new LinkedHashMap<>();
        m.put(RULES, (config, meters) -> new RuleBasedExtractor());
        m.put(OPENAI, OpenAiBackend::create);
        m.put(DJL, DjlBackend::create);
        return m;
    }

    /** The valid backend names, in the order they are documented. */
    public static Set<String> names() {
        return FACTORIES.keySet();
    }

    /**
     * Fails with a message listing the valid names, so a typo in the deployment is caught at startup rather than
     * when the first passage arrives.
     */
    public static String requireKnown(String name) {
        if (!FACTORIES.containsKey(name)) {
            throw new IllegalArgumentException("unknown extractor.backend '" + name + "' (EXTRACTOR_BACKEND); valid "
                    + "backends: " + String.join(", ", names()));
        }
        return name;
    }

    /** Creates the named backend; it reads its own settings from {@code config} and registers its meters. */
    public static Extractor create(String name, Config config, MeterRegistry meters) {
        return FACTORIES.get(requireKnown(name)).apply(config, meters);
    }

    /** Creates the named backend with meters nobody reads (tools, tests). */
    public static Extractor create(String name, Config config) {
        return create(name, config, new SimpleMeterRegistry());
    }

    private ExtractorBackends() {
    }
}
