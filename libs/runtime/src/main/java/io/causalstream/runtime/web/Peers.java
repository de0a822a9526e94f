package io.causalstream.runtime.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks another instance of the application, for an API whose state is spread over the instances (interactive
 * queries: {@code InteractiveQueries} decides where a key lives). The instance a client reached answers for the
 * whole application: it asks the owner and relays the answer ({@link #relay}), so a client (a browser page, an
 * ingress in front of the instances) needs to reach only one of them. Every forwarded request carries
 * {@code local=true}: the receiver answers from its own stores and never forwards again ({@link #forwarded}), so a
 * request crosses at most one hop. Every request carries the peers' credential ({@link PeerSecret}) when there is
 * one: the internal endpoints ({@value PeerSecret#INTERNAL_PATHS}) require it.
 */
public final class Peers {

    private static final Logger log = LoggerFactory.getLogger(Peers.class);
    public static final String LOCAL = "local";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient http;
    private final PeerSecret secret;

    /** Without a credential: for a service without internal endpoints (its peers' would refuse it). */
    public Peers(HttpClient http) {
        this(http, null);
    }

    /** @param secret the credential sent to the other instances, and required by {@link #guard} */
    public Peers(HttpClient http, PeerSecret secret) {
        this.http = http;
        this.secret = secret;
    }

    /**
     * Refuses every request to the internal endpoints ({@value PeerSecret#INTERNAL_PATHS}) of {@code app} but the
     * peers': all of them when this has no credential.
     */
    public void guard(Javalin app) {
        (secret != null ? secret : PeerSecret.of(UUID.randomUUID().toString())).guard(app);
    }

    /**
     * GET {@code path?local=true&query} on {@code host}.
     *
     * @param query extra query string (already encoded), or empty
     * @param cookie a Cookie header to pass on (the rater's session), or null
     * @throws PeerException when the instance does not answer
     */
    public HttpResponse<String> get(HostInfo host, String path, String query, String cookie) {
        return send(host, path, () -> {
            String q = LOCAL + "=true" + (query == null || query.isEmpty() ? "" : "&" + query);
            URI uri = new URI("http", null, host.host(), host.port(), path, null, null);
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri + "?" + q)).timeout(TIMEOUT)
                    .header("Accept", "application/json").GET();
            if (cookie != null && !cookie.isEmpty()) {
                b.header("Cookie", cookie);
            }
            return withCredential(b).build();
        });
    }

    /**
     * POST a JSON body to {@code path} on {@code host} (instance to instance, e.g. a sign-out's revocation).
     *
     * @throws PeerException when the instance does not answer
     */
    public HttpResponse<String> post(HostInfo host, String path, String jsonBody) {
        return send(host, path, () -> withCredential(HttpRequest.newBuilder(new URI("http", null, host.host(),
                host.port(), path, null, null)).timeout(TIMEOUT).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(jsonBody))).build());
    }

    private HttpRequest.Builder withCredential(HttpRequest.Builder request) {
        return secret == null ? request : request.header(PeerSecret.HEADER, secret.credential());
    }

    /** A request to another instance, built when it is sent. */
    @FunctionalInterface
    private interface Request {
        HttpRequest build() throws URISyntaxException;
    }

    private HttpResponse<String> send(HostInfo host, String path, Request request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (URISyntaxException | IOException e) {
            log.warn("instance {}:{} did not answer {}: {}", host.host(), host.port(), path, e.toString());
            // the cause is logged above; the message goes into answers, so it names no exception
            throw new PeerException("instance " + host.host() + ":" + host.port() + " did not answer " + path);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PeerException("interrupted while asking " + host.host() + ":" + host.port());
        }
    }

    /** Whether this request was forwarded by another instance: answer from here, never forward again. */
    public static boolean forwarded(Context ctx) {
        return Boolean.parseBoolean(ctx.queryParam(LOCAL));
    }

    /** Answers with another instance's answer: its status, content type (JSON unless it said otherwise) and body. */
    public static void relay(Context ctx, HttpResponse<String> r) {
        ctx.status(r.statusCode()).contentType(r.headers().firstValue("Content-Type").orElse("application/json"))
                .result(r.body());
        r.headers().firstValue("Content-Disposition").ifPresent(d -> ctx.header("Content-Disposition", d));
    }

    /** Another instance did not answer. */
    public static final class PeerException extends RuntimeException {
        public PeerException(String message) {
            super(message);
        }
    }
}
