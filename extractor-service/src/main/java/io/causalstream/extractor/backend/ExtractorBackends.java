package io.causalstream.extractor.backend;

import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.causalstream.runtime.Config;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The backends selectable with {@code extractor.backend}, by name. */
public final class ExtractorBackends {

    public static final String RULES = "rules";

    private static final Map<String, Function<Config, Extractor>> FACTORIES = factories();

    private static Map<String, Function<Config, Extractor>> factories() {
        Map<String, Function<Config, Extractor>> m = new LinkedHashMap<>();
        m.put(RULES, config -> new RuleBasedExtractor());
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

    /** Creates the named backend; it reads its own settings from {@code config}. */
    public static Extractor create(String name, Config config) {
        return FACTORIES.get(requireKnown(name)).apply(config);
    }

    private ExtractorBackends() {
    }
}
