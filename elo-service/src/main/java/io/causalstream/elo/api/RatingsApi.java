package io.causalstream.elo.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.api.TournamentQueries.Found;
import io.causalstream.elo.api.TournamentQueries.Lookup;
import io.causalstream.elo.api.TournamentQueries.NotFound;
import io.causalstream.elo.api.TournamentQueries.Remote;
import io.causalstream.elo.api.TournamentQueries.Unavailable;
import io.causalstream.elo.api.TournamentQueries.UnavailableException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ratings HTTP API. A passage's tournament lives on one instance (the owner of its partition): a request that
 * reaches another instance is forwarded there once, marked {@code ?local=true} so it is never forwarded again
 * (an instance asked locally for a passage it does not own answers 503: ownership moved, retry).
 *
 * <ul>
 *   <li>{@code GET /api/passages/{id}/ratings}: the passage's table; 404 when no judgment was counted for it.</li>
 *   <li>{@code GET /api/passages}: every passage of every instance, in brief, sorted by passageId.</li>
 * </ul>
 * Errors are JSON {@code {"error": "..."}}; 503 while the service cannot answer (starting, rebalancing), 502 when
 * the owning instance does not answer.
 */
public final class RatingsApi {

    private static final Logger log = LoggerFactory.getLogger(RatingsApi.class);
    private static final String LOCAL = "local";
    private static final Duration FORWARD_TIMEOUT = Duration.ofSeconds(5);

    private final Supplier<TournamentQueries> queries;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param queries the queries of this instance; null while Kafka Streams is not created yet (the HTTP server
     *                starts first: its port is part of {@code application.server})
     * @param http    client for forwarding to other instances
     */
    public RatingsApi(Supplier<TournamentQueries> queries, HttpClient http) {
        this.queries = queries;
        this.http = http;
    }

    public void register(Javalin app) {
        app.get("/api/passages/{id}/ratings", this::ratings);
        app.get("/api/passages", this::passages);
    }

    private void ratings(Context ctx) {
        String passageId = ctx.pathParam("id");
        TournamentQueries q = queries.get();
        if (q == null) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "the Elo service is starting; retry shortly");
            return;
        }
        Lookup lookup = q.find(passageId, isLocal(ctx));
        switch (lookup) {
            case Found f -> ctx.json(RatingsView.of(f.tournament()));
            case NotFound n -> error(ctx, HttpStatus.NOT_FOUND, "no tournament for passage '" + passageId
                    + "' (no judgment of it has been counted)");
            case Unavailable u -> error(ctx, HttpStatus.SERVICE_UNAVAILABLE, u.reason());
            case Remote r -> forward(ctx, r.host(), "/api/passages/" + passageId + "/ratings");
        }
    }

    private void passages(Context ctx) {
        TournamentQueries q = queries.get();
        if (q == null) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, "the Elo service is starting; retry shortly");
            return;
        }
        try {
            List<PassageIndex.Entry> entries = new ArrayList<>();
            if (isLocal(ctx)) {
                q.local().forEach(t -> entries.add(PassageIndex.Entry.of(t)));
            } else {
                for (HostInfo host : q.instances()) {
                    if (host.equals(q.self())) {
                        q.local().forEach(t -> entries.add(PassageIndex.Entry.of(t)));
                        continue;
                    }
                    HttpResponse<String> r = get(host, "/api/passages");
                    if (r.statusCode() != 200) {
                        ctx.status(r.statusCode()).contentType("application/json").result(r.body());
                        return;
                    }
                    entries.addAll(json.readValue(r.body(), PassageIndex.class).passages());
                }
            }
            entries.sort(Comparator.comparing(PassageIndex.Entry::passageId));
            ctx.json(new PassageIndex(entries));
        } catch (UnavailableException e) {
            error(ctx, HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        } catch (ForwardException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
        } catch (IOException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, "unreadable answer from another instance: " + e.getMessage());
        }
    }

    private void forward(Context ctx, HostInfo owner, String path) {
        try {
            HttpResponse<String> r = get(owner, path);
            ctx.status(r.statusCode()).contentType("application/json").result(r.body());
        } catch (ForwardException e) {
            error(ctx, HttpStatus.BAD_GATEWAY, e.getMessage());
        }
    }

    /** GET {@code path?local=true} on another instance. */
    private HttpResponse<String> get(HostInfo host, String path) {
        try {
            URI uri = new URI("http", null, host.host(), host.port(), path, LOCAL + "=true", null);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(FORWARD_TIMEOUT)
                    .header("Accept", "application/json").GET().build();
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (URISyntaxException | IOException e) {
            log.warn("instance {}:{} did not answer {}: {}", host.host(), host.port(), path, e.toString());
            throw new ForwardException("instance " + host.host() + ":" + host.port() + " did not answer " + path
                    + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ForwardException("interrupted while asking " + host.host() + ":" + host.port());
        }
    }

    private static boolean isLocal(Context ctx) {
        return Boolean.parseBoolean(ctx.queryParam(LOCAL));
    }

    private static void error(Context ctx, HttpStatus status, String message) {
        ctx.status(status).json(Map.of("error", message));
    }

    private static final class ForwardException extends RuntimeException {
        ForwardException(String message) {
            super(message);
        }
    }
}
