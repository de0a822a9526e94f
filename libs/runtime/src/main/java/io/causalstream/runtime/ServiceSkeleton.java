package io.causalstream.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every service repeats around its own work: the ops server ({@code /health/live}, {@code /health/ready},
 * {@code /metrics}) with the readiness check of the brokers and the registry, the resources the service starts,
 * closed once in reverse start order, and a start that closes what was started when a step fails. A service keeps
 * only its own parts: what it starts, and what makes it alive and ready.
 */
public final class ServiceSkeleton {

    private static final Logger log = LoggerFactory.getLogger(ServiceSkeleton.class);

    private final String name;
    private final Readiness readiness;
    private final OpsServer ops;
    private final Supplier<OpsServer.Health> ready;
    private final List<AutoCloseable> resources = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private boolean closing;

    /**
     * @param live  the service's liveness
     * @param ready the service's own readiness (up when its processing runs) with its details; the brokers' and
     *              the registry's are added to it
     */
    public ServiceSkeleton(String name, CommonSettings common, Supplier<OpsServer.Health> live,
                           Supplier<OpsServer.Health> ready) {
        this(name, Readiness.of(common), live, ready);
    }

    ServiceSkeleton(String name, Readiness readiness, Supplier<OpsServer.Health> live,
                    Supplier<OpsServer.Health> ready) {
        this.name = name;
        this.readiness = own(readiness);
        this.ready = ready;
        this.ops = own(new OpsServer(name, live, this::ready));
    }

    /**
     * Runs {@code startAll} on the new {@code service} and returns it; when a step fails, closes what was started
     * and rethrows.
     */
    public static <S extends AutoCloseable> S start(S service, Consumer<S> startAll) {
        try {
            startAll.accept(service);
            return service;
        } catch (RuntimeException e) {
            try {
                service.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Takes {@code resource} to close with the service, before everything owned earlier. */
    public synchronized <T extends AutoCloseable> T own(T resource) {
        resources.add(resource);
        return resource;
    }

    public OpsServer ops() {
        return ops;
    }

    /** The port the ops server is bound to (the real one when {@code http.port} is 0). */
    public int httpPort() {
        return ops.port();
    }

    /** Ready when the service says so and the brokers and the registry answer; the details say which did not. */
    OpsServer.Health ready() {
        OpsServer.Health own = ready.get();
        return readiness.check(own.up(), own.details());
    }

    /** Closes every owned resource, the last owned first (the ops server and the readiness check last). Idempotent. */
    public void close() {
        List<AutoCloseable> toClose;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            toClose = List.copyOf(resources);
        }
        try {
            for (int i = toClose.size() - 1; i >= 0; i--) {
                try {
                    toClose.get(i).close();
                } catch (Exception e) {
                    log.warn("{}: closing {} failed", name, toClose.get(i).getClass().getSimpleName(), e);
                }
            }
            log.info("{} stopped", name);
        } finally {
            closed.countDown();
        }
    }

    /** Blocks until {@link #close()} has finished. */
    public void awaitClosed() throws InterruptedException {
        closed.await();
    }
}
