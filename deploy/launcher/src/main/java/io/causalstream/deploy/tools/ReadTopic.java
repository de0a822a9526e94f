package io.causalstream.deploy.tools;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.causalstream.deadletter.DeadLetterField;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.topics.Topic;
import io.causalstream.topics.Topics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
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
 * console consumer cannot: the Confluent Avro formatter is not on Maven Central). Dead-letter topics print what
 * went wrong and where the record came from, from the services' headers or Kafka Connect's
 * ({@link DeadLetterField}), and the original bytes (base64).
 */
@Command(name = "read-topic", mixinStandardHelpOptions = true,
        description = "Prints records of a causal-stream topic as JSON, one per line.")
public final class ReadTopic implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The command line running this command, so errors print the usage as the user called it. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", description = "Topic, e.g. scored-graphs, ratings, passages.dlq, graph-sink.dlq")
    String topic;

    @Option(names = "--dead-letters",
            description = "Read the topic as dead letters (the default for a name ending in .dlq): the services' "
                    + "(KIP-1034 headers) and Kafka Connect's (__connect.errors.*) alike.")
    boolean deadLetters;

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
        boolean deadLetters = this.deadLetters || topic.endsWith(Topics.DEAD_LETTER_SUFFIX);
        Topic<? extends SpecificRecord> contract = Topics.ALL.stream().filter(t -> t.name().equals(topic)).findFirst()
                .orElse(null);
        if (contract == null && !deadLetters) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown topic " + topic + "; known: "
                    + Topics.allNamesWithDeadLetters());
        }
        Deserializer<?> values = deadLetters ? new ByteArrayDeserializer()
                : KafkaClients.serdes(settings).valueDeserializer(contract);
        PrintWriter out = spec.commandLine().getOut();
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
                    out.println(deadLetters ? deadLetter(r) : record(r));
                    seen++;
                    lastRecord = System.nanoTime();
                }
                out.flush();
                if (idleSeconds >= 0 && System.nanoTime() - lastRecord > Duration.ofSeconds(idleSeconds).toNanos()) {
                    break;
                }
            }
        }
        return 0;
    }

    /** The key, and the value as Avro's JSON rendering of the record. */
    private static String record(ConsumerRecord<String, ?> r) {
        ObjectNode line = JSON.createObjectNode();
        line.put("key", r.key());
        line.putRawValue("value", new RawValue(String.valueOf(r.value())));
        return line.toString();
    }

    /** What went wrong, who said so and where the record was, then the original bytes. */
    static String deadLetter(ConsumerRecord<String, ?> r) {
        UnaryOperator<String> header = name -> DeadLetters.header(r.headers(), name);
        byte[] value = (byte[]) r.value();
        ObjectNode line = JSON.createObjectNode();
        line.put("key", r.key());
        line.put("reason", DeadLetterField.REASON.read(header));
        line.put("exception", DeadLetterField.EXCEPTION.read(header));
        line.put("application", DeadLetterField.APPLICATION.read(header));
        line.put("code", DeadLetterField.CODE.read(header));
        String stage = DeadLetterField.STAGE.read(header);
        if (stage != null) {
            line.put("stage", stage); // Kafka Connect's: where in the worker the record failed
        }
        line.put("source", DeadLetterField.SOURCE_TOPIC.read(header) + "-"
                + DeadLetterField.SOURCE_PARTITION.read(header) + "@" + DeadLetterField.SOURCE_OFFSET.read(header));
        line.put("value_base64", value == null ? null : Base64.getEncoder().encodeToString(value));
        return line.toString();
    }
}
