package io.causalstream.scorer.api;

import io.causalstream.runtime.InteractiveQueries;
import io.causalstream.runtime.web.Peers;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.topology.ScorerTopology;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * {@code GET /api/passages/{id}/scores}: 404 for an id with neither a passage nor an annotation; else the
 * passage's text and the latest score of every annotation of it against its
 * current gold, with every edge's CESAR strength, validation state, stage verdicts and evidence spans, read from the
 * {@value ScorerTopology#SCORES_STORE} and {@value ScorerTopology#PASSAGES_STORE} stores (what the passage view,
 * {@code /passages/{id}}, draws). The passage lives in one partition, hence on one
 * instance: when another instance owns it (known only when {@code http.advertised.host} is set), this instance asks
 * the owner and relays its answer ({@link Peers}; the decision is {@link InteractiveQueries}'s, as in every
 * service), so a page or an ingress needs to reach only one instance; 502 when the owner does not answer. While the
 * store is not queryable (start-up, rebalance), the answer is 503.
 */
public final class ScoresApi {

    /** One annotation's latest scores, with its edges' strength and validation. */
    public record AnnotationScores(String annotationId, String annotatorId, String annotatorKind,
                                   String goldAnnotationId, String goldOrigin, List<Measure> scores,
                                   Double alignmentF1, Double shareValidated, Double meanStrength, List<EdgeView> edges,
                                   long scoredAt) {
    }

    /**
     * One edge as extracted, its CESAR strength (null when not computed) and staged validation, and the passage
     * spans the annotator gave as evidence (empty when it gave none).
     */
    public record EdgeView(String source, String target, String direction, Double strength, String validation,
                           List<Stage> stages, List<Span> evidence) {
    }

    /** A character span {@code [start, end)} of the passage text, UTF-16 offsets. */
    public record Span(int start, int end) {
    }

    /** One validation stage's verdict. */
    public record Stage(String stage, boolean passed, String reason) {
    }

    /** One measure's counts and scores. */
    public record Measure(String measure, double threshold, int tp, int pp, int fp, int fn, double f1,
                          Double f1Strict) {
    }

    /**
     * The answer: the passage's text and title (null until the passage is published) and the latest scores of each
     * of its annotations, in annotationId order (a graph scored while the passage has no gold has empty scores and
     * a null goldAnnotationId); no annotation yet: an empty list.
     */
    public record PassageScores(String passageId, String text, String title, List<AnnotationScores> annotations) {

        /** Neither the passage nor any annotation of it has arrived: the id is unknown (404). */
        @com.fasterxml.jackson.annotation.JsonIgnore
        public boolean isUnknown() {
            return text == null && (annotations == null || annotations.isEmpty());
        }
    }

