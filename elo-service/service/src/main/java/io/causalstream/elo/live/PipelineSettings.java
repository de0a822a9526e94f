package io.causalstream.elo.live;

import io.causalstream.runtime.Config;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Where the dashboard's pipeline panels take their figures from and where it links to (part of
 * {@code EloSettings}; the keys are listed there). The other services are read over HTTP ({@code /metrics}, the
 * Prometheus text they already serve for Prometheus), so the Elo service needs no code of theirs; consumer lag
 * comes from the broker (Admin client) with the service's own connection settings.
 *
 * @param extractorMetricsUrl the extractor's {@code /metrics} (replicas comma-separated, summed); none: not shown
 * @param scorerMetricsUrl    the scorer's {@code /metrics} (likewise); none: not shown
 * @param groups              consumer groups whose lag is shown (the services' application ids)
 * @param interval            how often the figures are refreshed; zero turns the panels' scraping off
 * @param scorerUrl           the scorer's public address, whose pages ({@code /maps}, {@code /passages/{id}}) the
 *                            dashboard links to
 */
public record PipelineSettings(String extractorMetricsUrl, String scorerMetricsUrl, List<String> groups,
                               Duration interval, String scorerUrl) {

    public static final String EXTRACTOR_METRICS_URL = "elo.pipeline.extractor.metrics.url";
    public static final String SCORER_METRICS_URL = "elo.pipeline.scorer.metrics.url";
    public static final String GROUPS = "elo.pipeline.groups";
    public static final String INTERVAL_MS = "elo.pipeline.interval.ms";
    public static final String SCORER_URL = "elo.links.scorer.url";

    /** The local runtime's addresses ({@code deploy/run-local}: extractor 7071, scorer 7072). */
    public static final String DEFAULT_EXTRACTOR_METRICS_URL = "http://localhost:7071/metrics";
    public static final String DEFAULT_SCORER_METRICS_URL = "http://localhost:7072/metrics";
    public static final String DEFAULT_SCORER_URL = "http://localhost:7072";
    public static final String NONE = "none";
    public static final String DEFAULT_GROUPS = "extractor-service,scorer-service,elo-service";

    public PipelineSettings {
        groups = List.copyOf(groups);
        if (interval.isNegative()) {
            throw new IllegalArgumentException(INTERVAL_MS + " (" + Config.envName(INTERVAL_MS) + ") must be >= 0");
        }
        checkUrls(EXTRACTOR_METRICS_URL, extractorMetricsUrl.split(","));
        checkUrls(SCORER_METRICS_URL, scorerMetricsUrl.split(","));
        checkUrls(SCORER_URL, scorerUrl);
    }

    public static PipelineSettings from(Config config) {
        return new PipelineSettings(
                orNone(config.get(EXTRACTOR_METRICS_URL, DEFAULT_EXTRACTOR_METRICS_URL)),
                orNone(config.get(SCORER_METRICS_URL, DEFAULT_SCORER_METRICS_URL)),
                Arrays.stream(config.get(GROUPS, DEFAULT_GROUPS).split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).toList(),
                Duration.ofMillis(config.getLong(INTERVAL_MS, 2000)),
                stripSlash(orNone(config.get(SCORER_URL, DEFAULT_SCORER_URL))));
    }

    private static void checkUrls(String key, String... urls) {
        for (String url : urls) {
            String u = url.strip();
            if (u.isEmpty()) {
                continue;
            }
            boolean ok = u.startsWith("http://") || u.startsWith("https://");
            try {
                ok = ok && URI.create(u).getHost() != null;
            } catch (IllegalArgumentException e) {
                ok = false;
            }
            if (!ok) {
                throw new IllegalArgumentException(key + " (" + Config.envName(key) + ") must hold http(s) URLs or be "
                        + "empty, got '" + u + "'");
            }
        }
    }

    public boolean enabled() {
        return !interval.isZero();
    }

    /** {@code none} turns a source or link off (an empty value means the default, as for every key). */
    private static String orNone(String value) {
        return value.strip().equalsIgnoreCase(NONE) ? "" : value.strip();
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
