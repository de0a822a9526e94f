package io.causalstream.runtime.access;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.runtime.web.ApiError;
import io.causalstream.runtime.web.Peers;
import io.causalstream.runtime.web.Peers.PeerException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sign-outs passed between the instances of a service, so that a session signed out on one is refused on all: at
 * sign-out the signed notice of {@link SignedSessions#revoke} is posted to every other instance ({@link #passOn}),
 * and an instance takes over the others' lists once, on its first request after it learns who they are
 * ({@link #takeOverOnce}: it may have been down at a sign-out). Both go over {@link Peers} to the role's internal
 * endpoint, which answers only the service's own instances (their credential derives from the shared secret) and
 * accepts only notices signed with that secret.
 */
public final class Revocations {

    private static final Logger log = LoggerFactory.getLogger(Revocations.class);
    private static final int MAX_NOTICES = 1000;

    private final SignedSessions sessions;
    private final Peers peers;
    private final Supplier<Collection<HostInfo>> otherInstances;
    private final String path;
    private final AtomicBoolean takenOver = new AtomicBoolean();
    /** Unknown fields are ignored: an instance of another version may send more. */
    private final ObjectMapper json = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** Revocation notices passed between instances. */
    public record Notices(List<String> notices) {
    }

    /**
     * @param otherInstances every instance of the service but this one; throws while they are not known yet
     *                       (starting, rebalancing), which defers the take-over to a later request
     * @param path           the internal endpoint of the notices (under {@code /api/internal/})
     */
    public Revocations(SignedSessions sessions, Peers peers, Supplier<Collection<HostInfo>> otherInstances,
                       String path) {
        this.sessions = sessions;
        this.peers = peers;
        this.otherInstances = otherInstances;
        this.path = path;
    }

    /** The internal endpoint: {@code POST} takes notices, {@code GET} answers this instance's list. */
    public void register(Javalin app) {
        peers.guard(app);
        app.post(path, this::accept);
        app.get(path, ctx -> ctx.json(new Notices(sessions.notices())));
    }

    /** Revokes {@code session} here and tells every other instance (best effort: one that misses it asks on start). */
    public void revoke(SignedSessions.Session session) {
        passOn(sessions.revoke(session));
    }

    private void passOn(String notice) {
        Collection<HostInfo> hosts;
        try {
            hosts = otherInstances.get();
        } catch (RuntimeException e) {
            log.warn("could not list the other instances to pass on a sign-out: {}", e.toString());
            return;
        }
        String body;
        try {
            body = json.writeValueAsString(new Notices(List.of(notice)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        for (HostInfo host : hosts) {
            try {
                HttpResponse<String> r = peers.post(host, path, body);
                if (r.statusCode() != 204) {
                    log.warn("instance {}:{} refused a revocation: {}", host.host(), host.port(), r.statusCode());
                }
            } catch (PeerException e) {
                log.warn("sign-out not passed on to {}:{}; it learns of it when it next starts", host.host(),
                        host.port());
            }
        }
    }

    /** Once, when the other instances are known: take over their revocations (this one may have been down). */
    public void takeOverOnce() {
        if (takenOver.get()) {
            return;
        }
        Collection<HostInfo> hosts;
        try {
            hosts = otherInstances.get();
        } catch (RuntimeException e) {
            return; // not known yet (starting, rebalancing): next request
        }
        if (!takenOver.compareAndSet(false, true)) {
            return;
        }
        for (HostInfo host : hosts) {
            try {
                HttpResponse<String> r = peers.get(host, path, "", null);
                if (r.statusCode() == 200) {
                    json.readValue(r.body(), Notices.class).notices().forEach(sessions::accept);
                }
            } catch (PeerException | IOException e) {
                log.warn("could not take over the revocations of {}:{}: {}", host.host(), host.port(),
                        e.toString());
            }
        }
    }

    private void accept(Context ctx) {
        Notices n = ApiError.readJson(ctx, json, Notices.class, "expected {\"notices\": [...]}");
        if (n.notices() == null || n.notices().size() > MAX_NOTICES) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", "expected 1 to " + MAX_NOTICES + " notices");
        }
        for (String notice : n.notices()) {
            if (!sessions.accept(notice)) {
                throw new ApiError(HttpStatus.FORBIDDEN, "forged", "not a revocation signed with the shared secret");
            }
        }
        ctx.status(HttpStatus.NO_CONTENT);
    }
}
