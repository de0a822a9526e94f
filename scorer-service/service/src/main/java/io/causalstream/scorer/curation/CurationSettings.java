package io.causalstream.scorer.curation;

import io.causalstream.runtime.Config;
import io.causalstream.runtime.access.AccessTokens;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who may curate and how the curation API is guarded, read through {@link Config}:
 * <table>
 *   <caption>Curation settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code scorer.curators}</td><td>{@code SCORER_CURATORS}</td><td>(none)</td><td>curators,
 *       {@code id:sha256:<hex>} comma-separated ({@code deploy/causal-stream rater-token --hash <id>} makes a
 *       line)</td></tr>
 *   <tr><td>{@code scorer.curators.file}</td><td>{@code SCORER_CURATORS_FILE}</td><td>(none)</td><td>the same, one
 *       a line</td></tr>
 *   <tr><td>{@code scorer.curation.signin.open}</td><td>{@code SCORER_CURATION_SIGNIN_OPEN}</td><td>false</td>
 *       <td>demo mode: anyone signs in with a name</td></tr>
 *   <tr><td>{@code scorer.session.secret}</td><td>{@code SCORER_SESSION_SECRET}</td><td>random per process</td>
 *       <td>key of the curator sessions and CSRF tokens (32 characters or more); the same on every instance</td></tr>
 *   <tr><td>{@code scorer.session.ttl.ms}</td><td>{@code SCORER_SESSION_TTL_MS}</td><td>43200000 (12 h)</td>
 *       <td>how long a session lasts</td></tr>
 *   <tr><td>{@code scorer.curation.per.minute}</td><td>{@code SCORER_CURATION_PER_MINUTE}</td><td>20</td>
 *       <td>sustained corrections a curator may submit a minute (per instance)</td></tr>
 *   <tr><td>{@code scorer.curation.burst}</td><td>{@code SCORER_CURATION_BURST}</td><td>5</td><td>corrections
 *       at once</td></tr>
 *   <tr><td>{@code scorer.curation.max.edges}</td><td>{@code SCORER_CURATION_MAX_EDGES}</td><td>200</td><td>the
 *       most edges of a correction (and of an extraction the page corrects)</td></tr>
 *   <tr><td>{@code scorer.curation.max.label}</td><td>{@code SCORER_CURATION_MAX_LABEL}</td><td>200</td><td>the
 *       longest concept label</td></tr>
 *   <tr><td>{@code scorer.allowed.origins}</td><td>{@code SCORER_ALLOWED_ORIGINS}</td><td>(none)</td><td>origins
 *       beyond the service's own that may post (a proxy's public address)</td></tr>
 * </table>
 */
public record CurationSettings(Map<String, String> tokenHashes, boolean openSignIn, String sessionSecret,
                               boolean secretConfigured, Duration sessionTtl, double perMinute, int burst,
                               CurationLimits limits, Set<String> allowedOrigins) {

    public static final String CURATORS = "scorer.curators";
    public static final String CURATORS_FILE = "scorer.curators.file";
    public static final String SIGNIN_OPEN = "scorer.curation.signin.open";
    public static final String SESSION_SECRET = "scorer.session.secret";
    public static final String SESSION_TTL_MS = "scorer.session.ttl.ms";
    public static final String PER_MINUTE = "scorer.curation.per.minute";
    public static final String BURST = "scorer.curation.burst";
    public static final String MAX_EDGES = "scorer.curation.max.edges";
    public static final String MAX_LABEL = "scorer.curation.max.label";
    public static final String ALLOWED_ORIGINS = "scorer.allowed.origins";

    public CurationSettings {
        tokenHashes = Map.copyOf(tokenHashes);
        allowedOrigins = Set.copyOf(allowedOrigins);
        if (sessionSecret.length() < 32) {
            throw new IllegalArgumentException(SESSION_SECRET + " (SCORER_SESSION_SECRET) must be 32 characters or "
                    + "more (e.g. openssl rand -hex 32)");
        }
        if (sessionTtl.isNegative() || sessionTtl.isZero()) {
            throw new IllegalArgumentException(SESSION_TTL_MS + " (SCORER_SESSION_TTL_MS) must be > 0");
        }
        if (!(perMinute > 0) || burst < 1) {
            throw new IllegalArgumentException(PER_MINUTE + " (SCORER_CURATION_PER_MINUTE) must be > 0 and " + BURST
                    + " (SCORER_CURATION_BURST) >= 1");
        }
    }

    public static CurationSettings from(Config config) {
        Map<String, String> inline = AccessTokens.parse(config.get(CURATORS, ""), CURATORS + " (SCORER_CURATORS)");
        Map<String, String> fromFile = config.find(CURATORS_FILE).filter(f -> !f.isBlank())
                .map(f -> AccessTokens.parseFile(Path.of(f.strip()))).orElse(Map.of());
        var secret = config.find(SESSION_SECRET).filter(s -> !s.isBlank());
        return new CurationSettings(AccessTokens.merge(List.of(inline, fromFile)),
                config.getBoolean(SIGNIN_OPEN, false), secret.orElseGet(CurationSettings::randomSecret),
                secret.isPresent(), Duration.ofMillis(config.getLong(SESSION_TTL_MS, Duration.ofHours(12).toMillis())),
                config.getDouble(PER_MINUTE, 20), config.getInt(BURST, 5),
                new CurationLimits(config.getInt(MAX_EDGES, CurationLimits.DEFAULT.maxEdges()),
                        config.getInt(MAX_LABEL, CurationLimits.DEFAULT.maxLabel()),
                        CurationLimits.DEFAULT.maxEdits()),
                Arrays.stream(config.get(ALLOWED_ORIGINS, "").split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).collect(Collectors.toSet()));
    }

    private static String randomSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** No token, no secret: settings get logged. */
    @Override
    public String toString() {
        return "CurationSettings[curators=" + tokenHashes.size() + ", openSignIn=" + openSignIn + ", sharedSecret="
                + secretConfigured + ", sessionTtl=" + sessionTtl + ", perMinute=" + perMinute + ", burst=" + burst
                + ", limits=" + limits + ", allowedOrigins=" + allowedOrigins + "]";
    }
}
