package io.causalstream.elo.api;

import io.causalstream.elo.rater.PairTickets;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.access.AccessSettings;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.access.SignOutOnEveryInstanceContract;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.Signer;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.judgment.Judgment;
import io.javalin.Javalin;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;

/** The rater API keeps the promise of every page with sign-in: signed out on one instance, refused on all. */
class RaterSignOutTest extends SignOutOnEveryInstanceContract {

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    protected Javalin instance(String secret, Supplier<Collection<HostInfo>> others) {
        Peers peers = new Peers(http, PeerSecret.of(secret));
        SessionEndpoints access = SessionEndpoints.of(new AccessSettings(Map.of(AccessTokens.hash("tok-1"), "Human1"),
                false, secret, true, Duration.ofHours(12), Set.of()), RaterApi.RATERS, peers, others,
                Clock.systemUTC());
        Javalin app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new HttpSecurity(Set.of()).register(app);
        PairTickets tickets = new PairTickets(new Signer(secret), Duration.ofMinutes(30), Clock.systemUTC());
        new RaterApi(access, new NextPairs(() -> null, peers, tickets, 1000), new JudgmentIntake(tickets,
                new RateLimiter(600, 100, Clock.systemUTC()), new RecordPublisher<>(new MockProducer<String, Judgment>(
                true, null, new StringSerializer(), (t, j) -> j.getJudgmentId().getBytes(StandardCharsets.UTF_8)),
                "judgments", Duration.ofSeconds(5)), (passage, left, right, rater) -> Optional.empty(),
                Clock.systemUTC())).register(app);
        return app;
    }

    @Override
    protected String sessionPath() {
        return "/api/session";
    }

    @Override
    protected String signInBody() {
        return "{\"token\":\"tok-1\"}";
    }

    @Override
    protected String signedInPost() {
        return "/api/judgments";
    }
}
