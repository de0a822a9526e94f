package io.causalstream.extractor.backend.cascade;

/**
 * Settings of the {@code cascade} backend, read by {@link io.causalstream.extractor.backend.choice.BackendConfig}; the
 * embedded model reads its {@code extractor.model.*} keys and the LLM its {@code extractor.openai.*},
 * {@code extractor.prompt.*}, {@code extractor.mode}, {@code extractor.cache.*} and {@code extractor.annotator.id}
 * as for the {@code model} and {@code openai} backends.
 *
 * <table>
 *   <caption>Cascade settings</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>extractor.cascade.threshold</td><td>EXTRACTOR_CASCADE_THRESHOLD</td><td>0.5</td><td>the embedded
 *       model's certainty a passage needs to keep its extraction; below it the passage goes to the LLM. In
 *       [0, 1]: 0 never routes, 1 routes every passage</td></tr>
 * </table>
 *
 * @param threshold in [0, 1]
 */
public record CascadeSettings(double threshold) {

    public static final String PREFIX = "extractor.cascade.";
    public static final String THRESHOLD = PREFIX + "threshold";
    public static final double DEFAULT_THRESHOLD = 0.5;

    public CascadeSettings {
        if (!(threshold >= 0 && threshold <= 1)) { // NaN too
            throw new IllegalArgumentException(THRESHOLD + " (EXTRACTOR_CASCADE_THRESHOLD) must be in [0, 1] (0 never "
                    + "routes to the LLM, 1 always does), got " + threshold);
        }
    }

    public static CascadeSettings defaults() {
        return new CascadeSettings(DEFAULT_THRESHOLD);
    }
}
