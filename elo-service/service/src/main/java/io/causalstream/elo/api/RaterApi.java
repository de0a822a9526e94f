package io.causalstream.elo.api;

import io.causalstream.runtime.access.Role;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.SignedSessions;
import io.causalstream.runtime.web.ApiError;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;

/**
 * The rater page's API. The rater signs in and the service, not the browser, stamps the rater id on every
 * judgment (read back from the signed session cookie).
 *
 * <ul>
 *   <li>{@code POST|GET|DELETE /api/session}: sign-in, who is signed in ({@code raterId}), sign-out revoking the
 *       session on every instance: the shared {@link SessionEndpoints} of the role {@link #RATERS}.</li>
 *   <li>{@code GET /api/rater/next[?passage=id]}: the pair this rater judges next ({@link NextPairs}).</li>
 *   <li>{@code POST /api/judgments} with {@code X-CSRF-Token}: the judgment ({@link JudgmentIntake}).</li>
 * </ul>
 * Both need a session (401 {@code not_signed_in}); a judgment needs the session's CSRF token too (403
 * {@code csrf}). Every error is {@code {"error": message, "code": code}}.
 */
public final class RaterApi {

    public static final String CSRF_HEADER = SignedSessions.CSRF_HEADER;
    /** The rater's session cookie. */
    public static final String COOKIE = "elo_rater";
    /** The role of the rater sessions ({@link SignedSessions}). */
    public static final String ROLE = "rater";
    /** Who signs in to the rater page, and where ({@link SessionEndpoints}). */
    public static final Role RATERS = new Role(ROLE, COOKIE, "raterId", "/api/session", "/api/internal/revocations");
    /** The request attribute holding the session {@link #requireSession} found. */
    private static final String SESSION = "causal-stream.rater-session";

    private final SessionEndpoints access;
    private final NextPairs next;
    private final JudgmentIntake judgments;

    public RaterApi(SessionEndpoints access, NextPairs next, JudgmentIntake judgments) {
        this.access = access;
        this.next = next;
        this.judgments = judgments;
    }

    public void register(Javalin app) {
        ApiError.register(app);
        access.register(app);
        // who asks, and whether they may: checked before the handlers, which start from a signed-in rater
        app.before("/api/rater/next", this::requireSession);
        app.before("/api/judgments", onPost(this::requireSession));
        app.before("/api/judgments", onPost(ctx -> access.requireCsrf(ctx, signedIn(ctx))));
        app.get("/api/rater/next", ctx -> next.serve(ctx, signedIn(ctx).userId()));
        app.post("/api/judgments", ctx -> judgments.judge(ctx, signedIn(ctx).userId()));
    }

    private static Handler onPost(Handler handler) {
        return ctx -> {
            if (ctx.method() == HandlerType.POST) {
                handler.handle(ctx);
            }
        };
    }

    private void requireSession(Context ctx) {
        ctx.attribute(SESSION, access.require(ctx));
    }

    /** The session {@link #requireSession} found for this request. */
    private static SignedSessions.Session signedIn(Context ctx) {
        return ctx.attribute(SESSION);
    }
}
