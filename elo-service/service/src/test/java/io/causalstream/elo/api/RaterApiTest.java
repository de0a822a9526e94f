package io.causalstream.elo.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.JudgmentIntake.Known;
import io.causalstream.elo.rater.JudgmentIds;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.elo.rater.PairTickets;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.access.AccessSettings;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.runtime.access.Signer;
import io.causalstream.elo.web.EloPages;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.PeerSecret;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.judgment.Judgment;
import io.javalin.Javalin;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rater API under attack, in process: Javalin apps with the real guards, sessions, tickets and rate limit, a
 * {@link MockProducer} standing in for the broker (so a test can see what was, and what was not, published) and a
 * fixed passage standing in for the stores: p1 with annotations HumanA (by HumanA), HumanB (by HumanB) and llama3.
 * A served pair's ticket is minted the way {@code GET /api/rater/next} mints it (the serving itself runs against
 * real stores in EloServiceIT and WebPagesIT).
 */
class RaterApiTest {

    private static final String SECRET = "secret-shared-by-the-instances-of-this-test";
    private static final Map<String, String> TOKENS = Map.of(AccessTokens.hash("tok-1"), "Human1",
            AccessTokens.hash("tok-2"), "Human2", AccessTokens.hash("tok-a"), "HumanA");
    private static final Map<String, String> AUTHORS = Map.of("HumanA", "HumanA", "HumanB", "HumanB",
            "llama3", "llama3");

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final List<Instance> instances = new ArrayList<>();
    /** items (rater|passage|a|b) the "stores" have counted. */
    private final Set<String> counted = new HashSet<>();

    /** One instance of the service's HTTP face. */
    private final class Instance {
        final Javalin app;
        final MockProducer<String, Judgment> producer;
        final PairTickets tickets;
        final List<HostInfo> peers = new ArrayList<>();

        Instance(String secret, double perMinute, int burst, MockProducer<String, Judgment> producer,
                 Duration sendTimeout) {
            Signer signer = new Signer(secret);
            this.producer = producer;
            this.tickets = new PairTickets(signer, Duration.ofMinutes(30), Clock.systemUTC());
            Peers others = new Peers(http, PeerSecret.of(secret));
            SessionEndpoints access = SessionEndpoints.of(new AccessSettings(TOKENS, false, secret, true,
                    Duration.ofHours(12), Set.of()), RaterApi.RATERS, others, () -> peers, Clock.systemUTC());
            app = Javalin.create(cfg -> cfg.showJavalinBanner = false);
            new HttpSecurity(Set.of()).register(app);
            new RaterApi(access, new NextPairs(() -> null, others, tickets, 1000), new JudgmentIntake(tickets,
                    new RateLimiter(perMinute, burst, Clock.systemUTC()),
                    new RecordPublisher<>(producer, "judgments", sendTimeout), this::lookup, Clock.systemUTC()))
                    .register(app);
            new EloPages().register(app);
            app.start("127.0.0.1", 0);
            instances.add(this);
        }

        Optional<Known> lookup(String passage, String left, String right, String rater) {
            if (!passage.equals("p1")) {
                return Optional.empty();
            }
            return Optional.of(new Known(AUTHORS.get(left), AUTHORS.get(right),
                    counted.contains(JudgmentIds.of(rater, passage, left, right))));
        }

        String url(String path) {
            return "http://127.0.0.1:" + app.port() + path;
        }

        HostInfo host() {
            return new HostInfo("127.0.0.1", app.port());
        }

        String served(String rater, String left, String right) {
            return tickets.issue(rater, "p1", left, right);
        }
    }

    private static MockProducer<String, Judgment> acking() {
        return new MockProducer<>(true, null, new StringSerializer(),
                (topic, j) -> j.getJudgmentId().getBytes(StandardCharsets.UTF_8));
    }

    private Instance instance() {
        return new Instance(SECRET, 600, 100, acking(), Duration.ofSeconds(5));
    }

    /** A signed-in rater: the cookie and the CSRF token. */
    private record Rater(String cookie, String csrf) {
    }

    @AfterEach
    void stop() {
        instances.forEach(i -> i.app.stop());
        http.close();
    }

