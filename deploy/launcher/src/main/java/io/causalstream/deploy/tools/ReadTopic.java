package io.causalstream.deploy.tools;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Prints a topic of the contract as JSON lines, decoding the Avro values through the schema registry (Kafka's own
 * console consumer cannot: the Confluent Avro formatter is not on Maven Central). Dead-letter topics print the
 * reason headers and the original bytes (base64).
 */
@Command(name = "read-topic", mixinStandardHelpOptions = true,
        description = "Prints records of a causal-stream topic as JSON, one per line.")
public final class ReadTopic implements Callable<Integer> {

    /** The command line running this command, so errors print the usage as the user called it. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", description = "Topic, e.g. scored-graphs, ratings, passages.dlq")
    String topic;

    /** Broker, registry and their security, as for the services (--bootstrap-servers, --registry, --config). */
    @CommandLine.Mixin
    ClientOptions client = new ClientOptions();

    @Option(names = "--from-beginning", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Read from the start of the topic (default) or only new records.")
    boolean fromBeginning;

    @Option(names = "--max", defaultValue = "-1", description = "Stop after this many records (default: follow).")
    long max;

    @Option(names = "--idle-seconds", defaultValue = "-1",
            description = "Stop after this many seconds without records (default: follow).")
    int idleSeconds;

    public static void main(String[] args) {
        System.setProperty("logback.configurationFile", "logback-local.xml");
        System.exit(new CommandLine(new ReadTopic()).execute(args));
    }

    @Override
    public Integer call() {
        CommonSettings settings = client.settings("read-topic");
        boolean deadLetters = topic.endsWith(Topics.DEAD_LETTER_SUFFIX);
        Topic<? extends SpecificRecord> contract = Topics.ALL.stream().filter(t -> t.name().equals(topic)).findFirst()
                .orElse(null);
        if (contract == null && !deadLetters) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown topic " + topic + "; known: "
                    + Topics.allNamesWithDeadLetters());
        }
        Deserializer<?> values = deadLetters ? new ByteArrayDeserializer()
                : KafkaClients.serdes(settings).valueDeserializer(contract);
        PrintStream out = System.out;
        long seen = 0;
        long lastRecord = System.nanoTime();
        Map<String, Object> props = KafkaClients.properties(settings);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "read-topic-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, fromBeginning ? "earliest" : "latest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), values)) {
            consumer.subscribe(List.of(topic));
            while (max < 0 || seen < max) {
                var records = consumer.poll(Duration.ofMillis(500));
                for (ConsumerRecord<String, ?> r : records) {
                    if (max >= 0 && seen >= max) {
                        break;
                    }
                    out.println(deadLetters ? deadLetter(r)
                            : "{\"key\":" + quote(r.key()) + ",\"value\":" + r.value() + "}");
                    seen++;
                    lastRecord = System.nanoTime();
                }
                if (idleSeconds >= 0 && System.nanoTime() - lastRecord > Duration.ofSeconds(idleSeconds).toNanos()) {
                    break;
                }
            }
        }
        return 0;
    }

    private static String deadLetter(ConsumerRecord<String, ?> r) {
        byte[] value = (byte[]) r.value();
        return "{\"key\":" + quote(r.key())
                + ",\"reason\":" + quote(DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                + ",\"exception\":" + quote(DeadLetters.header(r.headers(), DeadLetters.EXCEPTION))
                + ",\"application\":" + quote(DeadLetters.header(r.headers(), DeadLetters.APPLICATION_ID))
                + ",\"code\":" + quote(DeadLetters.header(r.headers(), DeadLetters.CODE))
                + ",\"source\":" + quote(DeadLetters.header(r.headers(), DeadLetters.TOPIC) + "-"
                + DeadLetters.header(r.headers(), DeadLetters.PARTITION) + "@"
                + DeadLetters.header(r.headers(), DeadLetters.OFFSET))
                + ",\"value_base64\":" + quote(value == null ? null : Base64.getEncoder().encodeToString(value)) + "}";
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(s).toString();
    }

}
