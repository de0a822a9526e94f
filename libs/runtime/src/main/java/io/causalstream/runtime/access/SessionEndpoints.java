package io.causalstream.runtime.access;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.Peers;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.HttpStatus;
import io.javalin.http.SameSite;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Sign-in, the session and sign-out of a page, the same for every role ({@link Role}: the rater page, the
 * curation page), and the checks the role's own endpoints start from ({@link #require}, {@link #requireCsrf}):
 * <ul>
 *   <li>{@code POST <sessionPath>} {@code {"token": ...}} (or {@code {"name": ...}} in demo mode): signs in (at most
 *       {@value #SIGN_INS_PER_MINUTE} a minute from one address, 429 beyond), sets the {@code HttpOnly},
 *       {@code SameSite=Strict} cookie and answers {@code {<idField>, "openSignIn", "csrfToken"}}; a wrong
 *       credential is 401 {@code bad_credentials};</li>
 *   <li>{@code GET <sessionPath>}: the same answer for the signed-in person, else 401 {@code not_signed_in} with
 *       {@code openSignIn} and {@code signInPossible} (whether anyone can sign in at all);</li>
 *   <li>{@code DELETE <sessionPath>} with {@code X-CSRF-Token}: signs out, revoking the session on every instance
 *       ({@link Revocations}); 204, also when nobody was signed in.</li>
 * </ul>
 * Every error is {@code {"error": message, "code": code}} ({@link ApiError}).
 */
public final class SessionEndpoints {

    public static final String CSRF_HEADER = SignedSessions.CSRF_HEADER;
    /** Sign-ins one address may try a minute (and at once): enough for people, too few for guessing. */
    static final int SIGN_INS_PER_MINUTE = 30;
    private static final int SIGN_IN_BURST = 10;

    private final SignedSessions sessions;
    private final Role role;
    private final Revocations revocations;
    private final RateLimiter signInLimit;
    /** Unknown fields are ignored: a browser or an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** A sign-in: a token, or a name in demo mode. */
    public record SignIn(String name, String token) {
    }

    public SessionEndpoints(SignedSessions sessions, Role role, Revocations revocations, Clock clock) {
        this.sessions = sessions;
        this.role = role;
        this.revocations = revocations;
        this.signInLimit = new RateLimiter(SIGN_INS_PER_MINUTE, SIGN_IN_BURST, clock);
    }

    /**
     * The endpoints of {@code role} under {@code settings}: sessions signed with the settings' secret, revocations
     * passed to {@code otherInstances} over {@code peers}.
     *
     * @param otherInstances every instance of the service but this one; throws while they are not known yet
     */
    public static SessionEndpoints of(AccessSettings settings, Role role, Peers peers,
                                      Supplier<Collection<HostInfo>> otherInstances, Clock clock) {
        SignedSessions sessions = new SignedSessions(role, settings, clock);
        return new SessionEndpoints(sessions, role, new Revocations(sessions, peers, otherInstances,
                role.revocationsPath()), clock);
    }

    public SignedSessions sessions() {
        return sessions;
    }

    public void register(Javalin app) {
        ApiError.register(app);
        app.post(role.sessionPath(), this::signIn);
        app.get(role.sessionPath(), this::session);
        app.delete(role.sessionPath(), this::signOut);
        revocations.register(app);
    }

    /** The valid session of the request's cookie, if any (revoked on any instance: none). */
    public Optional<SignedSessions.Session> sessionOf(Context ctx) {
        revocations.takeOverOnce();
        return sessions.sessionOf(ctx.cookie(role.cookie()));
    }

    /** The request's session; 401 {@code not_signed_in} without one. */
    public SignedSessions.Session require(Context ctx) {
        return sessionOf(ctx).orElseThrow(() -> new ApiError(HttpStatus.UNAUTHORIZED, "not_signed_in",
                "sign in first (POST " + role.sessionPath() + ")"));
    }

    /** 403 {@code csrf} unless the request carries the session's CSRF token. */
    public void requireCsrf(Context ctx, SignedSessions.Session session) {
        if (!sessions.csrfValid(session, ctx.header(CSRF_HEADER))) {
            throw new ApiError(HttpStatus.FORBIDDEN, "csrf", "missing or wrong " + CSRF_HEADER + " header (read it "
                    + "from GET " + role.sessionPath() + ")");
        }
    }

    private void signIn(Context ctx) {
        Optional<Duration> wait = signInLimit.acquire("ip:" + ctx.ip());
        if (wait.isPresent()) {
            throw ApiError.tooMany(wait.get(), "too many sign-in attempts");
        }
        SignIn s = read(ctx, "expected {\"token\": ...}" + (sessions.openSignIn() ? " or {\"name\": ...}" : ""));
        String person;
        try {
            person = sessions.signIn(s.name(), s.token());
        } catch (IllegalArgumentException e) {
            throw new ApiError(HttpStatus.UNAUTHORIZED, "bad_credentials", e.getMessage());
        }
        String value = sessions.issue(person);
        ctx.cookie(new Cookie(role.cookie(), value, "/", (int) sessions.ttl().toSeconds(), false, 0, true, null,
                null, SameSite.STRICT));
        ctx.json(answer(sessions.sessionOf(value).orElseThrow()));
    }

    private void session(Context ctx) {
        SignedSessions.Session s = sessionOf(ctx).orElseThrow(() -> new ApiError(HttpStatus.UNAUTHORIZED,
                "not_signed_in", "not signed in").with("openSignIn", sessions.openSignIn())
                .with("signInPossible", sessions.anyoneCanSignIn()));
        ctx.json(answer(s));
    }

    private void signOut(Context ctx) {
        Optional<SignedSessions.Session> s = sessionOf(ctx);
        if (s.isPresent()) {
            requireCsrf(ctx, s.get());
            revocations.revoke(s.get());
        }
        ctx.removeCookie(role.cookie(), "/");
        ctx.status(HttpStatus.NO_CONTENT);
    }

    /** Who is signed in, and the CSRF token the page must send with every change. */
    private Map<String, Object> answer(SignedSessions.Session s) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(role.idField(), s.userId());
        body.put("openSignIn", sessions.openSignIn());
        body.put("csrfToken", sessions.csrfToken(s));
        return body;
    }

    /** The sign-in body; refused (400, 413) when it is missing, too large or not JSON. */
    private SignIn read(Context ctx, String usage) {
        if (ctx.bodyAsBytes().length > HttpSecurity.MAX_BODY) {
            throw new ApiError(HttpStatus.CONTENT_TOO_LARGE, "too_large", "request body too large (at most "
                    + HttpSecurity.MAX_BODY + " bytes)");
        }
        return ApiError.readJson(ctx, json, SignIn.class, usage);
    }
}
