package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.StoreQueries.Here;
import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.api.StoreQueries.Remote;
import io.causalstream.elo.api.StoreQueries.Unavailable;
import io.causalstream.elo.api.StoreQueries.UnavailableException;
import io.causalstream.elo.leaderboard.Leaderboard;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.ReliabilityTally;
import io.causalstream.elo.topology.EloTopology;
import io.causalstream.runtime.web.Peers;
import io.causalstream.runtime.web.Peers.PeerException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.tournament.Tournament;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The read API. A passage lives on one instance (the owner of its partition): a request for it that reaches
 * another instance is forwarded there once, marked {@code ?local=true}. Whole-application answers (all passages,
 * the annotator leaderboard, rater reliability) gather each instance's share with {@code ?local=true} and combine
 * them; shares are sums, so the answer is the same whichever instance is asked and however partitions are spread.
 *
 * <ul>
 *   <li>{@code GET /api/passages/{id}/ratings}: the passage's table ({@link RatingsView}); 404 when no judgment was
 *       counted for it.</li>
 *   <li>{@code GET /api/passages}: every tournament in brief ({@link PassageIndex}), sorted by passageId;
 *       {@code ?ids=a,b} restricts it to those passages (key lookups, no scan; unknown ids are left out).</li>
 *   <li>{@code GET /api/leaderboard}: annotators across passages ({@code {"annotators": [Leaderboard.Row]}}).</li>
 *   <li>{@code GET /api/reliability}: inter- and intra-rater reliability
 *       ({@link io.causalstream.elo.reliability.ReliabilityReport}).</li>
 * </ul>
 * Errors are JSON {@code {"error": "..."}}; 503 while the service cannot answer (starting, rebalancing; an
 * instance asked locally for a passage it does not own answers 503 too: ownership moved, retry), 502 when another
 * instance does not answer.
 */
public final class RatingsApi {

    static final String IDS = "ids";

    private final Supplier<StoreQueries> queries;
    private final Peers peers;
    /** Unknown fields are ignored: a browser or an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * @param queries the queries of this instance; null while Kafka Streams is not created yet (the HTTP server
     *                starts first: its port is part of {@code application.server})
     */
    public RatingsApi(Supplier<StoreQueries> queries, Peers peers) {
        this.queries = queries;
        this.peers = peers;
    }

    /** Share of the leaderboard one instance holds. */
    public record LeaderboardShare(List<Leaderboard.Line> lines) {
    }

    /** The whole leaderboard. */
    public record LeaderboardView(List<Leaderboard.Row> annotators) {
    }

    public void register(Javalin app) {
        app.get("/api/passages/{id}/ratings", this::ratings);
        app.get("/api/passages", this::passages);
        app.get("/api/leaderboard", this::leaderboard);
        app.get("/api/reliability", this::reliability);
    }

