package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.StoreQueries.Here;
import io.causalstream.elo.api.StoreQueries.PassageData;
import io.causalstream.elo.api.StoreQueries.Remote;
import io.causalstream.elo.api.StoreQueries.Unavailable;
import io.causalstream.elo.api.StoreQueries.UnavailableException;
import io.causalstream.elo.rater.JudgmentValidity;
import io.causalstream.elo.rater.PairChooser;
import io.causalstream.elo.rater.PairChooser.Candidate;
import io.causalstream.elo.rater.PairTickets;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.web.Peers;
import io.causalstream.runtime.web.Peers.PeerException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.tournament.Player;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The pair a rater judges next ({@code GET /api/rater/next[?passage=id]}): the most informative pair this rater has
 * not judged ({@link PairChooser}), over all passages of every instance or over one passage, with its signed,
 * expiring ticket; 204 when there is none; never a pair with the rater's own annotation. The instance asked
 * answers for the whole application: it asks the owner of one passage, or every other instance for its best
 * ({@code local=true}: answered from its own stores), and keeps the best of all.
 */
public final class NextPairs {

    private final Supplier<StoreQueries> queries;
    private final Peers peers;
    private final PairTickets tickets;
    private final double initialElo;
    /** Unknown fields are ignored: an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

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

    /**
     * @param queries    this instance's stores; null while Kafka Streams is not created
     * @param initialElo the rating of a player without games (the chooser's prior)
     */
    public NextPairs(Supplier<StoreQueries> queries, Peers peers, PairTickets tickets, double initialElo) {
        this.queries = queries;
        this.peers = peers;
        this.tickets = tickets;
        this.initialElo = initialElo;
    }

    /** Answers {@code GET /api/rater/next} for the signed-in {@code rater}. */
    void serve(Context ctx, String rater) {
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
}