    private static final StringSerializer STRINGS = new StringSerializer();
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind
            .ObjectMapper().configure(com.fasterxml.jackson.databind.DeserializationFeature
                    .FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Supplier<KafkaStreams> streams;
    private final Supplier<HostInfo> self;
    private final Peers peers;

    /**
     * @param streams the running KafkaStreams (null before it exists)
     * @param self    this instance's advertised host and port, or null when not advertised (single instance)
     * @param peers   asks the instance that owns a passage
     */
    public ScoresApi(Supplier<KafkaStreams> streams, Supplier<HostInfo> self, Peers peers) {
        this.streams = streams;
        this.self = self;
        this.peers = peers;
    }

    public void register(Javalin app) {
        app.get("/api/passages/{id}/scores", this::passageScores);
    }

    private void passageScores(Context ctx) {
        String passageId = ctx.pathParam("id");
        KafkaStreams ks = streams.get();
        if (ks == null || !ks.state().isRunningOrRebalancing()) {
            unavailable(ctx, "stream processing is not running");
            return;
        }
        switch (InteractiveQueries.route(ks, ScorerTopology.SCORES_STORE, passageId, self.get())) {
            case InteractiveQueries.Unknown u -> {
                unavailable(ctx, "the owner of passage " + passageId + " is not known yet");
                return;
            }
            case InteractiveQueries.Remote owner -> {
                if (Peers.forwarded(ctx)) {
                    unavailable(ctx, "passage " + passageId + " has moved to another instance; ask again");
                    return;
                }
                try {
                    Peers.relay(ctx, peers.get(owner.host(), ctx.path(), "", null));
                } catch (Peers.PeerException e) {
                    error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
                }
                return;
            }
            case InteractiveQueries.Local here -> {
                // every partition's scores are in one store here; the prefix scan below finds the passage's
            }
        }
        try {
            PassageScores found = local(ks, passageId);
            if (found.isUnknown()) {
                ctx.status(HttpStatus.NOT_FOUND).json(java.util.Map.of("error", "no passage " + passageId
                        + " (not published, and no annotation of it)", "code", "not_found"));
                return;
            }
            ctx.json(found);
        } catch (InvalidStateStoreException e) {
            unavailable(ctx, "scores are not queryable right now: " + e.getMessage());
        }
    }

    /** The passage's scores from this instance's stores. */
    private static PassageScores local(KafkaStreams ks, String passageId) {
        ReadOnlyKeyValueStore<String, ScoredGraph> store = ks.store(StoreQueryParameters.fromNameAndType(
                ScorerTopology.SCORES_STORE, QueryableStoreTypes.keyValueStore()));
        List<AnnotationScores> out = new ArrayList<>();
        try (KeyValueIterator<String, ScoredGraph> it = store.prefixScan(
                ScorerTopology.passageKeyPrefix(passageId), STRINGS)) {
            it.forEachRemaining(kv -> out.add(summary(kv.value)));
        }
        ReadOnlyKeyValueStore<String, Passage> passages = ks.store(StoreQueryParameters.fromNameAndType(
                ScorerTopology.PASSAGES_STORE, QueryableStoreTypes.keyValueStore()));
        Passage passage = passages.get(passageId);
        return new PassageScores(passageId, passage == null ? null : passage.getText(),
                passage == null ? null : passage.getTitle(), out);
    }

    /**
     * The passage's scores wherever they live, for another part of this service (the curation API): read here, or
     * asked of the instance that owns the passage.
     *
     * @throws Unanswered when they cannot be read now (503), or the owner did not answer (502)
     */
    public PassageScores find(String passageId) {
        KafkaStreams ks = streams.get();
        if (ks == null || !ks.state().isRunningOrRebalancing()) {
            throw new Unanswered(HttpStatus.SERVICE_UNAVAILABLE, "stream processing is not running");
        }
        switch (InteractiveQueries.route(ks, ScorerTopology.SCORES_STORE, passageId, self.get())) {
            case InteractiveQueries.Unknown u ->
                    throw new Unanswered(HttpStatus.SERVICE_UNAVAILABLE, "the owner of passage " + passageId
                            + " is not known yet");
            case InteractiveQueries.Remote owner -> {
                try {
                    java.net.http.HttpResponse<String> r = peers.get(owner.host(), "/api/passages/"
                            + java.net.URLEncoder.encode(passageId, java.nio.charset.StandardCharsets.UTF_8)
                            .replace("+", "%20") + "/scores", "", null);
                    if (r.statusCode() == 404) {
                        return new PassageScores(passageId, null, null, List.of());
                    }
                    if (r.statusCode() != 200) {
                        throw new Unanswered(HttpStatus.BAD_GATEWAY, "the instance owning passage " + passageId
                                + " answered " + r.statusCode());
                    }
                    return JSON.readValue(r.body(), PassageScores.class);
                } catch (Peers.PeerException | java.io.IOException e) {
                    throw new Unanswered(HttpStatus.BAD_GATEWAY, "the instance owning passage " + passageId
                            + " did not answer");
                }
            }
            case InteractiveQueries.Local here -> {
                try {
                    return local(ks, passageId);
                } catch (InvalidStateStoreException e) {
                    throw new Unanswered(HttpStatus.SERVICE_UNAVAILABLE, "scores are not queryable right now");
                }
            }
        }
    }

    /** The scores could not be read: the status to answer and why. */
    public static final class Unanswered extends RuntimeException {
        private final HttpStatus status;

        public Unanswered(HttpStatus status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        public HttpStatus status() {
            return status;
        }
    }

    private static AnnotationScores summary(ScoredGraph g) {
        List<Measure> measures = new ArrayList<>();
        for (MeasureScore s : g.getScores()) {
            measures.add(new Measure(s.getMeasure(), s.getThreshold(), s.getTp(), s.getPp(), s.getFp(), s.getFn(),
                    s.getF1(), s.getF1Strict()));
        }
        List<EdgeView> edges = new ArrayList<>();
        for (ScoredEdge e : g.getEdges()) {
            edges.add(new EdgeView(e.getTriple().getSource(), e.getTriple().getTarget(),
                    e.getTriple().getDirection().name(), e.getStrength(), e.getValidation().name(),
                    e.getStages().stream().map(v -> new Stage(v.getStage(), v.getPassed(), v.getReason())).toList(),
                    e.getTriple().getEvidence().stream().map(v -> new Span(v.getStart(), v.getEnd())).toList()));
        }
        return new AnnotationScores(g.getAnnotationId(), g.getAnnotator().getId(), g.getAnnotator().getKind().name(),
                g.getGoldAnnotationId(), g.getGoldOrigin() == null ? null : g.getGoldOrigin().name(), measures,
                g.getAlignmentF1(), g.getShareValidated(), g.getMeanStrength(), edges, g.getScoredAt().toEpochMilli());
    }

    private static void unavailable(Context ctx, String why) {
        error(ctx, HttpStatus.SERVICE_UNAVAILABLE, why);
    }

    private static void error(Context ctx, HttpStatus status, String why) {
        ctx.status(status).json(java.util.Map.of("error", why, "code", status.name().toLowerCase(
                java.util.Locale.ROOT)));
    }
}
