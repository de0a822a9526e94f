package io.causalstream.runtime.access;

import io.causalstream.runtime.Config;
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
 * Who may sign in to a service's page and how its sessions are kept: the part every page with sign-in reads the
 * same way (the Elo service's raters, the scorer's curators), each service under keys of its own ({@link Keys}).
 * {@link #toString} names neither a token nor the secret: settings get logged.
 *
 * @param tokenHashes      {@link AccessTokens#hash} of each person's token -> their id
 * @param openSignIn       demo mode: anyone signs in with a name
 * @param sessionSecret    key of the sessions, CSRF tokens and revocations (and of whatever else the service signs),
 *                         from which the instances' credential for each other's internal endpoints derives
 * @param secretConfigured false when the secret is a random one of this process (valid on this instance only)
 * @param sessionTtl       how long a session lasts
 * @param allowedOrigins   origins beyond the service's own that may post (a proxy's public address)
 */
public record AccessSettings(Map<String, String> tokenHashes, boolean openSignIn, String sessionSecret,
                             boolean secretConfigured, Duration sessionTtl, Set<String> allowedOrigins) {

    /** The shortest session secret accepted. */
    public static final int MIN_SECRET = 32;
    public static final Duration DEFAULT_SESSION_TTL = Duration.ofHours(12);

    /**
     * The keys a service reads its access settings from.
     *
     * @param people     {@code id:sha256:<hex>} entries, comma-separated
     * @param peopleFile a file of the same entries, one a line
     */
    public record Keys(String people, String peopleFile, String openSignIn, String sessionSecret, String sessionTtl,
                       String allowedOrigins) {
    }

    public AccessSettings {
        tokenHashes = Map.copyOf(tokenHashes);
        allowedOrigins = Set.copyOf(allowedOrigins);
        if (sessionSecret.length() < MIN_SECRET) {
            throw new IllegalArgumentException("the session secret must be " + MIN_SECRET + " characters or more");
        }
        if (sessionTtl.isNegative() || sessionTtl.isZero()) {
            throw new IllegalArgumentException("a session must last more than 0 ms");
        }
    }

    /** Read under {@code keys}; each refusal names the key and its environment variable. */
    public static AccessSettings from(Config config, Keys keys) {
        Map<String, String> inline = AccessTokens.parse(config.get(keys.people(), ""), named(keys.people()));
        Map<String, String> fromFile = config.find(keys.peopleFile()).filter(f -> !f.isBlank())
                .map(f -> AccessTokens.parseFile(Path.of(f.strip()))).orElse(Map.of());
        var secret = config.find(keys.sessionSecret()).filter(s -> !s.isBlank());
        if (secret.isPresent() && secret.get().length() < MIN_SECRET) {
            throw new IllegalArgumentException(named(keys.sessionSecret()) + " must be " + MIN_SECRET
                    + " characters or more (e.g. openssl rand -hex 32)");
        }
        Duration ttl = Duration.ofMillis(config.getLong(keys.sessionTtl(), DEFAULT_SESSION_TTL.toMillis()));
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException(named(keys.sessionTtl()) + " must be > 0");
        }
        return new AccessSettings(AccessTokens.merge(List.of(inline, fromFile)),
                config.getBoolean(keys.openSignIn(), false), secret.orElseGet(AccessSettings::randomSecret),
                secret.isPresent(), ttl,
                Arrays.stream(config.get(keys.allowedOrigins(), "").split(",")).map(String::strip)
                        .filter(s -> !s.isEmpty()).collect(Collectors.toSet()));
    }

    /** {@code key (ENV_NAME)}, as every refusal of a setting names it. */
    public static String named(String key) {
        return key + " (" + Config.envName(key) + ")";
    }

    /** A secret for one process: sessions stay valid while it runs, on it alone. */
    private static String randomSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** No token, no secret: settings get logged. */
    @Override
    public String toString() {
        return "AccessSettings[people=" + tokenHashes.size() + ", openSignIn=" + openSignIn + ", sharedSecret="
                + secretConfigured + ", sessionTtl=" + sessionTtl + ", allowedOrigins=" + allowedOrigins + "]";
    }
}
