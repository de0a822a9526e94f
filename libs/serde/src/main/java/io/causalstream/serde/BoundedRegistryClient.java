package io.causalstream.serde;

import com.microsoft.kiota.RequestInformation;
import com.microsoft.kiota.serialization.Parsable;
import com.microsoft.kiota.serialization.ParsableFactory;
import com.microsoft.kiota.serialization.ValuedEnumParser;
import io.apicurio.registry.resolver.client.RegistryClientFacade;
import io.apicurio.registry.resolver.client.RegistryClientFacadeImpl;
import io.apicurio.registry.resolver.config.SchemaResolverConfig;
import io.apicurio.registry.rest.client.RegistryClient;
import io.kiota.http.vertx.VertXRequestAdapter;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.client.WebClientSession;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The serdes' client of the schema registry: one per {@link AvroSerdes}, shared by all its serializers and
 * deserializers, and every request bounded in time.
 * <p>Why not the client Apicurio's serdes build for themselves: each serde builds its own (a Vert.x web client whose
 * connections are never closed), and a request waits for its answer without any bound (Kiota's
 * {@code VertXRequestAdapter} calls {@code CompletableFuture.get()}). About one test run in six, one schema
 * registration never got its answer and parked the calling thread for good — a scorer stream thread, or a test's
 * producer (seen with jstack; docs/known-limits.md). Here a request that is not connected within the timeout, or
 * gets no answer within it, fails with a {@code TimeoutException}, which {@link DecodeFailures} counts as transient:
 * {@link RetryingSerializer} and {@link RetryingDeserializer} retry it within their budget.
 */
final class BoundedRegistryClient {

    private BoundedRegistryClient() {
    }

    /**
     * @param nativeApiUrl   Apicurio's API root, {@link RegistryEndpoints#nativeApi}
     * @param config         the serde settings; Apicurio's {@code apicurio.registry.auth.username}/{@code .password}
     *                       are the registry's basic-auth credentials, if any
     * @param requestTimeout bound on connecting, and on waiting for an answer, per request
     */
    static RegistryClientFacade create(String nativeApiUrl, Map<String, ?> config, Duration requestTimeout) {
        WebClient web = WebClient.create(SharedVertx.INSTANCE,
                new WebClientOptions().setConnectTimeout((int) requestTimeout.toMillis()));
        Object username = config.get(SchemaResolverConfig.AUTH_USERNAME);
        if (username != null) {
            String pair = username + ":" + config.get(SchemaResolverConfig.AUTH_PASSWORD);
            web = WebClientSession.create(web).addHeader("Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        }
        VertXRequestAdapter adapter = new TimedRequestAdapter(web, requestTimeout.toMillis());
        adapter.setBaseUrl(nativeApiUrl);
        return new RegistryClientFacadeImpl(new RegistryClient(adapter));
    }

    /**
     * Kiota's Vert.x adapter with a timeout on every request it makes, and a backstop on every call: the call runs on
     * a virtual thread of its own and the caller waits for it at most twice the timeout. Vert.x's request timeout
     * alone did not bound every hang: a CI run (stop 19) waited ten minutes in the adapter's
     * {@code CompletableFuture.get()} on a schema registration, its request timeout never firing. The backstop
     * interrupts that wait and fails the call with a {@link TimeoutException}, which is transient.
     */
    static final class TimedRequestAdapter extends VertXRequestAdapter {

        private final long timeoutMillis;

        TimedRequestAdapter(WebClient client, long timeoutMillis) {
            super(client);
            this.timeoutMillis = timeoutMillis;
        }

        @Override
        protected HttpRequest<Buffer> getRequestFromRequestInformation(RequestInformation request)
                throws URISyntaxException {
            return super.getRequestFromRequestInformation(request).timeout(timeoutMillis).connectTimeout(timeoutMillis);
        }

        @Override
        public <T extends Parsable> T send(RequestInformation request,
                                           HashMap<String, ParsableFactory<? extends Parsable>> errors,
                                           ParsableFactory<T> factory) {
            return Backstop.call(() -> super.send(request, errors, factory), 2 * timeoutMillis);
        }

        @Override
        public <T extends Parsable> List<T> sendCollection(RequestInformation request,
                                                           HashMap<String, ParsableFactory<? extends Parsable>> errors,
                                                           ParsableFactory<T> factory) {
            return Backstop.call(() -> super.sendCollection(request, errors, factory), 2 * timeoutMillis);
        }

        @Override
        public <T> T sendPrimitive(RequestInformation request,
                                   HashMap<String, ParsableFactory<? extends Parsable>> errors, Class<T> type) {
            return Backstop.call(() -> super.sendPrimitive(request, errors, type), 2 * timeoutMillis);
        }

        @Override
        public <T> List<T> sendPrimitiveCollection(RequestInformation request,
                                                   HashMap<String, ParsableFactory<? extends Parsable>> errors,
                                                   Class<T> type) {
            return Backstop.call(() -> super.sendPrimitiveCollection(request, errors, type), 2 * timeoutMillis);
        }

        @Override
        public <T extends Enum<T>> T sendEnum(RequestInformation request,
                                              HashMap<String, ParsableFactory<? extends Parsable>> errors,
                                              ValuedEnumParser<T> parser) {
            return Backstop.call(() -> super.sendEnum(request, errors, parser), 2 * timeoutMillis);
        }

        @Override
        public <T extends Enum<T>> List<T> sendEnumCollection(
                RequestInformation request, HashMap<String, ParsableFactory<? extends Parsable>> errors,
                ValuedEnumParser<T> parser) {
            return Backstop.call(() -> super.sendEnumCollection(request, errors, parser), 2 * timeoutMillis);
        }
    }

    /** Runs a blocking call on a virtual thread and waits for it at most a bound. */
    static final class Backstop {

        private static final ExecutorService THREADS = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("registry-call-", 0).factory());

        /**
         * The call's result; its own unchecked exception as thrown; after {@code millis} without an answer the call
         * is interrupted and a {@code RuntimeException} caused by a {@link TimeoutException} is thrown.
         */
        static <T> T call(Callable<T> call, long millis) {
            Future<T> running = THREADS.submit(call);
            try {
                return running.get(millis, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                running.cancel(true);
                throw new IllegalStateException("schema registry call not answered within " + millis + " ms",
                        new TimeoutException("registry call backstop after " + millis + " ms"));
            } catch (InterruptedException e) {
                running.cancel(true);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the schema registry", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException("schema registry call failed: " + e.getCause(), e.getCause());
            }
        }

        private Backstop() {
        }
    }

    /** One Vert.x (event loops on daemon threads) for every registry client of the process. */
    private static final class SharedVertx {
        static final Vertx INSTANCE = Vertx.vertx(new VertxOptions().setUseDaemonThread(true));
    }
}
