package io.causalstream.elo.app;

import io.causalstream.runtime.access.AccessTokens;
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
 * Who may rate and how the rater API is guarded (part of {@link EloSettings}; the keys are listed there).
 *
 * @param tokenHashes        {@link AccessTokens#hash} of each rater's token -> rater id
 * @param openSignIn         demo mode: anyone signs in with a name
 * @param sessionSecret      key of sessions, pair tickets, CSRF tokens and revocations, and of the peers' credential
 * @param secretConfigured   false when the secret is a random one of this process (single instance only)
 * @param instances          how many instances of the service run (a shared secret is required above 1)
 * @param sessionTtl         how long a session lasts
 * @param ticketTtl          how long a served pair may be judged
 * @param judgmentsPerMinute sustained judgments a rater may post a minute (per instance)
 * @param judgmentsBurst     judgments a rater may post at once
 * @param allowedOrigins     origins beyond the service's own that may post (a proxy's public address)
 */
public record RaterSettings(Map<String, String> tokenHashes, boolean openSignIn, String sessionSecret,
                            boolean secretConfigured, int instances, Duration sessionTtl, Duration ticketTtl,
                            double judgmentsPerMinute, int judgmentsBurst, Set<String> allowedOrigins) {

    public static final String ELO_RATERS = "elo.raters";
    public static final String ELO_RATERS_FILE = "elo.raters.file";
    public static final String ELO_SIGNIN_OPEN = "elo.signin.open";
    public static final String ELO_SESSION_SECRET = "elo.session.secret";
    public static final String ELO_INSTANCES = "elo.instances";
    public static final String ELO_SESSION_TTL_MS = "elo.session.ttl.ms";
    public static final String ELO_TICKET_TTL_MS = "elo.ticket.ttl.ms";
    public static final String ELO_JUDGMENTS_PER_MINUTE = "elo.judgments.per.minute";
    public static final String ELO_JUDGMENTS_BURST = "elo.judgments.burst";
    public static final String ELO_ALLOWED_ORIGINS = "elo.allowed.origins";

    public RaterSettings {
        tokenHashes = Map.copyOf(tokenHashes);
        allowedOrigins = Set.copyOf(allowedOrigins);
        if (sessionSecret.length() < 32) {
            throw new IllegalArgumentException("elo.session.secret (ELO_SESSION_SECRET) must be 32 characters or "
                    + "more (e.g. openssl rand -hex 32)");
        }
        if (instances < 1) {
            throw new IllegalArgumentException("elo.instances (ELO_INSTANCES) must be at least 1, got " + instances);
        }
        if (instances > 1 && !secretConfigured) {
            throw new IllegalArgumentException("elo.instances (ELO_INSTANCES) is " + instances + " but "
                    + "elo.session.secret (ELO_SESSION_SECRET) is not set: every instance needs the same secret, or "
                    + "a rater signed in on one instance is signed out on the others, their pair tickets are "
                    + "refused and the instances refuse each other's internal requests. Set it to the same random value everywhere (e.g. openssl rand -hex 32; in "
                    + "Kubernetes from the Secret elo-session)");
        }
        for (Duration d : List.of(sessionTtl, ticketTtl)) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("elo.session.ttl.ms (ELO_SESSION_TTL_MS) and elo.ticket.ttl.ms "
                        + "(ELO_TICKET_TTL_MS) must be > 0");
            }
        }
        if (!(judgmentsPerMinute > 0) || judgmentsBurst < 1) {
            throw new IllegalArgumentException("elo.judgments.per.minute (ELO_JUDGMENTS_PER_MINUTE) must be > 0 and "
                    + "elo.judgments.burst (ELO_JUDGMENTS_BURST) >= 1");
        }
    }

    static RaterSettings from(Config config) {
        Map<String, String> inline = AccessTokens.parse(config.get(ELO_RATERS, ""), "elo.raters (ELO_RATERS)");
        Map<String, String> fromFile = config.find(ELO_RATERS_FILE).filter(f -> !f.isBlank())
                .map(f -> AccessTokens.parseFile(Path.of(f.strip()))).orElse(Map.of());
        var secret = config.find(ELO_SESSION_SECRET).filter(s -> !s.isBlank());
        return new RaterSettings(
                AccessTokens.merge(List.of(inline, fromFile)),
                config.getBoolean(ELO_SIGNIN_OPEN, false),
                secret.orElseGet(RaterSettings::randomSecret),
                secret.isPresent(),
                config.getInt(ELO_INSTANCES, 1),
                Duration.ofMillis(config.getLong(ELO_SESSION_TTL_MS, Duration.ofHours(12).toMillis())),
                Duration.ofMillis(config.getLong(ELO_TICKET_TTL_MS, Duration.ofMinutes(30).toMillis())),
                config.getDouble(ELO_JUDGMENTS_PER_MINUTE, 30),
                config.getInt(ELO_JUDGMENTS_BURST, 10),
                Arrays.stream(config.get(ELO_ALLOWED_ORIGINS, "").split(",")).map(String::strip)
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
        return "RaterSettings[raters=" + tokenHashes.size() + ", openSignIn=" + openSignIn + ", sharedSecret="
                + secretConfigured + ", instances=" + instances + ", sessionTtl=" + sessionTtl + ", ticketTtl="
                + ticketTtl + ", judgmentsPerMinute=" + judgmentsPerMinute + ", judgmentsBurst=" + judgmentsBurst
                + ", allowedOrigins=" + allowedOrigins + "]";
    }
}
