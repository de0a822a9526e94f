package io.causalstream.runtime;

import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code main} of every service: start it (its ops server and its processing), close it on shutdown, and
 * when its processing dies (Kafka Streams in ERROR, the extractor pipeline stopped by a fatal error) close it and
 * exit non-zero, so the supervisor restarts the process instead of leaving a zombie behind a 503.
 */
public final class ServiceRunner {

    private static final Logger log = LoggerFactory.getLogger(ServiceRunner.class);

    /** A started service. */
    public interface Service extends AutoCloseable {

        /** Blocks until the service stops: after {@link #close()}, or by itself; true when it failed. */
        boolean awaitTermination() throws InterruptedException;

        /** Stops the service; idempotent. */
        @Override
        void close();
    }

    private final IntConsumer exit;
    private final Consumer<Thread> shutdownHooks;

    /** @param exit ends the process with a status ({@code System::exit}; a recorder in tests) */
    public ServiceRunner(IntConsumer exit, Consumer<Thread> shutdownHooks) {
        this.exit = exit;
        this.shutdownHooks = shutdownHooks;
    }

    /** Runs a service in this process until it is shut down or fails. */
    public static void runMain(String name, Supplier<? extends Service> start) throws InterruptedException {
        new ServiceRunner(System::exit, Runtime.getRuntime()::addShutdownHook).run(name, start);
    }

    public void run(String name, Supplier<? extends Service> start) throws InterruptedException {
        Service service;
        try {
            service = start.get();
        } catch (RuntimeException e) {
            log.error("{} failed to start", name, e);
            exit.accept(1);
            return;
        }
        shutdownHooks.accept(new Thread(service::close, name + "-shutdown"));
        boolean failed = service.awaitTermination();
        service.close();
        if (failed) {
            log.error("{} failed; exiting so it is restarted", name);
            exit.accept(1);
        }
    }
}
