package io.causalstream.runtime;

import io.causalstream.serde.RegistryEndpoints;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Readiness of a service: the broker answers (Admin describeCluster), the registry answers, and the service's own
 * processing is ready. The dependency checks are cached for {@link #CACHE_TTL} and bounded by {@link #TIMEOUT}.
 */
public final class Readiness implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(2);
    static final Duration CACHE_TTL = Duration.ofSeconds(5);

    private final Probe broker;
    private final Probe registry;
    private final AutoCloseable resources;

    public Readiness(Probe broker, Probe registry) {
        this(broker, registry, () -> { });
    }

    private Readiness(Probe broker, Probe registry, AutoCloseable resources) {
        this.broker = broker;
        this.registry = registry;
        this.resources = resources;
    }

    /** Real probes against the configured broker and registry. */
    public static Readiness of(CommonSettings settings) {
        Map<String, Object> client = KafkaClients.properties(settings);
        client.put(AdminClientConfig.CLIENT_ID_CONFIG, settings.applicationId() + "-health-probe");
        BrokerProbe brokerProbe = new BrokerProbe(client);
        Probe registryProbe = registryProbe(settings);
        return new Readiness(Probe.cached(brokerProbe, CACHE_TTL, System::nanoTime),
                Probe.cached(registryProbe, CACHE_TTL, System::nanoTime), brokerProbe);
    }

    /** Ready when the service is and both dependencies answer; the details say which did not. */
    public OpsServer.Health check(boolean serviceReady, Map<String, Object> details) {
        boolean brokerUp = broker.ok();
        boolean registryUp = registry.ok();
        Map<String, Object> d = new LinkedHashMap<>(details);
        d.put("broker", brokerUp ? "UP" : "DOWN");
        d.put("registry", registryUp ? "UP" : "DOWN");
        return new OpsServer.Health(serviceReady && brokerUp && registryUp, d);
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Probe registryProbe(CommonSettings settings) {
        String root = settings.schemaRegistryUrl().replaceAll("/+$", "");
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        String auth = settings.registryCredentials().basicAuthHeader();
        return () -> {
            HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(RegistryEndpoints.confluentApi(root) + "/config"))
                    .timeout(TIMEOUT).GET();
            if (auth != null) {
                r.header("Authorization", auth);
            }
            try {
                return http.send(r.build(), HttpResponse.BodyHandlers.discarding()).statusCode() / 100 == 2;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                return false;
            }
        };
    }

    /** describeCluster with a short timeout; the admin client is created on first use and kept. */
    private static final class BrokerProbe implements Probe, AutoCloseable {

        private final Map<String, Object> config;
        private Admin admin;

        BrokerProbe(Map<String, Object> clientProperties) {
            this.config = new LinkedHashMap<>(clientProperties);
            int ms = (int) TIMEOUT.toMillis();
            config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
            config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
        }

        @Override
        public synchronized boolean ok() {
            try {
                if (admin == null) {
                    admin = Admin.create(config);
                }
                int ms = (int) TIMEOUT.toMillis();
                admin.describeCluster(new DescribeClusterOptions().timeoutMs(ms)).clusterId()
                        .get(ms, TimeUnit.MILLISECONDS);
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                return false;
            }
        }

        @Override
        public synchronized void close() {
            if (admin != null) {
                admin.close(Duration.ofSeconds(1));
            }
        }
    }
}
