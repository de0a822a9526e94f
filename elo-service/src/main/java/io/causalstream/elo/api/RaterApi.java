package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.Peers.PeerException;
import io.causalstream.elo.api.StoreQueries.Here;
import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.api.StoreQueries.Remote;
import io.causalstream.elo.api.StoreQueries.Unavailable;
import io.causalstream.elo.api.StoreQueries.UnavailableException;
import io.causalstream.elo.rater.JudgmentPublisher;
import io.causalstream.elo.rater.PairChooser;
import io.causalstream.elo.rater.PairChooser.Candidate;
import io.causalstream.elo.rater.RaterSessions;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.tournament.Player;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.HttpStatus;
import io.javalin.http.SameSite;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The rater page's API. The rater signs in and the service, not the browser, stamps the rater id on every
 * judgment (read back from the signed session cookie).
 *
 * <ul>
 *   <li>{@code POST /api/session} {@code {"name": ...}} or {@code {"token": ...}}: signs in, sets the cookie;
 *       {@code GET /api/session}: who is signed in (401 if nobody); {@code DELETE /api/session}: signs out.</li>
 *   <li>{@code GET /api/rater/next[?passage=id]}: the most informative pair for this rater ({@link NextPair}),
 *       over all passages or one; 204 when there is none. Never a pair with the rater's own annotation.</li>
 *   <li>{@code POST /api/judgments} {@code {"passageId", "left", "right", "outcome": LEFT|RIGHT|TIE,
 *       "judgmentId"?}}: publishes the judgment (202). A browser retry that repeats its judgmentId counts once.</li>
 * </ul>
 */
public final class RaterApi {

    private static final Pattern JUDGMENT_ID = Pattern.compile("[A-Za-z0-9._:-]{8,100}");

    private final Supplier<StoreQueries> queries;
    private final Peers peers;
    private final RaterSessions sessions;
    private final JudgmentPublisher publisher;
    private final double initialElo;
    private final Clock clock;
    /** Unknown fields are ignored: a browser or an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public RaterApi(Supplier<StoreQueries> queries, Peers peers, RaterSessions sessions, JudgmentPublisher publisher,
                    double initialElo, Clock clock) {
        this.queries = queries;
        this.peers = peers;
        this.sessions = sessions;
        this.publisher = publisher;
        this.initialElo = initialElo;
        this.clock = clock;
    }

    /** A sign-in: a name (open sign-in) or a token. */
    public record SignIn(String name, String token) {
    }

    /** Who is signed in. */
    public record Session(String raterId, boolean openSignIn) {
    }

    /** One side of a pair: the annotation's id and its relations. The author is not shown to the rater. */
    public record Side(String annotationId, List<Relation> triples) {
    }

    /** One (source, target, direction) row. */
    public record Relation(String source, String target, String direction) {
    }

    /** The pair to judge next. */
    public record NextPair(String passageId, String text, Side left, Side right, int pairGames,
                           boolean judgedBefore, double ratingGap) {
    }

    /** What the page posts. */
    public record JudgmentRequest(String judgmentId, String passageId, String left, String right, String outcome) {
    }

    public void register(Javalin app) {
        app.post("/api/session", this::signIn);
        app.get("/api/session", this::session);
        app.delete("/api/session", this::signOut);
        app.get("/api/rater/next", this::next);
        app.post("/api/judgments", this::judge);
    }

    private void signIn(Context ctx) {
        SignIn s;
        try {
            s = json.readValue(ctx.body(), SignIn.class);
        } catch (IOException e) {
            RatingsApi.error(ctx, HttpStatus.BAD_REQUEST, "expected {\"name\": ...} or {\"token\": ...}");
            return;
        }
        try {
            String rater = sessions.signIn(s.name(), s.token());
            Cookie cookie = new Cookie(RaterSessions.COOKIE, sessions.issue(rater), "/", (int) sessions.ttl()
                    .toSeconds(), false, 0, true, null, null, SameSite.STRICT);
            ctx.cookie(cookie);
            ctx.json(new Session(rater, sessions.openSignIn()));
        } catch (IllegalArgumentException e) {
            RatingsApi.error(ctx, HttpStatus.UNAUTHORIZED, e.getMessage());
        }
    }

