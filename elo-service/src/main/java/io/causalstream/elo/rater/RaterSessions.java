package io.causalstream.elo.rater;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who a rater is. A rater signs in with a token (its SHA-256 is in {@code elo.raters} / {@code elo.raters.file}),
 * or, only in demo mode ({@code elo.signin.open=true}), with a name. The session is a signed cookie value
 * {@code sessionId.base64url(raterId).expiry.signature} (HMAC-SHA256 under the shared secret): every instance
 * with the same secret accepts it, and judgments are stamped with the rater read back from it, never with a rater
 * id the browser sends.
 *
 * <p>Sign-out revokes the session id until the session would have expired. The revocation list lives in memory;
 * a revocation is passed to the other instances as a signed notice ({@link #revoke}, {@link #accept}), and an
 * instance that starts later asks its peers for their lists. An instance that was unreachable at the moment of a
 * sign-out and never asked afterwards would still accept that session until it expires ({@link #ttl()}).
 *
 * <p>Each session has a CSRF token, the HMAC of its id: the page reads it from {@code GET /api/session} and sends
 * it in {@code X-CSRF-Token} on every state-changing request; a foreign page can neither read nor compute it.
 */
public final class RaterSessions {

    public static final String COOKIE = "elo_rater";
    private static final String SESSION = "session-v2";
    private static final String CSRF = "csrf-v1";
    private static final String REVOKE = "revoke-v1";
    private static final int MAX_COOKIE = 512;
    private static final int MAX_REVOKED = 1_000_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, String> raterByTokenHash;
    private final boolean openSignIn;
    private final Signer signer;
    private final Duration ttl;
    private final Clock clock;
    /** session id -> expiry (epoch seconds) of revoked sessions, dropped once expired. */
    private final Map<String, Long> revoked = new HashMap<>();

    /** A signed-in rater's session. */
    public record Session(String id, String raterId, Instant expiry) {
    }

    /**
     * @param raterByTokenHash {@link RaterTokens#hash} of a token -> rater id
     * @param openSignIn       demo mode: anyone may sign in with a well-formed name
     */
    public RaterSessions(Map<String, String> raterByTokenHash, boolean openSignIn, Signer signer, Duration ttl,
                         Clock clock) {
        this.raterByTokenHash = Map.copyOf(raterByTokenHash);
        this.openSignIn = openSignIn;
        this.signer = signer;
        this.ttl = ttl;
        this.clock = clock;
    }

    public boolean openSignIn() {
        return openSignIn;
    }

    /** Whether anyone at all can sign in (open sign-in, or at least one token). */
    public boolean anyoneCanSignIn() {
        return openSignIn || !raterByTokenHash.isEmpty();
    }

    /**
     * The rater a sign-in names: by token when one is given (or when sign-in is not open), else by name.
     *
     * @throws IllegalArgumentException with a message for the page when sign-in is refused
     */
    public String signIn(String name, String token) {
        if (token != null && !token.isBlank() || !openSignIn) {
            String rater = token == null || token.length() > 256 ? null : raterByTokenHash.get(RaterTokens.hash(token));
            if (rater == null) {
                throw new IllegalArgumentException("unknown rater token");
            }
            return rater;
        }
        String n = name == null ? "" : name.trim();
        if (!RaterTokens.RATER_ID.matcher(n).matches()) {
            throw new IllegalArgumentException("a rater name is 1 to 64 letters, digits, spaces or ._@- and starts "
                    + "with a letter or digit");
        }
        return n;
    }

    /** The cookie value of a new session of {@code raterId}. */
    public String issue(String raterId) {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        long expiry = clock.instant().plus(ttl).getEpochSecond();
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(id) + "." + Signer.b64(raterId) + "."
                + expiry;
        return payload + "." + signer.sign(SESSION, payload);
    }

    /** The session of a cookie value; empty when absent, malformed, forged, expired or revoked. */
    public Optional<Session> sessionOf(String cookie) {
        if (cookie == null || cookie.length() > MAX_COOKIE) {
            return Optional.empty();
        }
        int last = cookie.lastIndexOf('.');
        if (last <= 0 || !signer.verify(SESSION, cookie.substring(0, last), cookie.substring(last + 1))) {
            return Optional.empty();
        }
        String[] p = cookie.substring(0, last).split("\\.", -1);
        if (p.length != 3) {
            return Optional.empty();
        }
        try {
            long expiry = Long.parseLong(p[2]);
            if (clock.instant().getEpochSecond() > expiry || isRevoked(p[0])) {
                return Optional.empty();
            }
            return Optional.of(new Session(p[0], Signer.unb64(p[1]), Instant.ofEpochSecond(expiry)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The rater of a cookie value; empty when there is no valid session. */
    public Optional<String> raterOf(String cookie) {
        return sessionOf(cookie).map(Session::raterId);
    }

    /** The CSRF token of a session. */
    public String csrfToken(Session session) {
        return signer.sign(CSRF, session.id());
    }

    /** Whether {@code token} is the session's CSRF token. */
    public boolean csrfValid(Session session, String token) {
        return token != null && token.length() <= 128 && signer.verify(CSRF, session.id(), token);
    }

    /** Revokes a session here; returns the signed notice that revokes it on the other instances. */
    public String revoke(Session session) {
        String payload = session.id() + "." + session.expiry().getEpochSecond();
        add(session.id(), session.expiry().getEpochSecond());
        return payload + "." + signer.sign(REVOKE, payload);
    }

    /** Applies a revocation notice from another instance; false when it is not one (forged, malformed). */
    public boolean accept(String notice) {
        if (notice == null || notice.length() > 256) {
            return false;
        }
        int last = notice.lastIndexOf('.');
        if (last <= 0 || !signer.verify(REVOKE, notice.substring(0, last), notice.substring(last + 1))) {
            return false;
        }
        String payload = notice.substring(0, last);
        int dot = payload.indexOf('.');
        try {
            add(payload.substring(0, dot), Long.parseLong(payload.substring(dot + 1)));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Signed notices of every revocation still in force (what a starting peer asks for). */
    public synchronized java.util.List<String> notices() {
        prune();
        return revoked.entrySet().stream().map(e -> {
            String payload = e.getKey() + "." + e.getValue();
            return payload + "." + signer.sign(REVOKE, payload);
        }).toList();
    }

    private synchronized void add(String sessionId, long expiry) {
        prune();
        if (revoked.size() < MAX_REVOKED && expiry >= clock.instant().getEpochSecond()) {
            revoked.put(sessionId, expiry);
        }
    }

    private synchronized boolean isRevoked(String sessionId) {
        return revoked.containsKey(sessionId);
    }

    private void prune() {
        long now = clock.instant().getEpochSecond();
        revoked.values().removeIf(expiry -> expiry < now);
    }

    public Duration ttl() {
        return ttl;
    }
}
