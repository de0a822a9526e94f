package io.causalstream.runtime.access;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who a person signed in to a service's pages is: a rater of the Elo service's rater page, a curator of the scorer's
 * curation page (the {@code role}). A person signs in with a token (its SHA-256 is in the service's token setting,
 * {@link AccessTokens}), or, only in demo mode ({@code openSignIn}), with a name. The session is a signed cookie
 * value {@code sessionId.base64url(userId).expiry.signature} (HMAC-SHA256 under the shared secret, with a purpose
 * label of the role, so a rater's session is never a curator's even under one secret): every instance with the same
 * secret accepts it, and what the person publishes is stamped with the id read back from it, never with an id the
 * browser sends.
 *
 * <p>Sign-out revokes the session id until the session would have expired. The revocation list lives in memory;
 * a revocation is passed to the other instances as a signed notice ({@link #revoke}, {@link #accept}), and an
 * instance that starts later asks its peers for their lists. An instance that was unreachable at the moment of a
 * sign-out and never asked afterwards would still accept that session until it expires ({@link #ttl()}).
 *
 * <p>Each session has a CSRF token, the HMAC of its id: the page reads it from its session endpoint and sends it in
 * {@code X-CSRF-Token} on every state-changing request; a foreign page can neither read nor compute it.
 */
public final class SignedSessions {

    /** The header carrying a session's CSRF token. */
    public static final String CSRF_HEADER = "X-CSRF-Token";
    private static final int MAX_COOKIE = 512;
    private static final int MAX_REVOKED = 1_000_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String role;
    private final String cookie;
    private final String sessionPurpose;
    private final String csrfPurpose;
    private final String revokePurpose;
    private final Map<String, String> idByTokenHash;
    private final boolean openSignIn;
    private final Signer signer;
    private final Duration ttl;
    private final Clock clock;
    /** session id -> expiry (epoch seconds) of revoked sessions, dropped once expired. */
    private final Map<String, Long> revoked = new HashMap<>();

    /** A signed-in person's session. */
    public record Session(String id, String userId, Instant expiry) {
    }

    /**
     * @param role     who signs in ({@code rater}, {@code curator}): the purpose of the signatures and the word of
     *                 the refusals, and the session cookie's name
     * @param settings who may sign in ({@link AccessTokens#hash} of a token -> person id; open sign-in: anyone
     *                 with a well-formed name, demo mode), the secret that signs and how long a session lasts
     */
    public SignedSessions(Role role, AccessSettings settings, Clock clock) {
        this.role = role.name();
        this.cookie = role.cookie();
        this.sessionPurpose = role.name() + " session-v2";
        this.csrfPurpose = role.name() + " csrf-v1";
        this.revokePurpose = role.name() + " revoke-v1";
        this.idByTokenHash = Map.copyOf(settings.tokenHashes());
        this.openSignIn = settings.openSignIn();
        this.signer = new Signer(settings.sessionSecret());
        this.ttl = settings.sessionTtl();
        this.clock = clock;
    }

    /** The session cookie's name. */
    public String cookie() {
        return cookie;
    }

    public boolean openSignIn() {
        return openSignIn;
    }

    /** Whether anyone at all can sign in (open sign-in, or at least one token). */
    public boolean anyoneCanSignIn() {
        return openSignIn || !idByTokenHash.isEmpty();
    }

    /**
     * The person a sign-in names: by token when one is given (or when sign-in is not open), else by name.
     *
     * @throws IllegalArgumentException with a message for the page when sign-in is refused
     */
    public String signIn(String name, String token) {
        if (token != null && !token.isBlank() || !openSignIn) {
            String rater = token == null || token.length() > 256 ? null : idByTokenHash.get(AccessTokens.hash(token));
            if (rater == null) {
                throw new IllegalArgumentException("unknown " + role + " token");
            }
            return rater;
        }
        String n = name == null ? "" : name.trim();
        if (!AccessTokens.ID.matcher(n).matches()) {
            throw new IllegalArgumentException("a " + role + " name is 1 to 64 letters, digits, spaces or ._@- and starts "
                    + "with a letter or digit");
        }
        return n;
    }

    /** The cookie value of a new session of {@code userId}. */
    public String issue(String userId) {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        long expiry = clock.instant().plus(ttl).getEpochSecond();
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(id) + "." + Signer.b64(userId) + "."
                + expiry;
        return payload + "." + signer.sign(sessionPurpose, payload);
    }

    /** The session of a cookie value; empty when absent, malformed, forged, expired or revoked. */
    public Optional<Session> sessionOf(String cookie) {
        if (cookie == null || cookie.length() > MAX_COOKIE) {
            return Optional.empty();
        }
        int last = cookie.lastIndexOf('.');
        if (last <= 0 || !signer.verify(sessionPurpose, cookie.substring(0, last), cookie.substring(last + 1))) {
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

    /** The person of a cookie value; empty when there is no valid session. */
    public Optional<String> userOf(String cookie) {
        return sessionOf(cookie).map(Session::userId);
    }

    /** The CSRF token of a session. */
    public String csrfToken(Session session) {
        return signer.sign(csrfPurpose, session.id());
    }

    /** Whether {@code token} is the session's CSRF token. */
    public boolean csrfValid(Session session, String token) {
        return token != null && token.length() <= 128 && signer.verify(csrfPurpose, session.id(), token);
    }

    /** Revokes a session here; returns the signed notice that revokes it on the other instances. */
    public String revoke(Session session) {
        String payload = session.id() + "." + session.expiry().getEpochSecond();
        add(session.id(), session.expiry().getEpochSecond());
        return payload + "." + signer.sign(revokePurpose, payload);
    }

    /** Applies a revocation notice from another instance; false when it is not one (forged, malformed). */
    public boolean accept(String notice) {
        if (notice == null || notice.length() > 256) {
            return false;
        }
        int last = notice.lastIndexOf('.');
        if (last <= 0 || !signer.verify(revokePurpose, notice.substring(0, last), notice.substring(last + 1))) {
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
            return payload + "." + signer.sign(revokePurpose, payload);
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
