package io.causalstream.serde;

import com.microsoft.kiota.RequestInformation;
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
import java.util.Map;

/**
 * The serdes' client of the schema registry: one per {@link AvroSerdes}, shared by all its serializers and
 * deserializers, and every request bounded in time.
 * <p>Why not the client Apicurio's serdes build for themselves: each serde builds its own (a Vert.x web client whose
 * connections are never closed), and a request waits for its answer without any bound (Kiota's
 * {@code VertXRequestAdapter} calls {@code CompletableFuture.get()}). About one test run in six, one schema
 * registration never got its answer and parked the calling thread for good — a scorer stream thread, or a test's
 * producer (seen with jstack; README, "Known limits"). Here a request that is not connected within the timeout, or
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

    /** Kiota's Vert.x adapter with a timeout on every request it makes. */
    private static final class TimedRequestAdapter extends VertXRequestAdapter {

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
    }

    /** One Vert.x (event loops on daemon threads) for every registry client of the process. */
    private static final class SharedVertx {
        static final Vertx INSTANCE = Vertx.vertx(new VertxOptions().setUseDaemonThread(true));
    }
}
