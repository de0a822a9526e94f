package io.causalstream.elo.app;

import io.causalstream.runtime.Config;
import io.causalstream.runtime.access.AccessSettings;
import java.time.Duration;

/**
 * Who may rate and how the rater API is guarded (part of {@link EloSettings}; the keys are listed there).
 *
 * @param access             who may sign in, the sessions' secret and lifetime, the allowed origins; the secret also
 *                           signs pair tickets and derives the peers' credential
 * @param instances          how many instances of the service run (a shared secret is required above 1)
 * @param ticketTtl          how long a served pair may be judged
 * @param judgmentsPerMinute sustained judgments a rater may post a minute (per instance)
 * @param judgmentsBurst     judgments a rater may post at once
 */
public record RaterSettings(AccessSettings access, int instances, Duration ticketTtl, double judgmentsPerMinute,
                            int judgmentsBurst) {

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
    /** The keys of the rater page's {@link AccessSettings}. */
    public static final AccessSettings.Keys ACCESS_KEYS = new AccessSettings.Keys(ELO_RATERS, ELO_RATERS_FILE,
            ELO_SIGNIN_OPEN, ELO_SESSION_SECRET, ELO_SESSION_TTL_MS, ELO_ALLOWED_ORIGINS);

    public RaterSettings {
        if (instances < 1) {
            throw new IllegalArgumentException("elo.instances (ELO_INSTANCES) must be at least 1, got " + instances);
        }
        if (instances > 1 && !access.secretConfigured()) {
            throw new IllegalArgumentException("elo.instances (ELO_INSTANCES) is " + instances + " but "
                    + "elo.session.secret (ELO_SESSION_SECRET) is not set: every instance needs the same secret, or "
                    + "a rater signed in on one instance is signed out on the others, their pair tickets are "
                    + "refused and the instances refuse each other's internal requests. Set it to the same random "
                    + "value everywhere (e.g. openssl rand -hex 32; in Kubernetes from the Secret elo-session)");
        }
        if (ticketTtl.isNegative() || ticketTtl.isZero()) {
            throw new IllegalArgumentException("elo.ticket.ttl.ms (ELO_TICKET_TTL_MS) must be > 0");
        }
        if (!(judgmentsPerMinute > 0) || judgmentsBurst < 1) {
            throw new IllegalArgumentException("elo.judgments.per.minute (ELO_JUDGMENTS_PER_MINUTE) must be > 0 and "
                    + "elo.judgments.burst (ELO_JUDGMENTS_BURST) >= 1");
        }
    }

    static RaterSettings from(Config config) {
        return new RaterSettings(
                AccessSettings.from(config, ACCESS_KEYS),
                config.getInt(ELO_INSTANCES, 1),
                Duration.ofMillis(config.getLong(ELO_TICKET_TTL_MS, Duration.ofMinutes(30).toMillis())),
                config.getDouble(ELO_JUDGMENTS_PER_MINUTE, 30),
                config.getInt(ELO_JUDGMENTS_BURST, 10));
    }
}
