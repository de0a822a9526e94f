package io.causalstream.scorer.curation;

import io.causalstream.runtime.Config;
import io.causalstream.runtime.access.AccessSettings;

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
 *       <td>key of the curator sessions, CSRF tokens and revocations (32 characters or more), from which the
 *       instances' credential for each other's internal endpoints derives; the same on every instance</td></tr>
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
public record CurationSettings(AccessSettings access, double perMinute, int burst, CurationLimits limits) {

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
    /** The keys of the curation page's {@link AccessSettings}. */
    public static final AccessSettings.Keys ACCESS_KEYS = new AccessSettings.Keys(CURATORS, CURATORS_FILE,
            SIGNIN_OPEN, SESSION_SECRET, SESSION_TTL_MS, ALLOWED_ORIGINS);

    public CurationSettings {
        if (!(perMinute > 0) || burst < 1) {
            throw new IllegalArgumentException(PER_MINUTE + " (SCORER_CURATION_PER_MINUTE) must be > 0 and " + BURST
                    + " (SCORER_CURATION_BURST) >= 1");
        }
    }

    public static CurationSettings from(Config config) {
        return new CurationSettings(AccessSettings.from(config, ACCESS_KEYS), config.getDouble(PER_MINUTE, 20),
                config.getInt(BURST, 5), new CurationLimits(config.getInt(MAX_EDGES, CurationLimits.DEFAULT.maxEdges()),
                        config.getInt(MAX_LABEL, CurationLimits.DEFAULT.maxLabel()),
                        CurationLimits.DEFAULT.maxEdits()));
    }
}
