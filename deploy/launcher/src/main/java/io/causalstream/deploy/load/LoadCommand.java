package io.causalstream.deploy.load;

import io.causalstream.deploy.demo.SampleData;
import io.causalstream.deploy.local.LocalSystem;
import io.causalstream.local.LocalPorts;
import io.causalstream.local.SchemaRegistryProcess;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A sustained load on a whole causal-stream system: passages and judgments at fixed rates for a fixed time, then
 * the figures: throughput per stage, consumer lag over time, end-to-end latency percentiles (passage to scored
 * graph, judgment to rating), heap and RocksDB memory, and each service's CPU per record next to a pass-through
 * exactly-once Kafka Streams topology fed the same passages on the same broker (the platform's own cost).
 *
 * <p>By default it starts its own system on free ports (a KRaft broker and a registry as the launcher does, the
 * three services and the pass-through as child JVMs, so each has its own CPU account), under {@code --data-dir};
 * everything it started is stopped at the end. Not part of the test suite: a long run is a command.
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Sustained load: passages and judgments at fixed rates for a fixed time against a system it "
                + "starts on free ports; prints throughput, lag, latency percentiles, memory and CPU per record "
                + "next to a pass-through exactly-once topology.")
public final class LoadCommand implements Callable<Integer> {

    @Option(names = "--passages-per-s", defaultValue = "5", description = "Passages published per second (default: ${DEFAULT-VALUE}).")
    double passagesPerSecond;

    @Option(names = "--judgments-per-s", defaultValue = "20", description = "Judgments published per second (default: ${DEFAULT-VALUE}).")
    double judgmentsPerSecond;

    @Option(names = "--duration", defaultValue = "60s", description = "How long the load lasts: 90s, 5m (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--idle", defaultValue = "15s",
            description = "Quiet time before the load, to measure each process's idle CPU (default: ${DEFAULT-VALUE}).")
    String idle;

    @Option(names = "--drain", defaultValue = "60s",
            description = "Most time to wait after the load for the last records' latencies (default: ${DEFAULT-VALUE}).")
    String drain;

    @Option(names = "--tournaments", defaultValue = "20",
            description = "Passages with three annotations that receive the judgments (default: ${DEFAULT-VALUE}).")
    int tournaments;

    @Option(names = "--partitions", defaultValue = "3", description = "Partitions per topic (default: ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--heap", defaultValue = "1g", description = "-Xmx of each service's JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--extractor-backend", description = "extractor.backend of the extractor service (default: the service's).")
    String extractorBackend;

    @Option(names = "--data-dir", defaultValue = "run/load",
            description = "Broker data, state and the children's logs (default: ${DEFAULT-VALUE}); a fresh subdirectory per run.")
    Path dataDir;

    static final String PASS_THROUGH_IN = "load-pass-through-in";
    static final String PASS_THROUGH_OUT = "load-pass-through-out";
    static final List<String> SERVICES = List.of("extractor-service", "scorer-service", "elo-service");
    private static final Pattern TIME = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    /** The services and the pass-through, once the broker and the registry run. */
    private LoadChildren children;

    /** "90s", "5m", "1500ms", "60" (seconds). */
    static Duration parseDuration(String text) {
        Matcher m = TIME.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (e.g. 60s, 5m, 1500ms)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        Duration load = parseDuration(duration);
        Duration quiet = parseDuration(idle);
        Duration drainMax = parseDuration(drain);
        if (!(passagesPerSecond > 0) || judgmentsPerSecond < 0 || tournaments < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--passages-per-s must be > 0, --judgments-per-s >= 0, --tournaments >= 1");
        }
        Thread hook = new Thread(this::stopAll, "load-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            run(out, load, quiet, drainMax);
            return 0;
        } finally {
            stopAll();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    }

    /** The system under load: where its broker and registry listen, and its consumer groups. */
    private record SystemUnderLoad(String bootstrap, String registryUrl, List<String> groups) {
    }

    private void run(PrintStream out, Duration load, Duration quiet, Duration drainMax) throws Exception {
        Path dir = dataDir.resolve("run-" + System.currentTimeMillis()).toAbsolutePath();
        Files.createDirectories(dir);
        out.printf("causal-stream load harness: %.1f passages/s, %.1f judgments/s for %ds; data and logs in %s%n",
                passagesPerSecond, judgmentsPerSecond, load.toSeconds(), dir);
        SystemUnderLoad system = startSystem(out, dir);
        AvroSerdes serdes = new AvroSerdes(system.registryUrl());
        List<Passage> texts = SampleData.load().passages();
        try (Admin admin = admin(system.bootstrap());
             KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerProps(system.bootstrap()),
                     new StringSerializer(), new ByteArraySerializer())) {
            setUpTournaments(out, admin, producer, serdes, texts, system.groups());
            Map<String, Double> idleRate = idleCpuRate(quiet);
            try (OutputFollowers followers = OutputFollowers.start(system.bootstrap(), serdes)) {
                Thread.sleep(2000); // the followers are assigned and at the end
                LoadSamples samples = new LoadSamples(children);
                LoadWindow window = drive(load, admin, producer, serdes, texts, followers, samples, system.groups());
                drain(drainMax, window, admin, followers, samples, system.groups());
                report(out, window, followers, samples, idleRate);
            }
        }
    }

