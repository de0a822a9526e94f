package io.causalstream.elo.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.elo.app.EloService;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.topics.Topics;
import io.causalstream.testkit.InJvmBroker;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * Benchmark harness (not a test): the Elo service through a real broker (KRaft, in this JVM) and a real schema
 * registry (Apicurio child process), exactly-once, on this machine. Prints two figures:
 * <ol>
 *   <li>throughput: N judgments produced beforehand, then the service started; judgments counted per second from
 *       the first to the last one counted (the service's own counter, read from /metrics), and again from a
 *       quarter of them on (steady state, after JIT warm-up); with the CPU time per judgment of the stream threads
 *       and of this whole JVM, figures that do not depend on what else the machine is running;</li>
 *   <li>judgment-to-query latency at a fixed offered rate: judgments sent at R per second for D seconds to a few
 *       passages; a poller queries their tables over HTTP in a loop, and a judgment's latency is from its send to
 *       the first query of {@code GET /api/passages?ids=<the followed passages>} (every 5 ms, so a figure is up to
 *       ~5 ms high) that counts it. Percentiles of those.</li>
 * </ol>
 * Run: {@code mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=elo
 * [-Dbench.judgments=200000 -Dbench.passages=100 -Dbench.partitions=2 -Dbench.threads=2 -Dbench.rate=1000
 * -Dbench.seconds=20 -Dbench.hot=8 -Dbench.bootstrap.rounds=100 -Dbench.poll=ids|all]}; service settings may be
 * given as {@code -Dkafka.streams.commit.interval.ms=...} etc. (see EloSettings).
 */
public final class EloBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long POLL_PAUSE_MS = 5;
    private static final long SCRAPE_PAUSE_MS = 500;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> RATERS = List.of("Human1", "Human2", "Human3", "Human4", "Human5", "Human6",
            "Human7");

    public static void main(String[] args) throws Exception {
        int judgments = Integer.getInteger("bench.judgments", 200_000);
        int passages = Integer.getInteger("bench.passages", 100);
        int partitions = Integer.getInteger("bench.partitions", 2);
        int threads = Integer.getInteger("bench.threads", 2);
        int rate = Integer.getInteger("bench.rate", 1000);
        int seconds = Integer.getInteger("bench.seconds", 20);
        String rounds = System.getProperty("bench.bootstrap.rounds", "100");
        Path work = Files.createTempDirectory("elo-bench");
        String loadBefore = loadAverage();

        System.out.printf("Elo service benchmark: %d judgments over %d passages, %d partitions, %d stream threads, "
                + "bootstrap rounds %s; then %d judgments/s for %d s%n", judgments, passages, partitions, threads,
                rounds, rate, seconds);
        try (KafkaClusterTestKit broker = InJvmBroker.withTopics(partitions);
             SchemaRegistryProcess registry = registry(work)) {
            SerdeFactory serdes = new AvroSerdes(registry.url());
            String bootstrap = broker.bootstrapServers();

            List<Extraction> annotations = new ArrayList<>();
            // the ten annotations of the study's first passage, copied to every bench passage
            List<Extraction> study = SoftMeasuresData.annotations("").stream()
                    .filter(e -> e.getPassageId().equals("elo-01")).toList();
            for (int p = 0; p < passages; p++) {
                String id = "bench-" + p;
                for (Extraction e : study) {
                    annotations.add(Extraction.newBuilder(e).setPassageId(id).build());
                }
            }
            try (KafkaProducer<String, Extraction> producer = producer(bootstrap, serdes.valueSerializer(
                    Topics.EXTRACTIONS))) {
                for (Extraction e : annotations) {
                    producer.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(), e.getPassageId(), e));
                }
            }
            List<String> players = study.stream().map(Extraction::getAnnotationId).toList();
            if (players.size() != 10) {
                throw new IllegalStateException("expected 10 annotations of elo-01, got " + players);
            }
            SplittableRandom random = new SplittableRandom(42);

            // 1. throughput
            long t0 = System.nanoTime();
            try (KafkaProducer<String, Judgment> producer = producer(bootstrap,
                    serdes.valueSerializer(Topics.JUDGMENTS))) {
                for (int i = 0; i < judgments; i++) {
                    Judgment j = randomJudgment("t-" + i, "bench-" + random.nextInt(passages), players, random);
                    producer.send(new ProducerRecord<>(Topics.JUDGMENTS.name(), j.getPassageId(), j));
                }
            }
            System.out.printf("produced %d judgments in %.1f s%n", judgments, (System.nanoTime() - t0) / 1e9);

            Map<String, String> cfg = new HashMap<>();
            cfg.put("kafka.bootstrap.servers", bootstrap);
            cfg.put("schema.registry.url", registry.url());
            cfg.put("application.id", "elo-bench");
            cfg.put("state.dir", work.resolve("state").toString());
            cfg.put("http.port", "0");
            cfg.put("http.host", "127.0.0.1");
            cfg.put("http.advertised.host", "127.0.0.1");
            cfg.put("elo.bt.bootstrap.rounds", rounds);
            cfg.put("kafka.streams.num.stream.threads", String.valueOf(threads));
            try (EloService service = EloService.start(Config.of(cfg))) {
                int port = service.httpPort();
                long first = 0;
                double firstCount = 0;
                double count = 0;
                CpuTimes cpuFirst = null;
                // steady state: from a quarter of the judgments on, once the JIT compiler has done most of its work
                // (it takes as much CPU as the stream threads in the first seconds)
                long warm = 0;
                double warmCount = 0;
                CpuTimes cpuWarm = null;
                long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
                while (count < judgments && System.nanoTime() < deadline) {
                    // a scrape of /metrics (every Kafka client metric) is not free: twice a second is enough
                    Thread.sleep(SCRAPE_PAUSE_MS);
                    count = accepted(port);
                    if (first == 0 && count > 0) {
                        first = System.nanoTime();
                        firstCount = count;
                        cpuFirst = CpuTimes.now();
                    }
                    if (warm == 0 && count >= judgments / 4.0) {
                        warm = System.nanoTime();
                        warmCount = count;
                        cpuWarm = CpuTimes.now();
                    }
                }
                long end = System.nanoTime();
                double secs = (end - first) / 1e9;
                CpuTimes cpuAll = CpuTimes.now();
                CpuTimes cpu = cpuAll.minus(cpuFirst);
                double n = count - firstCount;
                System.out.printf("THROUGHPUT: %.0f judgments counted in %.2f s after the first: %.0f judgments/s%n",
                        n, secs, n / secs);
                double warmN = count - warmCount;
                double warmSecs = (end - warm) / 1e9;
                CpuTimes warmCpu = cpuAll.minus(cpuWarm);
                System.out.printf("THROUGHPUT steady (last %.0f judgments): %.0f judgments/s; CPU per judgment: "
                                + "stream threads %.1f us, whole JVM %.1f us%n", warmN, warmN / warmSecs,
                        warmCpu.streamNanos / warmN / 1e3, warmCpu.processNanos / warmN / 1e3);
                // CPU per judgment does not depend on what else the machine runs: stream threads alone, and this
                // whole JVM (stream threads, broker, clients, HTTP; not the registry, a child process)
                System.out.printf("CPU per judgment: stream threads %.1f us, whole JVM %.1f us (%.2f of %d cores "
                                + "busy in this JVM); load average before: %s%n", cpu.streamNanos / n / 1e3,
                        cpu.processNanos / n / 1e3, cpu.processNanos / 1e9 / secs,
                        Runtime.getRuntime().availableProcessors(), loadBefore);

                // 2. latency at a fixed offered rate
                latency(bootstrap, serdes, port, players, rate, seconds, random);
            }
        }
    }

    private static void latency(String bootstrap, SerdeFactory serdes, int port, List<String> players, int rate,
                                int seconds, SplittableRandom random) throws Exception {
        int hot = Integer.getInteger("bench.hot", 8);
        long[] baseline = new long[hot];
        for (int p = 0; p < hot; p++) {
            baseline[p] = applied(port, "bench-" + p);
        }
        int total = rate * seconds;
        long[] sentAt = new long[total];
        int[] passageOf = new int[total];
        long[] nthOf = new long[total];
        // per passage: arrival time of the k-th counted judgment since the baseline
        Map<Integer, long[]> seenAt = new ConcurrentHashMap<>();
        for (int p = 0; p < hot; p++) {
            long[] arr = new long[total / hot + 2];
            Arrays.fill(arr, -1);
            seenAt.put(p, arr);
        }
        String hotIds = String.join(",", java.util.stream.IntStream.range(0, hot).mapToObj(p -> "bench-" + p)
                .toList());
        AtomicBoolean polling = new AtomicBoolean(true);
        List<Long> queryNanos = new ArrayList<>();
        Thread poller = Thread.ofPlatform().start(() -> {
            long[] lastSeen = new long[hot];
            while (polling.get()) {
                Map<String, Long> now;
                long asked = System.nanoTime();
                try {
                    now = appliedByPassage(port, hotIds);
                } catch (Exception e) {
                    continue;
                }
                long at = System.nanoTime();
                queryNanos.add(at - asked);
                for (int p = 0; p < hot; p++) {
                    long n = now.getOrDefault("bench-" + p, 0L) - baseline[p];
                    long[] arr = seenAt.get(p);
                    for (long k = lastSeen[p] + 1; k <= n && k < arr.length; k++) {
                        arr[(int) k] = at;
                    }
                    lastSeen[p] = Math.max(lastSeen[p], n);
                }
                // a query round every few milliseconds: the resolution of the figure, without the poller taking
                // a core from the service it measures
                sleepQuietly(POLL_PAUSE_MS);
            }
        });
        long[] perPassage = new long[hot];
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        try (KafkaProducer<String, Judgment> producer = producer(bootstrap, serdes.valueSerializer(
                Topics.JUDGMENTS), 0)) {
            for (int i = 0; i < total; i++) {
                long due = start + i * interval;
                // park, not spin: a spinning sender would take a core from the service it measures
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                int p = i % hot;
                Judgment j = randomJudgment("l-" + i, "bench-" + p, players, random);
                sentAt[i] = System.nanoTime();
                passageOf[i] = p;
                nthOf[i] = ++perPassage[p];
                producer.send(new ProducerRecord<>(Topics.JUDGMENTS.name(), j.getPassageId(), j));
            }
        }
        long wait = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < wait && !allSeen(seenAt, perPassage)) {
            Thread.sleep(50);
        }
        polling.set(false);
        poller.join();
        double[] ms = new double[total];
        int n = 0;
        for (int i = 0; i < total; i++) {
            long at = seenAt.get(passageOf[i])[(int) nthOf[i]];
            if (at > 0) {
                ms[n++] = (at - sentAt[i]) / 1e6;
            }
        }
        double[] done = Arrays.copyOf(ms, n);
        Arrays.sort(done);
        System.out.printf("LATENCY at %d judgments/s offered for %d s (%d sent, %d seen by queries): judgment-to-query "
                        + "p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n", rate, seconds, total, n,
                pct(done, 0.50), pct(done, 0.95), pct(done, 0.99), done.length == 0 ? Double.NaN : done[n - 1]);
        System.out.printf("achieved send rate: %.0f judgments/s%n", total / ((sentAt[total - 1] - start) / 1e9));
        // a judgment counts as seen when a query answered: a slow query makes every figure coarser
        double[] q = queryNanos.stream().mapToDouble(x -> x / 1e6).sorted().toArray();
        System.out.printf("queries: %d, each took p50 %.1f ms, p99 %.1f ms, max %.1f ms (plus %d ms pause between)%n",
                q.length, pct(q, 0.5), pct(q, 0.99), q.length == 0 ? Double.NaN : q[q.length - 1], POLL_PAUSE_MS);
        // the service's own view, whole run: time to count one judgment, one Bradley-Terry refit, record-to-count lag
        String scrape = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        scrape.lines().filter(l -> (l.startsWith("elo_judgment_processing_seconds{") || l.startsWith(
                        "elo_bt_refit_seconds{") || l.startsWith("elo_judgment_lag_seconds{")) && l.contains("quantile=")
                        || l.startsWith("elo_bt_refit_seconds_count") || l.startsWith("elo_bt_refit_seconds_max")
                        || l.startsWith("elo_judgment_lag_seconds_max"))
                .forEach(l -> System.out.println("  service: " + l));
    }

    /** CPU time used so far: by the Kafka Streams threads, and by this whole process. */
    private record CpuTimes(long streamNanos, long processNanos) {
        static CpuTimes now() {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long stream = 0;
            for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
                if (t != null && t.getThreadName().contains("-StreamThread-")) {
                    stream += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
                }
            }
            long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
            return new CpuTimes(stream, process);
        }

        CpuTimes minus(CpuTimes before) {
            return new CpuTimes(streamNanos - before.streamNanos, processNanos - before.processNanos);
        }
    }

    /** The 1/5/15-minute load averages (Linux): other work on the machine skews the per-second figures. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (Exception e) {
            return "n/a";
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean allSeen(Map<Integer, long[]> seenAt, long[] perPassage) {
        for (int p = 0; p < perPassage.length; p++) {
            if (seenAt.get(p)[(int) perPassage[p]] < 0) {
                return false;
            }
        }
        return true;
    }

    private static double pct(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static Judgment randomJudgment(String id, String passage, List<String> players, SplittableRandom r) {
        int a = r.nextInt(players.size());
        int b = r.nextInt(players.size() - 1);
        if (b >= a) {
            b++;
        }
        String left = players.get(a);
        String right = players.get(b);
        String rater;
        do {
            rater = RATERS.get(r.nextInt(RATERS.size()));
        } while (rater.equals(left) || rater.equals(right));
        Outcome outcome = Outcome.values()[r.nextInt(3)];
        return Judgment.newBuilder().setJudgmentId(id).setPassageId(passage).setRaterId(rater).setLeft(left)
                .setRight(right).setOutcome(outcome).setTime(Instant.now()).build();
    }

    private static double accepted(int port) throws Exception {
        String scrape = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return scrape.lines().filter(l -> l.startsWith("elo_judgments_total{") && l.contains("outcome=\"accepted\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    /**
     * One query for the followed tournaments: passageId -> judgmentsApplied. {@code -Dbench.poll=all} asks for
     * every tournament instead (a scan and a decode of all of them per query, as before {@code ?ids=} existed).
     */
    private static Map<String, Long> appliedByPassage(int port, String ids) throws Exception {
        String query = "all".equals(System.getProperty("bench.poll")) ? "" : "?ids=" + ids;
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/passages" + query)).build(), HttpResponse.BodyHandlers.ofString());
        Map<String, Long> out = new HashMap<>();
        if (r.statusCode() == 200) {
            for (JsonNode e : JSON.readTree(r.body()).get("passages")) {
                out.put(e.get("passageId").asText(), e.get("judgmentsApplied").asLong());
            }
        }
        return out;
    }

    private static long applied(int port, String passage) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/passages/" + passage + "/ratings")).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            return 0;
        }
        JsonNode n = JSON.readTree(r.body());
        return n.get("judgmentsApplied").asLong();
    }

    private static <V> KafkaProducer<String, V> producer(String bootstrap,
                                                         org.apache.kafka.common.serialization.Serializer<V> values) {
        return producer(bootstrap, values, 20);
    }

    private static <V> KafkaProducer<String, V> producer(String bootstrap,
                                                         org.apache.kafka.common.serialization.Serializer<V> values,
                                                         int lingerMs) {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.LINGER_MS_CONFIG, lingerMs);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        return new KafkaProducer<>(props, new StringSerializer(), values);
    }

    private static SchemaRegistryProcess registry(Path work) {
        String archive = System.getProperty("apicurio.registry.archive", "");
        // a bare exec:java does not run dependency:properties: fall back to the local Maven repository
        Path a = archive.isBlank() || archive.startsWith("${")
                ? Path.of(System.getProperty("user.home"), ".m2", "repository", "io", "apicurio",
                        "apicurio-registry-app", "3.3.3", "apicurio-registry-app-3.3.3-all.tar.gz")
                : Path.of(archive);
        if (!Files.isRegularFile(a)) {
            throw new IllegalStateException("Apicurio Registry archive not found at " + a + ": build the module "
                    + "with Maven once (it resolves io.apicurio:apicurio-registry-app:tar.gz:all)");
        }
        return SchemaRegistryProcess.start(a, SchemaRegistryProcess.defaultInstallDir(a), LocalPorts.pickFree(),
                work.resolve("registry.log"));
    }

    private EloBench() {
    }
}
