package io.causalstream.deploy.tools;

import io.causalstream.deadletter.ReplayPlan;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.KafkaClients;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code causal-stream dlq replay}: dead-letter topics. */
@Command(name = "dlq", mixinStandardHelpOptions = true, subcommands = DlqCommand.Replay.class,
        description = "Dead-letter topics: replay chosen dead letters to their source topic.")
public final class DlqCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /**
     * Re-publishes chosen dead letters (original key, value and headers, minus the error headers, plus
     * {@value ReplayPlan#REPLAYED_FROM}) to the source topic. Lists what it would do unless {@code --apply}.
     */
    @Command(name = "replay", mixinStandardHelpOptions = true,
            description = {"Re-publishes dead letters of X.dlq to the topic they came from: the original key, value "
                    + "and headers without the error headers, plus a causal-stream.replayed-from header naming the "
                    + "original record.",
                    "Reads the services' dead letters (KIP-1034 headers) and Kafka Connect's (__connect.errors.*, "
                            + "e.g. graph-sink.dlq) alike.",
                    "Dry run by default: lists every dead letter and what would happen to it; --apply publishes.",
                    "Idempotent: a dead letter whose original record was already replayed (found on its topic under "
                            + "causal-stream.replayed-from) or rejected by several services is published once."})
    public static final class Replay implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--topic", required = true,
                description = "Dead-letter topic, e.g. passages.dlq, or graph-sink.dlq (Kafka Connect's)")
        String topic;

        @Option(names = "--where", paramLabel = "COND",
                description = "Choose dead letters (repeatable, all must hold): FIELD=VALUE or FIELD~TEXT (contains, "
                        + "any case). Fields: application (or connector), code, stage (Connect's), exception, "
                        + "reason, key, source-topic, source-partition, source-offset, partition, offset.")
        List<String> where = new ArrayList<>();

        @Option(names = "--apply", description = "Publish (default: dry run, list only).")
        boolean apply;

        @Option(names = "--dry-run", description = "List only, publish nothing (the default; overrides --apply).")
        boolean dryRun;

        /** Broker and its security, as for the services (--bootstrap-servers, --config; --registry is unused). */
        @CommandLine.Mixin
        ClientOptions connection = new ClientOptions();

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<ReplayPlan.Condition> conditions;
            try {
                conditions = ReplayPlan.conditions(where);
                ReplayPlan.sourceTopic(topic);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            CommonSettings settings = connection.settings("causal-stream-dlq-replay");
            Map<String, Object> client = KafkaClients.properties(settings);

            List<ReplayPlan.DeadLetter> deadLetters = new ArrayList<>();
            readAll(client, topic, r -> deadLetters.add(deadLetter(r)));
            // the services' X.dlq holds records of X; Kafka Connect's, of every topic its connector reads
            List<String> sources = ReplayPlan.targets(topic, deadLetters);
            Set<String> replayed = new HashSet<>();
            for (String source : sources) {
                readAll(client, source, r -> {
                    var h = r.headers().lastHeader(ReplayPlan.REPLAYED_FROM);
                    if (h != null && h.value() != null) {
                        replayed.add(new String(h.value(), StandardCharsets.UTF_8));
                    }
                });
            }
            ReplayPlan plan = ReplayPlan.of(topic, deadLetters, replayed, conditions);
            plan.describe().forEach(out::println);
            boolean publish = apply && !dryRun;
            List<ReplayPlan.Replay> replays = plan.replays();
            if (publish && !replays.isEmpty()) {
                publish(client, replays);
            }
            long unknownSource = plan.count(ReplayPlan.Action.NO_SOURCE_TOPIC);
            out.printf("%s: %d dead letters, %d chosen for replay, %d already replayed, %d same origin as an "
                            + "earlier one, %d not selected%s; %s%n", topic, deadLetters.size(), replays.size(),
                    plan.count(ReplayPlan.Action.ALREADY_REPLAYED), plan.count(ReplayPlan.Action.SAME_ORIGIN_AS_EARLIER),
                    plan.count(ReplayPlan.Action.NOT_SELECTED),
                    unknownSource == 0 ? "" : ", " + unknownSource + " naming no source topic",
                    publish ? "published " + replays.size() + " to " + String.join(", ",
                            replays.stream().map(ReplayPlan.Replay::topic).distinct().toList())
                            : "dry run: nothing published (add --apply to publish)");
            out.flush();
            return 0;
        }

        private static ReplayPlan.DeadLetter deadLetter(ConsumerRecord<byte[], byte[]> r) {
            List<ReplayPlan.Header> headers = new ArrayList<>();
            r.headers().forEach(h -> headers.add(new ReplayPlan.Header(h.key(), h.value())));
            return new ReplayPlan.DeadLetter(r.partition(), r.offset(), r.key(), r.value(), headers);
        }

        /** Every committed record of {@code topic} up to its end when the read starts. */
        static void readAll(Map<String, Object> client, String topic,
                            Consumer<ConsumerRecord<byte[], byte[]>> each) {
            TopicSnapshot.forEach(client, topic, new ByteArrayDeserializer(), new ByteArrayDeserializer(),
                    Duration.ofMinutes(5), each);
        }

        private static void publish(Map<String, Object> client, List<ReplayPlan.Replay> replays) {
            Map<String, Object> props = new HashMap<>(client);
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            try (var producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
                List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
                for (ReplayPlan.Replay r : replays) {
                    RecordHeaders headers = new RecordHeaders();
                    r.headers().forEach(h -> headers.add(h.key(), h.value()));
                    sent.add(producer.send(new ProducerRecord<>(r.topic(), null, r.key(), r.value(), headers)));
                }
                producer.flush();
                for (var f : sent) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("could not publish the replayed records: " + e.getCause().getMessage(),
                        e.getCause());
            }
        }
    }
}
