package io.causalstream.deploy.load;

import io.causalstream.deploy.local.LocalLayout;
import io.causalstream.local.ChildProcesses;
import io.causalstream.local.LocalPorts;
import io.causalstream.runtime.metrics.PrometheusText;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JVMs a load run starts beside the broker and the registry: the three services and the pass-through, each a
 * process of its own (so each has its own CPU account), and what they report: readiness, their /metrics, their CPU
 * time. Closing stops them, the last started first.
 */
final class LoadChildren implements AutoCloseable {

    private static final Map<String, String> MAIN = Map.of(
            "extractor-service", "io.causalstream.extractor.app.ExtractorService",
            "scorer-service", "io.causalstream.scorer.app.ScorerService",
            "elo-service", "io.causalstream.elo.app.EloService");

    private final Path dir;
    private final String heap;
    private final String extractorBackend;
    private final Deque<AutoCloseable> stops = new ArrayDeque<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, Process> processes = new LinkedHashMap<>();
    private final Map<String, Path> logs = new LinkedHashMap<>();
    private final Map<String, Integer> ports = new LinkedHashMap<>();

    /**
     * @param dir              the run's directory: the children's state and logs
     * @param heap             {@code -Xmx} of each child
     * @param extractorBackend {@code extractor.backend} of the extractor, null for the service's default
     */
    LoadChildren(Path dir, String heap, String extractorBackend) {
        this.dir = dir;
        this.heap = heap;
        this.extractorBackend = extractorBackend;
    }

    /** The services' HTTP ports, by name. */
    Map<String, Integer> ports() {
        return ports;
    }

    /** Starts one of the three services on a free port, its state under the run's directory. */
    void startService(String service, String bootstrap, String registryUrl) throws IOException {
        int port = LocalPorts.pickFree();
        ports.put(service, port);
        List<String> props = new ArrayList<>(List.of("-Dkafka.bootstrap.servers=" + bootstrap,
                "-Dschema.registry.url=" + registryUrl, "-Dhttp.port=" + port, "-Dhttp.host=127.0.0.1",
                "-Dhttp.advertised.host=127.0.0.1",
                "-Dstate.dir=" + dir.resolve("state").resolve(service)));
        if (service.equals("extractor-service") && extractorBackend != null) {
            props.add("-Dextractor.backend=" + extractorBackend);
        }
        if (service.equals("elo-service")) {
            props.add("-Delo.pipeline.interval.ms=0"); // its dashboard is not watched here
        }
        startChild(service, List.of(MAIN.get(service)), props);
    }

    /** Starts a JVM of the launcher's class path, its output in {@code <name>.log} under the run's directory. */
    void startChild(String name, List<String> mainAndArgs, List<String> props) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx" + heap, "--enable-native-access=ALL-UNNAMED", "-Dlogback.configurationFile=logback-cli.xml"));
        if (Runtime.version().feature() >= 24) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        cmd.addAll(props);
        cmd.addAll(List.of("-cp", LocalLayout.brokerClasspath()));
        cmd.addAll(mainAndArgs);
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(ChildProcesses.inOwnSession(cmd)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        processes.put(name, p);
        logs.put(name, log);
        stops.push(() -> ChildProcesses.stop(p, name));
    }

    void awaitReady(String service, Duration timeout) {
        ChildProcesses.awaitHttpOk(processes.get(service), service,
                URI.create("http://127.0.0.1:" + ports.get(service) + "/health/ready"), timeout, logs.get(service));
    }

    private HttpResponse<String> get(String service, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(service) + path))
                .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private PrometheusText metrics(String service) {
        try {
            HttpResponse<String> r = get(service, "/metrics");
            return r.statusCode() == 200 ? PrometheusText.parse(r.body()) : PrometheusText.empty();
        } catch (IOException e) {
            return PrometheusText.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return PrometheusText.empty();
        }
    }

    /** The stages' own counters: passages extracted, judgments counted. */
    Map<String, Double> stageCounters() {
        Map<String, Double> m = new HashMap<>();
        metrics("extractor-service").sum("extractor_passages_total", s -> s.label("outcome").equals("extracted"))
                .ifPresent(v -> m.put("extracted", v));
        metrics("elo-service").sum("elo_judgments_total").ifPresent(v -> m.put("judgments", v));
        return m;
    }

    /** Raises each service's highest heap and RocksDB memory to what its /metrics says now. */
    void memory(Map<String, Double> heapMax, Map<String, Double> rocksMax) {
        for (String s : LoadCommand.SERVICES) {
            PrometheusText t = metrics(s);
            t.sum("jvm_memory_used_bytes", x -> x.label("area").equals("heap")).ifPresent(v -> heapMax.merge(s, v, Math::max));
            double rocks = t.sum("kafka_stream_state_size_all_mem_tables").orElse(0.0)
                    + t.sum("kafka_stream_state_block_cache_usage").orElse(0.0)
                    + t.sum("kafka_stream_state_estimate_table_readers_mem").orElse(0.0);
            if (t.has("kafka_stream_state_size_all_mem_tables")) {
                rocksMax.merge(s, rocks, Math::max);
            }
        }
    }

    /** Each child's CPU time so far (user + system, from the OS). */
    Map<String, Double> cpuSeconds() {
        Map<String, Double> m = new LinkedHashMap<>();
        processes.forEach((name, p) -> m.put(name, p.toHandle().info().totalCpuDuration()
                .map(d -> d.toNanos() / 1e9).orElse(Double.NaN)));
        return m;
    }

    @Override
    public void close() {
        while (!stops.isEmpty()) {
            try {
                stops.pop().close();
            } catch (Exception e) {
                System.err.println("error while stopping: " + e);
            }
        }
    }
}