    private void ratings(Context ctx) {
        String passageId = ctx.pathParam("id");
        StoreQueries q = ready(ctx);
        if (q == null) {
            return;
        }
        try {
            switch (q.owner(passageId)) {
                case Here h -> {
                    PassageData d = q.passage(passageId, h.partition());
                    if (d.tournament() == null) {
                        error(ctx, HttpStatus.NOT_FOUND, "no tournament for passage '" + passageId
                                + "' (no judgment of it has been counted)");
                    } else {
                        ctx.json(RatingsView.of(d));
                    }
                }
                case Remote r -> {
                    if (Peers.forwarded(ctx)) {
                        error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "passage " + passageId + " is owned by "
                                + r.host().host() + ":" + r.host().port() + ", not by this instance; retry");
                    } else {
                        Peers.relay(ctx, peers.get(r.host(), "/api/passages/" + passageId + "/ratings", "", null));
                    }
                }
                case Unavailable u -> error(ctx, HttpStatus.SERVICE_UNAVAILABLE, u.reason());
            }
        } catch (UnavailableException e) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        } catch (PeerException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
        }
    }

    private void passages(Context ctx) {
        // ?ids=a,b: only these passages, by key lookups instead of a scan of every tournament (a poller that
        // follows a few passages should not cost a decode of all of them per request)
        List<String> ids = ctx.queryParam(IDS) == null ? null : Arrays.stream(ctx.queryParam(IDS).split(","))
                .map(String::trim).filter(id -> !id.isEmpty()).distinct().toList();
        String query = ids == null ? "" : IDS + "=" + URLEncoder.encode(String.join(",", ids), StandardCharsets.UTF_8);
        gather(ctx, "/api/passages", query, PassageIndex.class, q -> {
            List<PassageIndex.Entry> entries = new ArrayList<>();
            (ids == null ? q.localTournaments() : q.localTournaments(ids))
                    .forEach(t -> entries.add(PassageIndex.Entry.of(t)));
            return new PassageIndex(entries);
        }, shares -> {
            List<PassageIndex.Entry> all = new ArrayList<>();
            shares.forEach(s -> all.addAll(s.passages()));
            all.sort(Comparator.comparing(PassageIndex.Entry::passageId));
            return new PassageIndex(all);
        });
    }

    private void leaderboard(Context ctx) {
        gather(ctx, "/api/leaderboard", LeaderboardShare.class, q -> {
            Map<String, Map<String, String>> annotators = new HashMap<>();
            q.<Extraction>forEachLocal(EloTopology.ANNOTATIONS_STORE, (k, e) -> annotators
                    .computeIfAbsent(e.getPassageId(), x -> new HashMap<>())
                    .put(e.getAnnotationId(), e.getAnnotator().getId()));
            Leaderboard board = new Leaderboard();
            for (Tournament t : q.localTournaments()) {
                board.add(t, annotators.getOrDefault(t.getPassageId(), Map.of()));
            }
            return new LeaderboardShare(board.lines());
        }, shares -> {
            Leaderboard all = new Leaderboard();
            shares.forEach(s -> all.merge(Leaderboard.of(s.lines())));
            return new LeaderboardView(all.rows());
        });
    }

    private void reliability(Context ctx) {
        gather(ctx, "/api/reliability", ReliabilityTally.Counts.class, q -> {
            ReliabilityTally tally = new ReliabilityTally();
            q.<ItemVotes>forEachLocal(EloTopology.ITEM_VOTES_STORE, (k, v) -> tally.add(v));
            return tally.counts();
        }, shares -> {
            ReliabilityTally all = new ReliabilityTally();
            shares.forEach(s -> all.merge(ReliabilityTally.of(s)));
            return all.report();
        });
    }

    /**
     * Answers a whole-application query: with {@code local=true}, this instance's share; otherwise every
     * instance's share (this one's computed here) combined.
     */
    private <S> void gather(Context ctx, String path, Class<S> shareType,
                            java.util.function.Function<StoreQueries, S> localShare,
                            java.util.function.Function<List<S>, Object> combine) {
        gather(ctx, path, "", shareType, localShare, combine);
    }

    private <S> void gather(Context ctx, String path, String query, Class<S> shareType,
                            java.util.function.Function<StoreQueries, S> localShare,
                            java.util.function.Function<List<S>, Object> combine) {
        StoreQueries q = ready(ctx);
        if (q == null) {
            return;
        }
        try {
            if (Peers.forwarded(ctx)) {
                ctx.json(localShare.apply(q));
                return;
            }
            List<S> shares = new ArrayList<>();
            for (HostInfo host : q.instances()) {
                if (host.equals(q.self())) {
                    shares.add(localShare.apply(q));
                    continue;
                }
                HttpResponse<String> r = peers.get(host, path, query, null);
                if (r.statusCode() != 200) {
                    Peers.relay(ctx, r);
                    return;
                }
                shares.add(json.readValue(r.body(), shareType));
            }
            ctx.json(combine.apply(shares));
        } catch (UnavailableException e) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        } catch (PeerException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
        } catch (IOException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, "unreadable answer from another instance");
        }
    }

    private StoreQueries ready(Context ctx) {
        StoreQueries q = queries.get();
        if (q == null) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "the Elo service is starting; retry shortly");
        }
        return q;
    }

    static void error(Context ctx, HttpStatus status, String message) {
        ctx.status(status).json(Map.of("error", message));
    }
}