    @Test
    void withoutASessionNothingIsPublishedAndTheBodyCannotNameTheRater() throws Exception {
        Instance a = instance();
        String body = judgment("HumanB", "llama3", "LEFT", a.served("Human1", "HumanB", "llama3"))
                .replace("{", "{\"raterId\":\"Human2\",");
        HttpResponse<String> none = post(a, "/api/judgments", body, null, Map.of());
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(code(none)).isEqualTo("not_signed_in");
        // a forged cookie is no session either
        HttpResponse<String> forged = post(a, "/api/judgments", body, new Rater(RaterApi.COOKIE + "="
                + Signer.class.getSimpleName() + ".x.1.y", "x"), Map.of());
        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(a.producer.history()).isEmpty();

        Rater human1 = signIn(a, "tok-1");
        assertThat(post(a, "/api/judgments", body, human1, Map.of()).statusCode()).isEqualTo(202);
        // the service stamped the session's rater, not the one in the body
        assertThat(a.producer.history()).singleElement().satisfies(r -> {
            assertThat(r.value().getRaterId()).isEqualTo("Human1");
            assertThat(r.value().getJudgmentId()).isEqualTo(JudgmentIds.of("Human1", "p1", "llama3", "HumanB"));
        });
        // sign-in by name is refused unless in demo mode; a wrong token too
        assertThat(post(a, "/api/session", "{\"name\":\"Human1\"}", null, Map.of()).statusCode()).isEqualTo(401);
        assertThat(post(a, "/api/session", "{\"token\":\"tok-x\"}", null, Map.of()).statusCode()).isEqualTo(401);
    }

