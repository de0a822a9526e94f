package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.StoreQueries.Here;
import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.api.StoreQueries.UnavailableException;
import io.causalstream.elo.rater.JudgmentIds;
import io.causalstream.elo.rater.JudgmentValidity;
import io.causalstream.elo.rater.JudgmentValidity.Authors;
import io.causalstream.elo.rater.JudgmentValidity.Claim;
import io.causalstream.elo.rater.JudgmentValidity.Invalid;
import io.causalstream.elo.rater.PairTickets;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.web.HttpSecurity;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A rater's judgment, from the page to the {@code judgments} topic ({@code POST /api/judgments}
 * {@code {"passageId", "left", "right", "outcome": LEFT|RIGHT|TIE, "ticket"}}): published (202) under a judgmentId
 * derived from rater, passage and pair, stamped with the signed-in rater. Refused before anything is published:
 * too many judgments (429 with Retry-After), malformed or oversized body (400, 413), a judgment that breaks a rule
 * of {@link JudgmentValidity} (400, an unknown annotation 422, the rater's own annotation 403), a pair not served
 * to this rater or a forged ticket (403), an expired ticket (403 {@code ticket_expired}), a pair this rater
 * already voted on (409). 503 only when the judgment was certainly not published; 504 when its fate is unknown (a
 * retry with the same pair is safe: it counts once).
 */
public final class JudgmentIntake {

    private static final Logger log = LoggerFactory.getLogger(JudgmentIntake.class);
    private static final int MAX_RECENT = 100_000;
    private static final String JUDGMENT_USAGE = "expected {\"passageId\", \"left\", \"right\", \"outcome\": "
            + "\"LEFT\"|\"RIGHT\"|\"TIE\", \"ticket\"}";

    private final PairTickets tickets;
    private final RateLimiter limit;
    private final RecordPublisher<Judgment> publisher;
    private final LocalPassages local;
    private final Clock clock;
    /** judgmentIds published from this instance lately: a repeat is refused before the topology has counted it. */
    private final Map<String, Boolean> recent = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > MAX_RECENT;
                }
            });
    /** Unknown fields are ignored: a browser of another version may send more. */
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

    /** What the page posts. */
    public record JudgmentRequest(String passageId, String left, String right, String outcome, String ticket) {
    }

    /**
     * @param limit judgments a rater may post (per instance)
     * @param local what this instance's stores know of a pair ({@link #stores})
     */
    public JudgmentIntake(PairTickets tickets, RateLimiter limit, RecordPublisher<Judgment> publisher,
                          LocalPassages local, Clock clock) {
        this.tickets = tickets;
        this.limit = limit;
        this.publisher = publisher;
        this.local = local;
        this.clock = clock;
    }

    /**
     * Answers {@code POST /api/judgments} of the signed-in {@code rater} (session and CSRF token were checked
     * before, see {@link RaterApi#register}): the rate, then the judgment itself.
     */
    void judge(Context ctx, String rater) {
        Optional<Duration> wait = limit.acquire(rater);
        if (wait.isPresent()) {
            throw ApiError.tooMany(wait.get(), "too many judgments; slow down");
        }
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
    public static LocalPassages stores(Supplier<StoreQueries> queries) {
        return (passage, left, right, rater) -> lookup(queries.get(), passage, left, right, rater);
    }

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