    /** A KRaft broker, a registry, the topics, the three services and the pass-through, each ready. */
    private SystemUnderLoad startSystem(PrintStream out, Path dir) throws Exception {
        LocalSystem system = track(LocalSystem.start(LocalSystem.Settings.plain(dir, LocalPorts.pickFree(),
                LocalPorts.pickFree(), LocalPorts.pickFree(), partitions), null));
        String bootstrap = system.broker().bootstrapServers();
        SchemaRegistryProcess registry = system.registry();
        out.printf("  broker %s, registry %s%n", bootstrap, registry.url());
        try (Admin admin = admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(PASS_THROUGH_IN, partitions, (short) 1),
                    new NewTopic(PASS_THROUGH_OUT, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        children = track(new LoadChildren(dir, heap, extractorBackend));
        for (String service : SERVICES) {
            children.startService(service, bootstrap, registry.url());
        }
        children.startChild("pass-through", List.of(PassThroughApp.class.getName(), bootstrap, PASS_THROUGH_IN,
                PASS_THROUGH_OUT, dir.resolve("state").resolve("pass-through").toString()), List.of());
        for (String service : SERVICES) {
            children.awaitReady(service, Duration.ofMinutes(4));
        }
        out.printf("  services ready: %s%n", children.ports());
        List<String> groups = new ArrayList<>(SERVICES);
        groups.add(PassThroughApp.APPLICATION_ID);
        return new SystemUnderLoad(bootstrap, registry.url(), groups);
    }

    /** The tournaments: passages with three human annotations each, known to every service before the load. */
    private void setUpTournaments(PrintStream out, Admin admin, KafkaProducer<String, byte[]> producer,
                                  AvroSerdes serdes, List<Passage> texts, List<String> groups) throws Exception {
        var passageSerializer = serdes.valueSerializer(Topics.PASSAGES);
        var extractionSerializer = serdes.valueSerializer(Topics.EXTRACTIONS);
        for (int t = 0; t < tournaments; t++) {
            String id = "load-t-" + t;
            Passage p = LoadRecords.passage(id, texts.get(t % texts.size()).getText());
            producer.send(new ProducerRecord<>(Topics.PASSAGES.name(), id,
                    passageSerializer.serialize(Topics.PASSAGES.name(), p)));
            for (String a : LoadRecords.ANNOTATORS) {
                producer.send(new ProducerRecord<>(Topics.EXTRACTIONS.name(), id,
                        extractionSerializer.serialize(Topics.EXTRACTIONS.name(), LoadRecords.annotation(id, a, t))));
            }
        }
        producer.flush();
        awaitSettled(admin, groups, Duration.ofMinutes(3));
        out.printf("  %d tournaments set up and processed by every service%n", tournaments);
    }

    /** Each process's CPU seconds per second over a quiet window. */
    private Map<String, Double> idleCpuRate(Duration quiet) throws InterruptedException {
        Map<String, Double> before = children.cpuSeconds();
        Thread.sleep(quiet.toMillis());
        Map<String, Double> after = children.cpuSeconds();
        Map<String, Double> rate = new LinkedHashMap<>();
        after.forEach((k, v) -> rate.put(k, (v - before.getOrDefault(k, v)) / Math.max(1e-9, quiet.toMillis() / 1000.0)));
        return rate;
    }

    /** The load: one loop, each record sent when its time has come. */
    private LoadWindow drive(Duration load, Admin admin, KafkaProducer<String, byte[]> producer, AvroSerdes serdes,
                             List<Passage> texts, OutputFollowers followers, LoadSamples samples, List<String> groups)
            throws Exception {
        var passageSerializer = serdes.valueSerializer(Topics.PASSAGES);
        var judgmentSerializer = serdes.valueSerializer(Topics.JUDGMENTS);
        Map<String, Double> metricsBefore = children.stageCounters();
        long passThroughBefore = ConsumerLag.total(ConsumerLag.committed(admin, PassThroughApp.APPLICATION_ID));
        Map<String, Double> cpuBefore = children.cpuSeconds();
        followers.resetCounts();
        long start = System.nanoTime();
        long end = start + load.toNanos();
        long passagesOut = 0;
        long judgmentsOut = 0;
        Random random = new Random(42);
        while (System.nanoTime() < end) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            while (passagesOut < (long) (elapsed * passagesPerSecond)) {
                String id = "load-p-" + passagesOut;
                byte[] bytes = passageSerializer.serialize(Topics.PASSAGES.name(),
                        LoadRecords.passage(id, texts.get((int) (passagesOut % texts.size())).getText()));
                followers.passageSent(id);
                producer.send(new ProducerRecord<>(Topics.PASSAGES.name(), id, bytes));
                producer.send(new ProducerRecord<>(PASS_THROUGH_IN, id, bytes));
                passagesOut++;
            }
            while (judgmentsOut < (long) (elapsed * judgmentsPerSecond)) {
                Judgment j = LoadRecords.judgment(judgmentsOut, random, tournaments);
                byte[] bytes = judgmentSerializer.serialize(Topics.JUDGMENTS.name(), j);
                followers.judgmentSent(j.getPassageId(), () -> producer.send(
                        new ProducerRecord<>(Topics.JUDGMENTS.name(), j.getPassageId(), bytes)));
                judgmentsOut++;
            }
            samples.lagIfDue(admin, groups, true);
            Thread.sleep(2);
        }
        producer.flush();
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Double> cpuAfter = children.cpuSeconds();
        Map<String, Double> metricsAfter = children.stageCounters();
        long passThrough = ConsumerLag.total(ConsumerLag.committed(admin, PassThroughApp.APPLICATION_ID))
                - passThroughBefore;
        LoadWindow window = new LoadWindow(passagesOut, judgmentsOut, seconds, followers.scored.get(),
                followers.ratings.get(), metricsBefore, metricsAfter, passThrough, cpuBefore, cpuAfter);
        children.memory(samples.heapMax, samples.rocksMax);
        return window;
    }

    /** After the load: the last records' latencies, and lag back to 0, for at most {@code drainMax}. */
    private static void drain(Duration drainMax, LoadWindow window, Admin admin, OutputFollowers followers,
                              LoadSamples samples, List<String> groups) throws InterruptedException {
        long drainEnd = System.nanoTime() + drainMax.toNanos();
        while (System.nanoTime() < drainEnd && (followers.passagesScored() < window.passagesOut()
                || followers.judgmentToRating.count() < window.judgmentsOut())) {
            samples.lagIfDue(admin, groups, false);
            Thread.sleep(200);
        }
        samples.lag(admin, groups, System.nanoTime());
    }

    private static void report(PrintStream out, LoadWindow w, OutputFollowers followers, LoadSamples samples,
                               Map<String, Double> idleRate) {
        double seconds = w.seconds();
        out.printf("%nLoad: %d passages (%.2f/s) and %d judgments (%.2f/s) in %.1f s; machine: %d cores%n",
                w.passagesOut(), w.passagesOut() / seconds, w.judgmentsOut(), w.judgmentsOut() / seconds, seconds,
                Runtime.getRuntime().availableProcessors());
        out.println("\nThroughput per stage during the load (records/s):");
        LoadReport.table(out, List.of("stage", "records", "per s"), List.of(
                List.of("passages published", Long.toString(w.passagesOut()), LoadReport.fmt(w.passagesOut() / seconds, 2)),
                List.of("extractor: passages extracted", LoadReport.fmt(w.extracted(), 0), LoadReport.fmt(w.extracted() / seconds, 2)),
                List.of("scorer: scored graphs published", Long.toString(w.scored()), LoadReport.fmt(w.scored() / seconds, 2)),
                List.of("judgments published", Long.toString(w.judgmentsOut()), LoadReport.fmt(w.judgmentsOut() / seconds, 2)),
                List.of("elo: judgments counted", LoadReport.fmt(w.judged(), 0), LoadReport.fmt(w.judged() / seconds, 2)),
                List.of("elo: ratings records published", Long.toString(w.ratings()), LoadReport.fmt(w.ratings() / seconds, 2)),
                List.of("pass-through: records copied", Long.toString(w.passThroughRecords()),
                        LoadReport.fmt(w.passThroughRecords() / seconds, 2))));

        out.println("\nConsumer lag over time (records behind, summed over the group's partitions):");
        LoadReport.lag(out, samples.lagOverTime);

        out.println("\nEnd-to-end latency (send to output record seen by a read_committed consumer):");
        LoadReport.table(out, List.of("path", "n", "p50", "p90", "p99", "max"), List.of(
                LoadReport.cells("passage -> first scored graph", LoadReport.latencyRow(followers.passageToScored)),
                LoadReport.cells("judgment -> rating including it", LoadReport.latencyRow(followers.judgmentToRating))));
        if (followers.passagesScored() < w.passagesOut() || followers.judgmentToRating.count() < w.judgmentsOut()) {
            out.printf("  (not all outputs seen within the drain time: %d of %d passages scored, %d of %d judgments rated)%n",
                    followers.passagesScored(), w.passagesOut(), followers.judgmentToRating.count(), w.judgmentsOut());
        }

        out.println("\nMemory (highest sample during the load, from each service's /metrics):");
        List<List<String>> mem = new ArrayList<>();
        for (String s : SERVICES) {
            mem.add(List.of(s, LoadReport.mib(samples.heapMax.get(s)), LoadReport.mib(samples.rocksMax.get(s))));
        }
        LoadReport.table(out, List.of("service", "heap used", "RocksDB (memtables + block cache + readers)"), mem);

        out.println("\nCPU per record (process CPU time over the load; records: the stage's own output, the pass-through's "
                + "copies; idle: the rate measured before the load, times the load's length):");
        Map<String, Long> records = Map.of("extractor-service", Math.round(w.extracted()),
                "scorer-service", w.scored(), "elo-service", Math.round(w.judged()));
        List<LoadReport.Cost> costs = new ArrayList<>();
        for (String s : SERVICES) {
            costs.add(new LoadReport.Cost(s, w.cpuAfter().get(s) - w.cpuBefore().get(s), idleRate.get(s) * seconds,
                    records.get(s)));
        }
        LoadReport.Cost pass = new LoadReport.Cost("pass-through (EOS)",
                w.cpuAfter().get("pass-through") - w.cpuBefore().get("pass-through"),
                idleRate.get("pass-through") * seconds, w.passThroughRecords());
        LoadReport.costs(out, costs, pass);
        out.println("  (- above idle: the process used more CPU in its quiet window than during the load; the machine's"
                + " other load and the JIT make idle rates noisy, the totals are the firmer figure)");
    }

    private static Map<String, Object> producerProps(String bootstrap) {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return p;
    }

    private static Admin admin(String bootstrap) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    private static void awaitSettled(Admin admin, List<String> groups, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int quietRounds = 0;
        while (System.nanoTime() < deadline) {
            Map<String, Long> lag = ConsumerLag.behind(admin, groups);
            boolean settled = lag.size() == groups.size() - 1 // the pass-through has consumed nothing yet
                    || lag.size() == groups.size();
            settled = settled && lag.values().stream().allMatch(v -> v == 0)
                    && lag.keySet().containsAll(SERVICES);
            quietRounds = settled ? quietRounds + 1 : 0;
            if (quietRounds >= 3) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("the services did not catch up within " + timeout);
    }

    private <T extends AutoCloseable> T track(T c) {
        synchronized (started) {
            started.push(c);
        }
        return c;
    }

    private void stopAll() {
        synchronized (started) {
            while (!started.isEmpty()) {
                try {
                    started.pop().close();
                } catch (Exception e) {
                    System.err.println("error while stopping: " + e);
                }
            }
        }
    }
}
