package io.causalstream.runtime.access;

import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.javalin.Javalin;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The shared endpoints alone keep the promise of every page with sign-in, with a stand-in for a role's own
 * endpoint that starts from {@link SessionEndpoints#require} and {@link SessionEndpoints#requireCsrf}.
 */
class SessionEndpointsTest extends SignOutOnEveryInstanceContract {

    private static final Role TESTER = new Role("tester", "tester", "testerId", "/api/tester/session",
            "/api/internal/tester/revocations");

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    protected Javalin instance(String secret, Supplier<Collection<HostInfo>> others) {
        AccessSettings settings = new AccessSettings(Map.of(AccessTokens.hash("tok-1"), "Tess"), false, secret, true,
                AccessSettings.DEFAULT_SESSION_TTL, Set.of());
        SessionEndpoints access = SessionEndpoints.of(settings, TESTER, new Peers(http, PeerSecret.of(secret)),
                others, Clock.systemUTC());
        Javalin app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new HttpSecurity(settings.allowedOrigins()).register(app);
        access.register(app);
        app.post("/api/tester/act", ctx -> {
            access.requireCsrf(ctx, access.require(ctx));
            ctx.status(400).json(Map.of("error", "nothing to do", "code", "malformed"));
        });
        return app;
    }

    @Override
    protected String sessionPath() {
        return TESTER.sessionPath();
    }

    @Override
    protected String signInBody() {
        return "{\"token\":\"tok-1\"}";
    }

    @Override
    protected String signedInPost() {
        return "/api/tester/act";
    }
}