    private void session(Context ctx) {
        Optional<String> rater = sessions.raterOf(ctx.cookie(RaterSessions.COOKIE));
        if (rater.isEmpty()) {
            ctx.status(HttpStatus.UNAUTHORIZED).json(Map.of("error", "not signed in", "openSignIn",
                    sessions.openSignIn()));
            return;
        }
        ctx.json(new Session(rater.get(), sessions.openSignIn()));
    }

    private void signOut(Context ctx) {
        ctx.removeCookie(RaterSessions.COOKIE, "/");
        ctx.status(HttpStatus.NO_CONTENT);
    }

    private void next(Context ctx) {
        Optional<String> rater = rater(ctx);
        if (rater.isEmpty()) {
            return;
        }
        StoreQueries q = queries.get();
        if (q == null) {
            RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "the Elo service is starting; retry shortly");
            return;
        }
        String passage = ctx.queryParam("passage");
        try {
            if (passage != null && !passage.isBlank()) {
                switch (q.owner(passage)) {
                    case Here h -> answer(ctx, best(q, rater.get(), List.of(q.passage(passage, h.partition())),
                            h.partition()));
                    case Remote r -> {
                        if (RatingsApi.isLocal(ctx)) {
                            RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "passage " + passage
                                    + " moved to another instance; retry");
                        } else {
                            RatingsApi.relay(ctx, peers.get(r.host(), "/api/rater/next", "passage="
                                    + URLEncoder.encode(passage, StandardCharsets.UTF_8), ctx.header("Cookie")));
                        }
                    }
                    case Unavailable u -> RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, u.reason());
                }
                return;
            }
            NextPair here = localBest(q, rater.get());
            if (RatingsApi.isLocal(ctx)) {
                answer(ctx, here);
                return;
            }
            NextPair best = here;
            for (HostInfo host : q.instances()) {
                if (host.equals(q.self())) {
                    continue;
                }
                HttpResponse<String> r = peers.get(host, "/api/rater/next", "", ctx.header("Cookie"));
                if (r.statusCode() == 200) {
                    NextPair theirs = json.readValue(r.body(), NextPair.class);
                    if (best == null || PairChooser.MOST_INFORMATIVE.compare(candidate(theirs), candidate(best)) < 0) {
                        best = theirs;
                    }
                } else if (r.statusCode() != 204) {
                    RatingsApi.relay(ctx, r);
                    return;
                }
            }
            answer(ctx, best);
        } catch (UnavailableException e) {
            RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        } catch (PeerException e) {
            RatingsApi.error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
        } catch (IOException e) {
            RatingsApi.error(ctx, HttpStatus.BAD_GATEWAY, "unreadable answer from another instance: "
                    + e.getMessage());
        }
    }

    /** The best pair among every passage this instance hosts. */
    private NextPair localBest(StoreQueries q, String raterId) {
        NextPair best = null;
        for (String passageId : q.localAnnotations().keySet()) {
            if (q.owner(passageId) instanceof Here h) {
                NextPair p = best(q, raterId, List.of(q.passage(passageId, h.partition())), h.partition());
                if (p != null && (best == null
                        || PairChooser.MOST_INFORMATIVE.compare(candidate(p), candidate(best)) < 0)) {
                    best = p;
                }
            }
        }
        return best;
    }

    private NextPair best(StoreQueries q, String raterId, List<PassageData> passages, int partition) {
        Candidate best = null;
        PassageData bestData = null;
        for (PassageData d : passages) {
            Map<String, String> authors = new HashMap<>();
            d.annotations().forEach(e -> authors.put(e.getAnnotationId(), e.getAnnotator().getId()));
            Map<String, Double> elo = new HashMap<>();
            if (d.tournament() != null) {
                for (Player p : d.tournament().getPlayers()) {
                    elo.put(p.getAnnotationId(), p.getElo());
                }
            }
            Set<String> judged = new HashSet<>();
            List<String> ids = new ArrayList<>(authors.keySet());
            for (int i = 0; i < ids.size(); i++) {
                for (int j = i + 1; j < ids.size(); j++) {
                    String key = RaterReliability.itemKey(d.passageId(), ids.get(i), ids.get(j));
                    ItemVotes v = q.itemVotes(key, partition);
                    if (v != null && v.judgedBy(raterId)) {
                        judged.add(key);
                    }
                }
            }
            List<Candidate> c = PairChooser.candidates(d.passageId(), raterId, authors, PairCounts.of(d.pairs()),
                    elo, initialElo, judged);
            if (!c.isEmpty() && (best == null || PairChooser.MOST_INFORMATIVE.compare(c.get(0), best) < 0)) {
                best = c.get(0);
                bestData = d;
            }
        }
        if (best == null) {
            return null;
        }
        Map<String, Extraction> byId = new HashMap<>();
        bestData.annotations().forEach(e -> byId.put(e.getAnnotationId(), e));
        return new NextPair(best.passageId(), bestData.passage() == null ? null : bestData.passage().getText(),
                side(byId.get(best.left())), side(byId.get(best.right())), best.pairGames(), best.judgedBefore(),
                best.ratingGap());
    }

    private static Candidate candidate(NextPair p) {
        return new Candidate(p.passageId(), p.left().annotationId(), p.right().annotationId(), p.judgedBefore(),
                p.pairGames(), p.ratingGap());
    }

    private static Side side(Extraction e) {
        List<Relation> relations = new ArrayList<>();
        for (Triple t : e.getTriples()) {
            relations.add(new Relation(t.getSource(), t.getTarget(), t.getDirection().name().toLowerCase(Locale.ROOT)));
        }
        return new Side(e.getAnnotationId(), relations);
    }

    private void answer(Context ctx, NextPair pair) {
        if (pair == null) {
            ctx.status(HttpStatus.NO_CONTENT);
        } else {
            ctx.json(pair);
        }
    }

    private void judge(Context ctx) {
        Optional<String> rater = rater(ctx);
        if (rater.isEmpty()) {
            return;
        }
        JudgmentRequest req;
        Outcome outcome;
        try {
            req = json.readValue(ctx.body(), JudgmentRequest.class);
            outcome = Outcome.valueOf(String.valueOf(req.outcome()).toUpperCase(Locale.ROOT));
        } catch (IOException | IllegalArgumentException e) {
            RatingsApi.error(ctx, HttpStatus.BAD_REQUEST, "expected {\"passageId\", \"left\", \"right\", "
                    + "\"outcome\": \"LEFT\"|\"RIGHT\"|\"TIE\", \"judgmentId\"?}");
            return;
        }
        if (blank(req.passageId()) || blank(req.left()) || blank(req.right())) {
            RatingsApi.error(ctx, HttpStatus.BAD_REQUEST, "passageId, left and right are required");
            return;
        }
        String id = req.judgmentId() == null ? UUID.randomUUID().toString() : req.judgmentId();
        if (!JUDGMENT_ID.matcher(id).matches()) {
            RatingsApi.error(ctx, HttpStatus.BAD_REQUEST, "judgmentId must be 8 to 100 of A-Z a-z 0-9 . _ : -");
            return;
        }
        Judgment j = Judgment.newBuilder().setJudgmentId(id).setPassageId(req.passageId())
                .setRaterId(rater.get()).setLeft(req.left()).setRight(req.right()).setOutcome(outcome)
                .setTime(clock.instant()).build();
        try {
            publisher.publish(j);
            ctx.status(HttpStatus.ACCEPTED).json(Map.of("judgmentId", id, "raterId", rater.get()));
        } catch (ExecutionException | TimeoutException e) {
            RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "could not publish the judgment: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            RatingsApi.error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "interrupted");
        }
    }

    private Optional<String> rater(Context ctx) {
        Optional<String> rater = sessions.raterOf(ctx.cookie(RaterSessions.COOKIE));
        if (rater.isEmpty()) {
            RatingsApi.error(ctx, HttpStatus.UNAUTHORIZED, "sign in first (POST /api/session)");
        }
        return rater;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