    @Test
    void aPairThatWasNotServedToThisRaterIsRefused() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        // no ticket
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT", null), human1, Map.of()),
                403, "pair_not_served");
        // the ticket of another pair, of the same pair the other way round, of another rater, of a stranger
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT",
                a.served("Human1", "HumanA", "llama3")), human1, Map.of()), 403, "pair_not_served");
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT",
                a.served("Human1", "llama3", "HumanB")), human1, Map.of()), 403, "pair_not_served");
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT",
                a.served("Human2", "HumanB", "llama3")), human1, Map.of()), 403, "pair_not_served");
        String foreign = new PairTickets(new Signer("a-secret-the-service-does-not-have"), Duration.ofMinutes(30),
                Clock.systemUTC()).issue("Human1", "p1", "HumanB", "llama3");
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT", foreign), human1, Map.of()),
                403, "pair_not_served");
        // an annotation the passage does not have
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "gpt-9", "LEFT",
                a.served("Human1", "HumanB", "gpt-9")), human1, Map.of()), 422, "unknown_annotation");
        assertThat(a.producer.history()).isEmpty();
    }

    @Test
    void anExpiredTicketIsRefused() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        String old = new PairTickets(new Signer(SECRET), Duration.ofMinutes(30),
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-31))).issue("Human1", "p1", "HumanB", "llama3");
        assertRefused(a, post(a, "/api/judgments", judgment("HumanB", "llama3", "TIE", old), human1, Map.of()),
                403, "ticket_expired");
        assertThat(a.producer.history()).isEmpty();
    }

    @Test
    void aRaterCannotJudgeTheirOwnAnnotation() throws Exception {
        Instance a = instance();
        Rater humanA = signIn(a, "tok-a");
        // even with a ticket (the service never serves one for it: this one is minted by hand)
        assertRefused(a, post(a, "/api/judgments", judgment("HumanA", "llama3", "LEFT",
                a.served("HumanA", "HumanA", "llama3")), humanA, Map.of()), 403, "own_annotation");
        assertThat(a.producer.history()).isEmpty();
    }

    @Test
    void aRatersFirstVoteOnAPairCountsAndARepeatIsRefused() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        String ticket = a.served("Human1", "HumanB", "llama3");
        assertThat(post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT", ticket), human1, Map.of())
                .statusCode()).isEqualTo(202);
        for (int i = 0; i < 25; i++) {
            HttpResponse<String> again = post(a, "/api/judgments", judgment("HumanB", "llama3", "LEFT", ticket),
                    human1, Map.of());
            assertRefused(a, again, 409, "already_voted");
        }
        // the pair served later the other way round is the same pair
        assertRefused(a, post(a, "/api/judgments", judgment("llama3", "HumanB", "RIGHT",
                a.served("Human1", "llama3", "HumanB")), human1, Map.of()), 409, "already_voted");
        assertThat(a.producer.history()).hasSize(1);

        // another instance has not seen that POST; once the stores have counted the vote it refuses it too, and
        // before that the judgmentId is the same, so the topology would count it once
        Instance b = instance();
        counted.add(JudgmentIds.of("Human1", "p1", "HumanB", "llama3"));
        assertRefused(b, post(b, "/api/judgments", judgment("HumanB", "llama3", "RIGHT", ticket), human1,
                Map.of()), 409, "already_voted");
        assertThat(b.producer.history()).isEmpty();
        assertThat(JudgmentIds.of("Human1", "p1", "HumanB", "llama3"))
                .isEqualTo(JudgmentIds.of("Human1", "p1", "llama3", "HumanB"))
                .isNotEqualTo(JudgmentIds.of("Human2", "p1", "HumanB", "llama3"))
                .isNotEqualTo(JudgmentIds.of("Human1", "p2", "HumanB", "llama3"));
    }

    @Test
    void aRaterIsRateLimited() throws Exception {
        Instance a = new Instance(SECRET, 6, 3, acking(), Duration.ofSeconds(5));
        Rater human1 = signIn(a, "tok-1");
        Rater human2 = signIn(a, "tok-2");
        List<String[]> pairs = List.of(new String[] {"HumanA", "HumanB"}, new String[] {"HumanA", "llama3"},
                new String[] {"HumanB", "llama3"});
        for (String[] p : pairs) {
            assertThat(post(a, "/api/judgments", judgment(p[0], p[1], "LEFT", a.served("Human1", p[0], p[1])),
                    human1, Map.of()).statusCode()).isEqualTo(202);
        }
        HttpResponse<String> limited = post(a, "/api/judgments", judgment("HumanA", "HumanB", "LEFT",
                a.served("Human1", "HumanA", "HumanB")), human1, Map.of());
        assertRefused(a, limited, 429, "rate_limited");
        assertThat(Integer.parseInt(limited.headers().firstValue("Retry-After").orElseThrow())).isBetween(1, 10);
        // others are not held up
        assertThat(post(a, "/api/judgments", judgment("HumanA", "HumanB", "LEFT",
                a.served("Human2", "HumanA", "HumanB")), human2, Map.of()).statusCode()).isEqualTo(202);
        assertThat(a.producer.history()).hasSize(4);
    }

    @Test
    void crossSiteRequestsAreRefused() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        String body = judgment("HumanB", "llama3", "LEFT", a.served("Human1", "HumanB", "llama3"));
        // a foreign page: its Origin, its Referer, a sandboxed frame's null origin
        assertRefused(a, post(a, "/api/judgments", body, human1, Map.of("Origin", "https://evil.example")), 403,
                null);
        assertRefused(a, post(a, "/api/judgments", body, human1, Map.of("Origin", "null")), 403, null);
        assertRefused(a, post(a, "/api/judgments", body, human1, Map.of("Referer", "https://evil.example/x")),
                403, null);
        // what a page can post without a preflight: text/plain, a form
        assertRefused(a, send(a, "POST", "/api/judgments", body, "text/plain", human1, Map.of()), 415, null);
        assertRefused(a, send(a, "POST", "/api/judgments", "passageId=p1&left=HumanB&right=llama3&outcome=LEFT",
                "application/x-www-form-urlencoded", human1, Map.of()), 415, null);
        assertRefused(a, send(a, "POST", "/api/session", "token=tok-1", "application/x-www-form-urlencoded", null,
                Map.of()), 415, null);
        // the cookie alone, without the session's CSRF token (or with another session's)
        assertRefused(a, post(a, "/api/judgments", body, new Rater(human1.cookie(), null), Map.of()), 403, "csrf");
        Rater other = signIn(a, "tok-1");
        assertRefused(a, post(a, "/api/judgments", body, new Rater(human1.cookie(), other.csrf()), Map.of()), 403,
                "csrf");
        assertRefused(a, send(a, "DELETE", "/api/session", null, null, new Rater(human1.cookie(), null), Map.of()),
                403, "csrf");
        assertThat(a.producer.history()).isEmpty();
        // the page itself: same origin, JSON, its token
        assertThat(post(a, "/api/judgments", body, human1, Map.of("Origin", "http://127.0.0.1:" + a.app.port()))
                .statusCode()).isEqualTo(202);
    }

    @Test
    void malformedAndOversizedBodiesGetAJsonErrorWithoutInternals() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        String ticket = a.served("Human1", "HumanB", "llama3");
        String huge = "x".repeat(900 * 1024);
        Map<String, Integer> cases = new LinkedHashMap<>();
        cases.put("null", 400);
        cases.put("", 400);
        cases.put("[", 400);
        cases.put("[1,2]", 400);
        cases.put("\"LEFT\"", 400);
        cases.put("{\"passageId\":null,\"left\":\"HumanB\",\"right\":\"llama3\",\"outcome\":\"LEFT\"}", 400);
        cases.put(judgment("HumanB", "llama3", "SIDEWAYS", ticket), 400);
        cases.put(judgment("HumanB", "HumanB", "LEFT", ticket), 400);
        cases.put(judgment("HumanB", "llama3", "LEFT", ticket).replace("\"p1\"", "\"" + "p".repeat(300) + "\""),
                400);
        cases.put(judgment("HumanB", "llama3", "LEFT", ticket).replace("\"p1\"", "\"p\\u0000\""), 400);
        cases.put(judgment("HumanB", "llama3", "LEFT", "t".repeat(5000)), 400);
        cases.put(judgment("HumanB", "llama3", "LEFT", ticket).replace("\"p1\"", "\"" + huge + "\""), 413);
        for (var c : cases.entrySet()) {
            HttpResponse<String> r = post(a, "/api/judgments", c.getKey(), human1, Map.of());
            String shown = c.getKey().length() > 80 ? c.getKey().substring(0, 80) + "…" : c.getKey();
            assertThat(r.statusCode()).as(shown + " -> " + r.body()).isEqualTo(c.getValue());
            assertNoInternals(r);
        }
        // the same 900 KB without a Content-Length (chunked): read, then refused
        HttpResponse<String> chunked = http.send(HttpRequest.newBuilder(URI.create(a.url("/api/judgments")))
                .header("Content-Type", "application/json").header("Cookie", human1.cookie())
                .header(RaterApi.CSRF_HEADER, human1.csrf())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(
                        judgment("HumanB", "llama3", "LEFT", ticket).replace("\"p1\"", "\"" + huge + "\"")
                                .getBytes(StandardCharsets.UTF_8)))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertNoInternals(chunked);
        // sign-in too
        for (String bad : List.of("null", "{", "[]", "{\"token\":\"" + "t".repeat(10_000) + "\"}")) {
            HttpResponse<String> r = post(a, "/api/session", bad, null, Map.of());
            assertThat(r.statusCode()).as(bad).isIn(400, 401);
            assertNoInternals(r);
        }
        HttpResponse<String> hugeSignIn = post(a, "/api/session", "{\"token\":\"" + huge + "\"}", null, Map.of());
        assertThat(hugeSignIn.statusCode()).isEqualTo(413);
        assertNoInternals(hugeSignIn);
        assertThat(a.producer.history()).isEmpty();
    }

    @Test
    void signOutRevokesTheSessionOnEveryInstance() throws Exception {
        Instance a = instance();
        Instance b = instance();
        a.peers.add(b.host());
        b.peers.add(a.host());
        Rater human1 = signIn(a, "tok-1");
        assertThat(get(b, "/api/session", human1).statusCode()).isEqualTo(200);
        HttpResponse<String> out = send(a, "DELETE", "/api/session", null, null, human1, Map.of());
        assertThat(out.statusCode()).isEqualTo(204);
        assertThat(out.headers().firstValue("Set-Cookie").orElseThrow()).contains(RaterApi.COOKIE + "=;");
        // the old cookie, replayed, is dead here and on the other instance
        assertThat(get(a, "/api/session", human1).statusCode()).isEqualTo(401);
        assertThat(get(b, "/api/session", human1).statusCode()).isEqualTo(401);
        String body = judgment("HumanB", "llama3", "LEFT", a.served("Human1", "HumanB", "llama3"));
        assertThat(post(b, "/api/judgments", body, human1, Map.of()).statusCode()).isEqualTo(401);
        // a revocation not signed with the shared secret is refused, even from a peer
        HttpResponse<String> forged = post(b, "/api/internal/revocations", "{\"notices\":[\"abc.1999999999.xyz\"]}",
                null, Map.of(PeerSecret.HEADER, PeerSecret.of(SECRET).credential()));
        assertRefused(b, forged, 403, "forged");
        assertThat(a.producer.history()).isEmpty();
        assertThat(b.producer.history()).isEmpty();
    }

    @Test
    void theInternalEndpointsAnswerOnlyTheInstancesOfTheService() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        assertThat(send(a, "DELETE", "/api/session", null, null, human1, Map.of()).statusCode()).isEqualTo(204);
        String notice = "{\"notices\":[\"abc.1999999999.xyz\"]}";
        // no credential: 401; another service's (or a guessed) one: 403; the JSON shape of every other refusal
        assertRefused(a, send(a, "GET", "/api/internal/revocations", null, null, null, Map.of()), 401,
                PeerSecret.MISSING);
        assertRefused(a, post(a, "/api/internal/revocations", notice, null, Map.of()), 401, PeerSecret.MISSING);
        String stranger = PeerSecret.of("some-other-secret-of-enough-length").credential();
        assertRefused(a, send(a, "GET", "/api/internal/revocations", null, null, null,
                Map.of(PeerSecret.HEADER, stranger)), 403, PeerSecret.WRONG);
        assertRefused(a, post(a, "/api/internal/revocations", notice, null, Map.of(PeerSecret.HEADER, SECRET)),
                403, PeerSecret.WRONG);
        // the peers' credential: the revocation list
        HttpResponse<String> peer = send(a, "GET", "/api/internal/revocations", null, null, null,
                Map.of(PeerSecret.HEADER, PeerSecret.of(SECRET).credential()));
        assertThat(peer.statusCode()).isEqualTo(200);
        assertThat(json.readTree(peer.body()).get("notices")).hasSize(1);
    }

    @Test
    void anInstanceThatMissedASignOutTakesOverThePeersRevocations() throws Exception {
        Instance a = instance();
        Rater human1 = signIn(a, "tok-1");
        // A knows no peer: B does not hear of the sign-out
        assertThat(send(a, "DELETE", "/api/session", null, null, human1, Map.of()).statusCode()).isEqualTo(204);
        Instance b = instance();
        b.peers.add(a.host());
        // B's first request takes over A's revocations
        assertThat(get(b, "/api/session", human1).statusCode()).isEqualTo(401);
        Rater fresh = signIn(a, "tok-1");
        assertThat(get(b, "/api/session", fresh).statusCode()).isEqualTo(200);
    }

    @Test
    void aSessionAndATicketAreGoodOnASecondInstanceWithTheSharedSecretOnly() throws Exception {
        Instance a = instance();
        Instance b = instance();
        Instance stranger = new Instance("some-other-secret-of-enough-length", 600, 100, acking(),
                Duration.ofSeconds(5));
        Rater human1 = signIn(a, "tok-1");
        HttpResponse<String> there = get(b, "/api/session", human1);
        assertThat(there.statusCode()).isEqualTo(200);
        assertThat(json.readTree(there.body()).get("raterId").asText()).isEqualTo("Human1");
        assertThat(json.readTree(there.body()).get("csrfToken").asText()).isEqualTo(human1.csrf());
        // served by A, judged through B
        assertThat(post(b, "/api/judgments", judgment("HumanB", "llama3", "LEFT",
                a.served("Human1", "HumanB", "llama3")), human1, Map.of()).statusCode()).isEqualTo(202);
        assertThat(b.producer.history()).hasSize(1);
        assertThat(get(stranger, "/api/session", human1).statusCode()).isEqualTo(401);
    }

    @Test
    void unavailableOnlyWhenNotPublishedAndADistinctAnswerWhenUnknown() throws Exception {
        MockProducer<String, Judgment> closed = acking();
        closed.close();
        Instance down = new Instance(SECRET, 600, 100, closed, Duration.ofSeconds(5));
        Rater human1 = signIn(down, "tok-1");
        HttpResponse<String> notPublished = post(down, "/api/judgments", judgment("HumanB", "llama3", "LEFT",
                down.served("Human1", "HumanB", "llama3")), human1, Map.of());
        assertRefused(down, notPublished, 503, "not_published");
        assertNoInternals(notPublished);
        // no acknowledgement in time: maybe written; a retry is safe (same judgmentId), and it is not a repeat
        Instance slow = new Instance(SECRET, 600, 100, new MockProducer<>(false, null, new StringSerializer(),
                (topic, j) -> new byte[0]), Duration.ofMillis(300));
        String body = judgment("HumanB", "llama3", "LEFT", slow.served("Human1", "HumanB", "llama3"));
        HttpResponse<String> unknown = post(slow, "/api/judgments", body, human1, Map.of());
        assertThat(unknown.statusCode()).isEqualTo(504);
        assertThat(code(unknown)).isEqualTo("outcome_unknown");
        assertThat(post(slow, "/api/judgments", body, human1, Map.of()).statusCode()).isEqualTo(504);
        assertThat(slow.producer.history()).extracting(r -> r.value().getJudgmentId()).containsOnly(
                JudgmentIds.of("Human1", "p1", "HumanB", "llama3")).hasSize(2);
    }

    @Test
    void everyResponseCarriesTheSecurityHeaders() throws Exception {
        Instance a = instance();
        for (HttpResponse<String> r : List.of(get(a, "/rater", null), get(a, "/assets/rater.js", null),
                get(a, "/api/session", null), get(a, "/no-such-page", null),
                post(a, "/api/judgments", "null", null, Map.of()))) {
            assertThat(r.headers().firstValue("Content-Security-Policy")).as(r.uri().toString())
                    .hasValueSatisfying(csp -> assertThat(csp).contains("default-src 'self'")
                            .contains("frame-ancestors 'none'").doesNotContain("unsafe-inline"));
            assertThat(r.headers().firstValue("X-Frame-Options")).contains("DENY");
            assertThat(r.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(r.headers().firstValue("Referrer-Policy")).contains("same-origin");
        }
        // the pages have no inline script or style for the policy to block
        for (String page : List.of("/rater", "/dashboard", "/guidelines")) {
            String html = get(a, page, null).body();
            assertThat(html).as(page).doesNotContain("style=\"").doesNotContain("<style")
                    .doesNotContainPattern("<script>").doesNotContain("onclick");
        }
    }

    private void assertRefused(Instance i, HttpResponse<String> r, int status, String code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        JsonNode body = json.readTree(r.body());
        assertThat(body.get("error").asText()).isNotBlank();
        if (code != null) {
            assertThat(body.get("code").asText()).isEqualTo(code);
        }
        assertNoInternals(r);
    }

    private static void assertNoInternals(HttpResponse<String> r) {
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("io.causalstream")
                .doesNotContain("com.fasterxml").hasSizeLessThan(2000);
    }

    private String code(HttpResponse<String> r) throws Exception {
        return json.readTree(r.body()).get("code").asText();
    }

    private static String judgment(String left, String right, String outcome, String ticket) {
        return "{\"passageId\":\"p1\",\"left\":\"" + left + "\",\"right\":\"" + right + "\",\"outcome\":\"" + outcome
                + "\"" + (ticket == null ? "" : ",\"ticket\":\"" + ticket + "\"") + "}";
    }

    private Rater signIn(Instance i, String token) throws Exception {
        HttpResponse<String> r = post(i, "/api/session", "{\"token\":\"" + token + "\"}", null, Map.of());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(setCookie).contains("HttpOnly").contains("SameSite=Strict");
        return new Rater(setCookie.substring(0, setCookie.indexOf(';')),
                json.readTree(r.body()).get("csrfToken").asText());
    }

    private HttpResponse<String> get(Instance i, String path, Rater rater) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(i.url(path))).GET();
        if (rater != null) {
            b.header("Cookie", rater.cookie());
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(Instance i, String path, String body, Rater rater, Map<String, String> headers)
            throws Exception {
        return send(i, "POST", path, body, "application/json", rater, headers);
    }

    private HttpResponse<String> send(Instance i, String method, String path, String body, String type, Rater rater,
                                      Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(i.url(path))).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        if (rater != null) {
            b.header("Cookie", rater.cookie());
            if (rater.csrf() != null) {
                b.header(RaterApi.CSRF_HEADER, rater.csrf());
            }
        }
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
