package io.causalstream.scorer.curation;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.RecordPublisher;
import io.causalstream.runtime.access.RateLimiter;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.access.Role;
import io.causalstream.runtime.access.SessionEndpoints;
import io.causalstream.runtime.access.SignedSessions;
import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.scorer.api.ScoresApi;
import io.causalstream.scorer.api.ScoresApi.AnnotationScores;
import io.causalstream.scorer.api.ScoresApi.PassageScores;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The curation page's API (the page: {@code /curate/{passageId}}). The curator signs in and the service, not the
 * browser, stamps the curator on every correction (read back from the signed session cookie).
 * <ul>
 *   <li>{@code POST|GET|DELETE /api/curator/session}: sign-in, who is signed in ({@code curatorId}), sign-out
 *       revoking the session on every instance: the shared {@link SessionEndpoints} of the role
 *       {@link #CURATORS}.</li>
 *   <li>{@code GET /api/curation/passages/{id}}: the passage text and its version, each extraction of it with its
 *       version and edges, and the concept suggestions (the passage's concepts and the collective maps').</li>
 *   <li>{@code POST /api/curation/corrections} ({@link CurationRequest}, with {@code X-CSRF-Token}): applies the
 *       edits ({@link Corrector}) and publishes the correction on {@code extractions}, and on {@code gold-graphs}
 *       when asked (202). Refused before anything is published: no session (401), bad CSRF token (403), too many
 *       corrections (429 with Retry-After), malformed body (400), oversized body (413, by the service's
 *       {@code HttpSecurity}), an unknown passage or extraction (404), a passage or extraction changed since the
 *       page showed it (409 {@code passage_changed}, {@code extraction_changed}), a correction this curator
 *       already submitted for this extraction version (409 {@code already_curated}), an invalid edit or a bound
 *       exceeded (422). 503 only when nothing was published; 504 when the outcome is unknown (a retry names the
 *       same annotation id, so it is published at most once).</li>
 * </ul>
 * Every error is {@code {"error": message, "code": code}}.
 */
public final class CurationApi {

    private static final Logger log = LoggerFactory.getLogger(CurationApi.class);
    /** The curator's session cookie. */
    public static final String COOKIE = "curator";
    /** The role of curator sessions ({@link SignedSessions}). */
    public static final String ROLE = "curator";
    public static final String CSRF_HEADER = SignedSessions.CSRF_HEADER;
    /** Who signs in to the curation page, and where ({@link SessionEndpoints}). */
    public static final Role CURATORS = new Role(ROLE, COOKIE, "curatorId", "/api/curator/session",
            "/api/internal/curator/revocations");
    static final int MAX_ID = 256;
    private static final int MAX_RECENT = 100_000;
    private static final int MAX_CONCEPTS = 2000;

    /** Reads a passage's extractions wherever they live ({@link ScoresApi#find}). */
    @FunctionalInterface
    public interface PassageSource {
        /** @throws ScoresApi.Unanswered when they cannot be read now */
        PassageScores find(String passageId);
    }

    /** Told of every published correction (metrics). */
    @FunctionalInterface
    public interface Published {
        void correction(Extraction annotation, boolean gold);
    }

    public record Span(int start, int end) {
    }

    public record EdgeItem(String source, String target, String direction, List<Span> evidence) {
    }

    /**
     * One extraction as the page corrects it.
     *
     * @param correctionId the annotation id the signed-in curator's correction of this version gets (null when
     *                     nobody is signed in)
     * @param corrected    whether that correction is already on record
     */
    public record ExtractionView(String annotationId, String annotatorId, String annotatorKind, String version,
                                 List<EdgeItem> edges, String correctionId, boolean corrected) {
    }

    public record CurationView(String passageId, String text, String title, String passageVersion,
                               List<ExtractionView> extractions, List<String> concepts, int maxEdges, int maxLabel) {
    }

    private final PassageSource passages;
    private final SessionEndpoints access;
    private final RateLimiter limit;
    private final Corrector corrector;
    private final CurationLimits limits;
    private final Supplier<Collection<String>> mapConcepts;
    private final Outlets outlets;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    /** Corrections published from this instance lately: a repeat is refused before the scorer has stored it. */
    private final Map<String, Boolean> recent = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(256, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > MAX_RECENT;
                }
            });

    /**
     * Where corrections go: the annotation on {@code extractions}, its gold on {@code gold-graphs}, and who is told
     * of each one published.
     */
    public record Outlets(RecordPublisher<Extraction> annotations, RecordPublisher<GoldGraph> golds,
                          Published published) {
    }

    /**
     * @param mapConcepts the concept labels of the collective maps, suggested to the curator
     * @param settings    the corrections a curator may submit a minute (per instance) and the bounds of one
     */
    public CurationApi(PassageSource passages, Supplier<Collection<String>> mapConcepts, SessionEndpoints access,
                       CurationSettings settings, Outlets outlets, Clock clock) {
        this.passages = passages;
        this.mapConcepts = mapConcepts;
        this.access = access;
        this.limit = new RateLimiter(settings.perMinute(), settings.burst(), clock);
        this.limits = settings.limits();
        this.corrector = new Corrector(limits);
        this.outlets = outlets;
        this.clock = clock;
    }

    public void register(Javalin app) {
        ApiError.register(app);
        access.register(app);
        app.get("/api/curation/passages/{id}", this::view);
        app.post("/api/curation/corrections", this::correct);
    }

    private void view(Context ctx) {
        String passageId = ctx.pathParam("id");
        if (!validId(passageId)) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "a passage id is 1 to " + MAX_ID + " characters");
        }
        Optional<String> curator = access.sessionOf(ctx).map(SignedSessions.Session::userId);
        PassageScores p;
        try {
            p = passages.find(passageId);
        } catch (ScoresApi.Unanswered e) {
            throw new ApiError(e.status(), "unavailable", e.getMessage());
        }
        if (p == null || p.text() == null) {
            throw new ApiError(HttpStatus.NOT_FOUND, "unknown_passage", "no passage '" + passageId
                    + "' (or its text has not arrived yet)");
        }
        TreeSet<String> concepts = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        List<ExtractionView> views = new ArrayList<>();
        for (AnnotationScores a : p.annotations()) {
            List<Triple> triples = triples(a);
            String version = Versions.extraction(triples);
            String correctionId = curator.map(c -> Corrections.annotationId(c, passageId, a.annotationId(), version))
                    .orElse(null);
            boolean corrected = correctionId != null && (recent.containsKey(passageId + "\u0000" + correctionId)
                    || p.annotations().stream().anyMatch(x -> x.annotationId().equals(correctionId)));
            views.add(new ExtractionView(a.annotationId(), a.annotatorId(), a.annotatorKind(), version,
                    triples.stream().map(t -> new EdgeItem(t.getSource(), t.getTarget(), t.getDirection().name(),
                            t.getEvidence().stream().map(s -> new Span(s.getStart(), s.getEnd())).toList())).toList(),
                    correctionId, corrected));
            triples.forEach(t -> {
                concepts.add(t.getSource());
                concepts.add(t.getTarget());
            });
        }
        try {
            for (String c : mapConcepts.get()) {
                if (concepts.size() >= MAX_CONCEPTS) {
                    break;
                }
                concepts.add(c);
            }
        } catch (RuntimeException e) {
            log.debug("collective map concepts unavailable for suggestions: {}", e.toString());
        }
        ctx.json(new CurationView(passageId, p.text(), p.title(), Versions.passage(p.text()), views,
                List.copyOf(concepts), limits.maxEdges(), limits.maxLabel()));
    }

    private void correct(Context ctx) {
        SignedSessions.Session session = access.require(ctx);
        access.requireCsrf(ctx, session);
        String curator = session.userId();
        Optional<Duration> wait = limit.acquire(curator);
        if (wait.isPresent()) {
            throw ApiError.tooMany(wait.get(), "too many corrections; slow down");
        }
        CurationRequest req = read(ctx, CurationRequest.class, "expected {\"passageId\", \"annotationId\", "
                + "\"passageVersion\", \"extractionVersion\", \"edits\": [...], \"nothingCausal\", \"gold\"}");
        if (!validId(req.passageId()) || !validId(req.annotationId()) || !validId(req.passageVersion())
                || !validId(req.extractionVersion())) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "passageId, annotationId, passageVersion and "
                    + "extractionVersion are required, each 1 to " + MAX_ID + " characters");
        }
        PassageScores p;
        try {
            p = passages.find(req.passageId());
        } catch (ScoresApi.Unanswered e) {
            throw new ApiError(e.status(), "unavailable", e.getMessage());
        }
        if (p == null || p.text() == null) {
            throw new ApiError(HttpStatus.NOT_FOUND, "unknown_passage", "no passage '" + req.passageId() + "'");
        }
        AnnotationScores source = p.annotations().stream().filter(a -> a.annotationId().equals(req.annotationId()))
                .findFirst().orElse(null);
        if (source == null) {
            throw new ApiError(HttpStatus.NOT_FOUND, "unknown_extraction", "passage '" + req.passageId() + "' has no "
                    + "extraction '" + req.annotationId() + "'");
        }
        if (!Versions.passage(p.text()).equals(req.passageVersion())) {
            throw new ApiError(HttpStatus.CONFLICT, "passage_changed", "the passage text changed since the page "
                    + "showed it; reload and correct again");
        }
        List<Triple> original = triples(source);
        if (!Versions.extraction(original).equals(req.extractionVersion())) {
            throw new ApiError(HttpStatus.CONFLICT, "extraction_changed", "extraction '" + req.annotationId()
                    + "' changed since the page showed it; reload and correct again");
        }
        String id = Corrections.annotationId(curator, req.passageId(), req.annotationId(), req.extractionVersion());
        String key = req.passageId() + "\u0000" + id;
        if (recent.containsKey(key) || p.annotations().stream().anyMatch(a -> a.annotationId().equals(id))) {
            throw new ApiError(HttpStatus.CONFLICT, "already_curated", "you already corrected this version of this "
                    + "extraction; your first correction is the one on record").with("annotationId", id);
        }
        Corrector.Corrected corrected;
        try {
            corrected = corrector.apply(p.text(), original, req.edits(), req.nothingCausal());
        } catch (CurationException e) {
            throw new ApiError(HttpStatus.UNPROCESSABLE_CONTENT, e.code(), e.getMessage());
        }
        Extraction annotation = Corrections.annotation(curator, req, source.annotatorId(), corrected, clock.instant());
        publish(ctx, key, annotation, req.gold());
    }

    private void publish(Context ctx, String key, Extraction annotation, boolean gold) {
        String id = annotation.getAnnotationId();
        RecordPublisher.Sent sentAnnotation;
        RecordPublisher.Sent sentGold = null;
        try {
            RecordPublisher.Pending a = outlets.annotations().send(annotation.getPassageId(), annotation);
            RecordPublisher.Pending g = gold ? outlets.golds().send(annotation.getPassageId(), Corrections.gold(annotation))
                    : null;
            sentAnnotation = outlets.annotations().await(a);
            if (g != null) {
                sentGold = outlets.golds().await(g);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sentAnnotation = new RecordPublisher.Sent(RecordPublisher.Outcome.UNKNOWN, "interrupted");
        }
        RecordPublisher.Outcome worst = sentAnnotation.outcome();
        if (sentGold != null && worst == RecordPublisher.Outcome.PUBLISHED) {
            worst = sentGold.outcome();
        }
        switch (worst) {
            case PUBLISHED -> {
                recent.put(key, Boolean.TRUE);
                outlets.published().correction(annotation, gold);
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("annotationId", id);
                body.put("curatorId", annotation.getAnnotator().getId());
                body.put("gold", gold);
                body.put("triples", annotation.getTriples().size());
                Map<String, Long> changes = new LinkedHashMap<>();
                for (EdgeChange c : annotation.getDerivation().getEdges()) {
                    changes.merge(c.getChange().name().toLowerCase(Locale.ROOT), 1L, Long::sum);
                }
                body.put("changes", changes);
                ctx.status(HttpStatus.ACCEPTED).json(body);
            }
            case NOT_PUBLISHED -> {
                log.warn("correction {} not published: {} {}", id, sentAnnotation.reason(),
                        sentGold == null ? "" : sentGold.reason());
                if (sentAnnotation.outcome() == RecordPublisher.Outcome.PUBLISHED) {
                    recent.put(key, Boolean.TRUE); // the annotation is on record; only its gold failed
                }
                throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, "not_published",
                        sentAnnotation.outcome() == RecordPublisher.Outcome.PUBLISHED
                                ? "the correction was recorded but not as gold; publish the gold again later"
                                : "the correction was not recorded; retry shortly").with("annotationId", id)
                        .retryAfter(2);
            }
            case UNKNOWN -> {
                log.warn("correction {}: publish outcome unknown", id);
                throw new ApiError(HttpStatus.GATEWAY_TIMEOUT, "outcome_unknown", "the correction may or may not have "
                        + "been recorded; reload the page to see").with("annotationId", id);
            }
        }
    }

    /** An extraction's triples as the scorer keeps them (source, target, direction, evidence). */
    static List<Triple> triples(AnnotationScores a) {
        List<Triple> out = new ArrayList<>();
        for (ScoresApi.EdgeView e : a.edges()) {
            out.add(Triple.newBuilder().setSource(e.source()).setTarget(e.target())
                    .setDirection(Direction.valueOf(e.direction()))
                    .setEvidence(e.evidence().stream().map(s -> new EvidenceSpan(s.start(), s.end())).toList())
                    .build());
        }
        return out;
    }

    private <T> T read(Context ctx, Class<T> type, String usage) {
        return ApiError.readJson(ctx, json, type, usage);
    }

    static boolean validId(String s) {
        if (s == null || s.isBlank() || s.length() > MAX_ID) {
            return false;
        }
        return s.chars().noneMatch(Character::isISOControl);
    }

    /** The counters of every correction this instance published, by what became of the extraction's edges. */
    public static Published meters(io.micrometer.core.instrument.MeterRegistry registry) {
        return (annotation, gold) -> {
            io.micrometer.core.instrument.Counter.builder("scorer.curation.corrections")
                    .description("Corrections published from the curation page").tag("gold", Boolean.toString(gold))
                    .register(registry).increment();
            for (EdgeChange c : annotation.getDerivation().getEdges()) {
                io.micrometer.core.instrument.Counter.builder("scorer.curation.edges")
                        .description("Edges of corrected extractions by what the curator did (added: new edges)")
                        .tag("change", c.getChange().name().toLowerCase(Locale.ROOT)).register(registry).increment();
            }
        };
    }
}
