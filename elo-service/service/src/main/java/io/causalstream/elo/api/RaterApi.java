package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.StoreQueries.Here;
import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.api.StoreQueries.Remote;
import io.causalstream.elo.api.StoreQueries.Unavailable;
import io.causalstream.elo.api.StoreQueries.UnavailableException;
import io.causalstream.elo.rater.JudgmentIds;
import io.causalstream.elo.rater.JudgmentValidity;
import io.causalstream.elo.rater.JudgmentValidity.Authors;
import io.causalstream.elo.rater.JudgmentValidity.Claim;
import io.causalstream.elo.rater.JudgmentValidity.Invalid;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.elo.rater.PairChooser;
import io.causalstream.elo.rater.PairChooser.Candidate;
import io.causalstream.elo.rater.PairTickets;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.access.Role;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.SignedSessions;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.runtime.web.Peers;
import io.causalstream.runtime.web.Peers.PeerException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.tournament.Player;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rater page's API. The rater signs in and the service, not the browser, stamps the rater id on every
 * judgment (read back from the signed session cookie).
 *
 * <ul>
 *   <li>{@code POST|GET|DELETE /api/session}: sign-in, who is signed in ({@code raterId}), sign-out revoking the
 *       session on every instance: the shared {@link SessionEndpoints} of the role {@link #RATERS}.</li>
 *   <li>{@code GET /api/rater/next[?passage=id]}: the most informative pair this rater has not judged
 *       ({@link NextPair}) with its signed, expiring ticket, over all passages or one; 204 when there is none.
 *       Never a pair with the rater's own annotation.</li>
 *   <li>{@code POST /api/judgments} {@code {"passageId", "left", "right", "outcome": LEFT|RIGHT|TIE, "ticket"}}
 *       with {@code X-CSRF-Token}: publishes the judgment (202). Refused before anything is published: no session
 *       (401), bad CSRF token (403), too many judgments (429 with Retry-After), malformed or oversized body (400,
 *       413), an unknown annotation (422), the rater's own annotation (403), a pair not served to this rater or a
 *       forged ticket (403), an expired ticket (403 {@code ticket_expired}), a pair this rater already voted on
 *       (409). 503 only when the judgment was certainly not published; 504 when its fate is unknown (a retry with
 *       the same pair is safe: the judgmentId is derived from rater, passage and pair, so it counts once).</li>
 * </ul>
 * Every error is {@code {"error": message, "code": code}}.
 */
public final class RaterApi {

    private static final Logger log = LoggerFactory.getLogger(RaterApi.class);
    public static final String CSRF_HEADER = SignedSessions.CSRF_HEADER;
    /** The rater's session cookie. */
    public static final String COOKIE = "elo_rater";
    /** The role of the rater sessions ({@link SignedSessions}). */
    public static final String ROLE = "rater";
    /** Who signs in to the rater page, and where ({@link SessionEndpoints}). */
    public static final Role RATERS = new Role(ROLE, COOKIE, "raterId", "/api/session", "/api/internal/revocations");
    private static final int MAX_RECENT = 100_000;
    /** The request attribute holding the session {@link #requireSession} found. */
    private static final String SESSION = "causal-stream.rater-session";
    private static final String JUDGMENT_USAGE = "expected {\"passageId\", \"left\", \"right\", \"outcome\": "
            + "\"LEFT\"|\"RIGHT\"|\"TIE\", \"ticket\"}";

    private final Supplier<StoreQueries> queries;
    private final Peers peers;
    private final SessionEndpoints access;
    private final PairTickets tickets;
    private final RateLimiter judgmentLimit;
    private final RecordPublisher<Judgment> publisher;
    private final LocalPassages local;
    private final double initialElo;
    private final Clock clock;
    /** judgmentIds published from this instance lately: a repeat is refused before the topology has counted it. */
    private final Map<String, Boolean> recent = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > MAX_RECENT;
                }
            });
    /** Unknown fields are ignored: a browser or an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * What this instance knows of a passage it hosts, to refuse a judgment with a clear reason before publishing;
     * empty when the passage is not hosted here (the ticket then vouches for the pair, the topology rechecks).
     */
    @FunctionalInterface
    public interface LocalPassages {
        Optional<Known> lookup(String passageId, String left, String right, String raterId);
    }

    /**
     * @param leftAuthor  annotator of the left annotation, null when the passage has no such annotation
     * @param rightAuthor the same for the right one
     * @param voted       whether this rater's vote on the pair was already counted
     */
    public record Known(String leftAuthor, String rightAuthor, boolean voted) {
        Authors authors() {
            return new Authors(leftAuthor, rightAuthor);
        }
    }

    public RaterApi(Supplier<StoreQueries> queries, Peers peers, SessionEndpoints access, PairTickets tickets,
                    RateLimiter judgmentLimit, RecordPublisher<Judgment> publisher, double initialElo, Clock clock) {
        this(queries, peers, access, tickets, judgmentLimit, publisher, initialElo, clock,
                (passage, left, right, rater) -> lookup(queries.get(), passage, left, right, rater));
    }

    public RaterApi(Supplier<StoreQueries> queries, Peers peers, SessionEndpoints access, PairTickets tickets,
                    RateLimiter judgmentLimit, RecordPublisher<Judgment> publisher, double initialElo, Clock clock,
                    LocalPassages local) {
        this.queries = queries;
        this.peers = peers;
        this.access = access;
        this.tickets = tickets;
        this.judgmentLimit = judgmentLimit;
        this.publisher = publisher;
        this.local = local;
        this.initialElo = initialElo;
        this.clock = clock;
    }

    /** One side of a pair: the annotation's id and its relations. The author is not shown to the rater. */
    public record Side(String annotationId, List<Relation> triples) {
    }

    /** One (source, target, direction) row. */
    public record Relation(String source, String target, String direction) {
    }

    /** The pair to judge next, and the ticket a judgment of it must carry. */
    public record NextPair(String passageId, String text, Side left, Side right, int pairGames, double ratingGap,
                           String ticket) {
    }

    /** What the page posts. */
    public record JudgmentRequest(String passageId, String left, String right, String outcome, String ticket) {
    }

    public void register(Javalin app) {
        ApiError.register(app);
        access.register(app);
        // who asks, and whether they may: checked before the handlers, which start from a signed-in rater
        app.before("/api/rater/next", this::requireSession);
        app.before("/api/judgments", onPost(this::requireSession));
        app.before("/api/judgments", onPost(ctx -> access.requireCsrf(ctx, signedIn(ctx))));
        app.before("/api/judgments", onPost(this::limitJudgments));
        app.get("/api/rater/next", this::next);
        app.post("/api/judgments", this::judge);
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

    private void limitJudgments(Context ctx) {
        Optional<Duration> wait = judgmentLimit.acquire(signedIn(ctx).userId());
        if (wait.isPresent()) {
            throw ApiError.tooMany(wait.get(), "too many judgments; slow down");
        }
    }

    /** The session {@link #requireSession} found for this request. */
    private static SignedSessions.Session signedIn(Context ctx) {
        return ctx.attribute(SESSION);
    }

    /**
     * The other instances (where a sign-out is passed on); throws while they are not known yet (Kafka Streams not
     * created or not running).
     */
    public static Collection<HostInfo> others(StoreQueries q) {
        if (q == null) {
            throw new UnavailableException("the other instances are not known yet");
        }
        return q.instances().stream().filter(h -> !h.equals(q.self())).toList();
    }

    private void next(Context ctx) {
        String rater = signedIn(ctx).userId();
        StoreQueries q = queries.get();
        if (q == null) {
            throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "starting", "the Elo service is starting; retry "
                    + "shortly");
        }
        String passage = ctx.queryParam("passage");
        if (passage != null && !JudgmentValidity.validId(passage)) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "passage must be 1 to " + JudgmentValidity.MAX_ID
                    + " characters without control characters");
        }
        try {
            if (passage != null && !passage.isBlank()) {
                switch (q.owner(passage)) {
                    case Here h -> answer(ctx, best(q, rater, List.of(q.passage(passage, h.partition())),
                            h.partition()));
                    case Remote r -> {
                        if (Peers.forwarded(ctx)) {
                            throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "moved", "passage " + passage
                                    + " moved to another instance; retry");
                        } else {
                            Peers.relay(ctx, peers.get(r.host(), "/api/rater/next", "passage="
                                    + URLEncoder.encode(passage, StandardCharsets.UTF_8), ctx.header("Cookie")));
                        }
                    }
                    case Unavailable u -> throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "unavailable",
                            u.reason());
                }
                return;
            }
            NextPair here = localBest(q, rater);
            if (Peers.forwarded(ctx)) {
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
                    Peers.relay(ctx, r);
                    return;
                }
            }
            answer(ctx, best);
        } catch (UnavailableException e) {
            throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", e.getMessage());
        } catch (PeerException e) {
            throw new ApiError(HttpStatus.BAD_GATEWAY, "peer", "another instance did not answer; retry");
        } catch (IOException e) {
            throw new ApiError(HttpStatus.BAD_GATEWAY, "peer", "unreadable answer from another instance; retry");
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
                side(byId.get(best.left())), side(byId.get(best.right())), best.pairGames(), best.ratingGap(),
                tickets.issue(raterId, best.passageId(), best.left(), best.right()));
    }

    private static Candidate candidate(NextPair p) {
        return new Candidate(p.passageId(), p.left().annotationId(), p.right().annotationId(), p.pairGames(),
                p.ratingGap());
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

    /** Session, CSRF token and rate were checked before (see {@link #register}); then the judgment itself. */
    private void judge(Context ctx) {
        String rater = signedIn(ctx).userId();
        JudgmentRequest req = read(ctx, JudgmentRequest.class, JUDGMENT_USAGE);
        // the id derives from the fields, so it exists before they are checked (a refused judgment's is not used)
        String id = JudgmentIds.of(rater, Objects.requireNonNullElse(req.passageId(), ""),
                Objects.requireNonNullElse(req.left(), ""), Objects.requireNonNullElse(req.right(), ""));
        Claim claim = new Claim(id, req.passageId(), rater, req.left(), req.right());
        // the request alone first: the stores are asked about well-formed ids only
        refuse(JudgmentValidity.check(req.passageId(), claim, Optional.empty()));
        Outcome outcome = outcome(req.outcome());
        if (outcome == null) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "outcome must be LEFT, RIGHT or TIE");
        }
        if (req.ticket() != null && req.ticket().length() > PairTickets.MAX_LENGTH) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "ticket too long");
        }
        Optional<Known> known = known(req, rater);
        refuse(JudgmentValidity.check(req.passageId(), claim, known.map(Known::authors)));
        refuseUnservedPair(req, rater);
        if (recent.containsKey(id) || known.map(Known::voted).orElse(false)) {
            throw new ApiError(HttpStatus.CONFLICT, "already_voted", "you already voted on this pair; your first "
                    + "vote is the one that counts").with("judgmentId", id);
        }
        publish(ctx, Judgment.newBuilder().setJudgmentId(id).setPassageId(req.passageId())
                .setRaterId(rater).setLeft(req.left()).setRight(req.right()).setOutcome(outcome)
                .setTime(clock.instant()).build());
    }

    /** The answer to a judgment that breaks a rule ({@link JudgmentValidity}), before anything is published. */
    private static void refuse(Optional<Invalid> invalid) {
        if (invalid.isEmpty()) {
            return;
        }
        String message = invalid.get().message();
        throw switch (invalid.get().reason()) {
            // the API publishes under the passageId, so a key mismatch is a malformed request too
            case MALFORMED, KEY_MISMATCH -> new ApiError(HttpStatus.BAD_REQUEST, "malformed", message);
            case SAME_ANNOTATION -> new ApiError(HttpStatus.BAD_REQUEST, "same_annotation", message);
            case UNKNOWN_ANNOTATION -> new ApiError(HttpStatus.UNPROCESSABLE_CONTENT, "unknown_annotation", message);
            case OWN_ANNOTATION -> new ApiError(HttpStatus.FORBIDDEN, "own_annotation", message);
        };
    }

    /** What this instance knows of the pair; empty while rebalancing (the ticket vouches, the topology rechecks). */
    private Optional<Known> known(JudgmentRequest req, String rater) {
        try {
            return local.lookup(req.passageId(), req.left(), req.right(), rater);
        } catch (UnavailableException e) {
            return Optional.empty();
        }
    }

    private void refuseUnservedPair(JudgmentRequest req, String rater) {
        Optional<PairTickets.Problem> problem = tickets.check(req.ticket(), rater, req.passageId(), req.left(),
                req.right());
        if (problem.isEmpty()) {
            return;
        }
        throw switch (problem.get()) {
            case EXPIRED -> new ApiError(HttpStatus.FORBIDDEN, "ticket_expired", "this pair was served more than "
                    + tickets.ttl().toMinutes() + " minutes ago; load the next pair (GET /api/rater/next)");
            case MISSING -> new ApiError(HttpStatus.FORBIDDEN, "pair_not_served", "a judgment must carry the ticket "
                    + "of a pair served to you (GET /api/rater/next)");
            default -> new ApiError(HttpStatus.FORBIDDEN, "pair_not_served", "this pair was not served to you (the "
                    + "ticket is not yours, is for another pair, or is not genuine)");
        };
    }

    /** 202 once the judgment is on the topic; 503 when it certainly is not, 504 when that is not known. */
    private void publish(Context ctx, Judgment j) {
        String id = j.getJudgmentId();
        RecordPublisher.Sent sent;
        try {
            sent = publisher.publish(j.getPassageId(), j);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sent = new RecordPublisher.Sent(RecordPublisher.Outcome.UNKNOWN, "interrupted");
        }
        switch (sent.outcome()) {
            case PUBLISHED -> {
                recent.put(id, Boolean.TRUE);
                ctx.status(HttpStatus.ACCEPTED).json(Map.of("judgmentId", id, "raterId", j.getRaterId()));
            }
            case NOT_PUBLISHED -> {
                log.warn("judgment {} not published: {}", id, sent.reason());
                throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "not_published", "the judgment was not recorded; "
                        + "retry shortly").with("judgmentId", id).retryAfter(2);
            }
            case UNKNOWN -> {
                log.warn("judgment {}: publish outcome unknown: {}", id, sent.reason());
                throw new ApiError(HttpStatus.GATEWAY_TIMEOUT, "outcome_unknown", "the judgment may or may not have "
                        + "been recorded; retrying the same pair is safe, it counts once").with("judgmentId", id);
            }
        }
    }

    private static Outcome outcome(String s) {
        if (s == null) {
            return null;
        }
        return switch (s.toUpperCase(Locale.ROOT)) {
            case "LEFT" -> Outcome.LEFT;
            case "RIGHT" -> Outcome.RIGHT;
            case "TIE" -> Outcome.TIE;
            default -> null;
        };
    }

    /** What the stores of this instance say of a pair, when it hosts the passage. */
    private static Optional<Known> lookup(StoreQueries q, String passageId, String left, String right,
                                          String rater) {
        if (q == null || !(q.owner(passageId) instanceof Here h)) {
            return Optional.empty();
        }
        PassageData d = q.passage(passageId, h.partition());
        Map<String, String> authors = new HashMap<>();
        d.annotations().forEach(e -> authors.put(e.getAnnotationId(), e.getAnnotator().getId()));
        ItemVotes v = q.itemVotes(RaterReliability.itemKey(passageId, left, right), h.partition());
        return Optional.of(new Known(authors.get(left), authors.get(right), v != null && v.judgedBy(rater)));
    }

    /** The body as {@code type}; refused (400, 413) when it is missing, too large, not JSON or not that. */
    private <T> T read(Context ctx, Class<T> type, String usage) {
        byte[] body = ctx.bodyAsBytes();
        if (body.length > HttpSecurity.MAX_BODY) {
            throw new ApiError(HttpStatus.CONTENT_TOO_LARGE, "too_large", "request body too large (at most "
                    + HttpSecurity.MAX_BODY + " bytes)");
        }
        return ApiError.readJson(ctx, json, type, usage);
    }
}
