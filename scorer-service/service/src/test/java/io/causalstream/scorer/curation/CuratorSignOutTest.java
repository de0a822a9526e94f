package io.causalstream.scorer.curation;

import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.access.AccessSettings;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.runtime.access.SignOutOnEveryInstanceContract;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.scorer.api.ScoresApi.PassageScores;
import io.javalin.Javalin;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;

/** The curation API keeps the promise of every page with sign-in: signed out on one instance, refused on all. */
class CuratorSignOutTest extends SignOutOnEveryInstanceContract {

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    protected Javalin instance(String secret, Supplier<Collection<HostInfo>> others) {
        Javalin app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
        new HttpSecurity(Set.of(), 64 * 1024).register(app);
        AccessSettings access = new AccessSettings(Map.of(AccessTokens.hash("ann-token-0123456789"), "Ann"), false,
                secret, true, Duration.ofHours(1), Set.of());
        new CurationApi(id -> new PassageScores(id, null, null, List.of()), List::of,
                SessionEndpoints.of(access, CurationApi.CURATORS, new Peers(http, PeerSecret.of(secret)), others,
                        Clock.systemUTC()),
                new CurationSettings(access, 600, 100, CurationLimits.DEFAULT), new CurationApi.Outlets(
                        new RecordPublisher<>(new MockProducer<String, Extraction>(true, null, new StringSerializer(),
                                (t, e) -> e.getAnnotationId().getBytes(StandardCharsets.UTF_8)), "extractions",
                                Duration.ofSeconds(5)),
                        new RecordPublisher<>(new MockProducer<String, GoldGraph>(true, null, new StringSerializer(),
                                (t, g) -> g.getAnnotationId().getBytes(StandardCharsets.UTF_8)), "gold-graphs",
                                Duration.ofSeconds(5)),
                        (annotation, gold) -> { }),
                Clock.systemUTC()).register(app);
        return app;
    }

    @Override
    protected String sessionPath() {
        return "/api/curator/session";
    }

    @Override
    protected String signInBody() {
        return "{\"token\":\"ann-token-0123456789\"}";
    }

    @Override
    protected String signedInPost() {
        return "/api/curation/corrections";
    }
}
