package io.causalstream.extractor.app;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.choice.BackendSettings;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.pipeline.PassagePipeline;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Every setting of the extractor service. Each key is read through {@link Config}: an override, a {@code -D}
 * system property, the environment variable, or the file named by {@code CAUSAL_STREAM_CONFIG}.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td colspan="4">the common keys ({@code kafka.bootstrap.servers}, {@code schema.registry.*},
 *       {@code http.host}, {@code http.port} (default 7071), {@code application.id} (default extractor-service:
 *       the consumer group id and the prefix of the transactional id; all instances of one deployment share it),
 *       {@code kafka.security.*}, {@code kafka.sasl.*}, {@code kafka.ssl.*}): see {@link CommonSettings}</td></tr>
 *   <tr><td>extractor.instance.id</td><td>EXTRACTOR_INSTANCE_ID</td><td>0</td><td>this instance's part of the
 *       transactional id ({@code <application.id>-<instance id>}). It must be stable across restarts (so a
 *       restarted instance fences its previous incarnation) and distinct per instance: in a scaled-out
 *       deployment give every instance its own, e.g. the StatefulSet pod ordinal. Two live instances with the
 *       same id fence each other.</td></tr>
 *   <tr><td>extractor.backend</td><td>EXTRACTOR_BACKEND</td><td>model</td><td>extraction backend; one of
 *       {@link ExtractorBackends#names()}; {@code model}, the trained embedded extractor, beats {@code rules} on
 *       the validation split (see its MODEL_CARD.md); {@code cascade} runs {@code model} on every passage and
 *       sends those it is unsure of to the {@code openai} server</td></tr>
 *   <tr><td>extractor.max.concurrency</td><td>EXTRACTOR_MAX_CONCURRENCY</td><td>4</td><td>passages of one
 *       batch extracted at the same time</td></tr>
 *   <tr><td>extractor.unsupported.language</td><td>EXTRACTOR_UNSUPPORTED_LANGUAGE</td><td>report</td><td>a
 *       passage not in English (LanguageGuess: script and function words): {@code report} publishes an empty
 *       extraction whose parseProblems say UNSUPPORTED_LANGUAGE (metric {@code extractor.parse.problems}
 *       {kind=unsupported_language}); {@code dlq} sends it to passages.dlq (metric {@code extractor.passages}
 *       {outcome=dead_lettered, reason=unsupported_language})</td></tr>
 *   <tr><td>extractor.shutdown.drain.ms</td><td>EXTRACTOR_SHUTDOWN_DRAIN_MS</td><td>30000</td><td>on shutdown,
 *       how long the batch in flight (its model requests included) may take to finish and commit</td></tr>
 *   <tr><td>extractor.retry.backoff.ms</td><td>EXTRACTOR_RETRY_BACKOFF_MS</td><td>1000</td><td>pause before a
 *       batch that failed on a Kafka or registry error is retried</td></tr>
 *   <tr><td>extractor.openai.*, extractor.djl.*, extractor.model.*, extractor.cascade.threshold,
 *       extractor.prompt.*, extractor.mode, extractor.cache.*, extractor.annotator.id</td><td></td><td></td>
 *       <td>backend settings: see
 *       {@link io.causalstream.extractor.backend.openai.OpenAiSettings},
 *       {@link io.causalstream.extractor.backend.djl.DjlSettings},
 *       {@link io.causalstream.extractor.backend.model.ModelSettings},
 *       {@link io.causalstream.extractor.backend.cascade.CascadeSettings},
 *       {@link io.causalstream.extractor.llm.LlmSettings}; read by {@link BackendConfig}, only those of the
 *       chosen backend</td></tr>
 *   <tr><td>kafka.consumer.*</td><td>KAFKA_CONSUMER_*</td><td></td><td>raw consumer settings, e.g.
 *       kafka.consumer.max.poll.records (lower it for slow LLM backends so a batch fits in
 *       max.poll.interval.ms)</td></tr>
 *   <tr><td>kafka.producer.*</td><td>KAFKA_PRODUCER_*</td><td></td><td>raw producer settings, e.g.
 *       kafka.producer.transaction.timeout.ms</td></tr>
 * </table>
 *
 * <p>The settings exactly-once depends on (group id, isolation level, auto commit, transactional id, idempotence,
 * serializers) cannot be overridden with the raw prefixes: trying to is a startup error.
 */
public record ExtractorSettings(
        CommonSettings common,
        String instanceId,
        BackendSettings backendSettings,
        int maxConcurrency,
        Duration drainTimeout,
        Duration retryBackoff,
        Map<String, String> consumerOverrides,
        Map<String, String> producerOverrides,
        LanguageSupport.Policy unsupportedLanguage) {

    public static final String APPLICATION_ID = CommonSettings.APPLICATION_ID;
    public static final String INSTANCE_ID = "extractor.instance.id";
    public static final String BACKEND = "extractor.backend";
    public static final String MAX_CONCURRENCY = "extractor.max.concurrency";
    public static final String RETRY_BACKOFF_MS = "extractor.retry.backoff.ms";
    public static final String DRAIN_MS = "extractor.shutdown.drain.ms";
    public static final String CONSUMER_PREFIX = "kafka.consumer.";
    public static final String PRODUCER_PREFIX = "kafka.producer.";

    public static final int DEFAULT_HTTP_PORT = 7071;
    public static final String DEFAULT_APPLICATION_ID = "extractor-service";

    public ExtractorSettings {
        require(instanceId != null && !instanceId.isBlank(), INSTANCE_ID + " must not be blank");
        require(maxConcurrency >= 1, MAX_CONCURRENCY + " must be at least 1, got " + maxConcurrency);
        require(!retryBackoff.isNegative(), RETRY_BACKOFF_MS + " must not be negative");
        require(!drainTimeout.isNegative(), DRAIN_MS + " must not be negative");
        consumerOverrides = Map.copyOf(consumerOverrides);
        producerOverrides = Map.copyOf(producerOverrides);
        forbid(CONSUMER_PREFIX, consumerOverrides, ConsumerConfig.GROUP_ID_CONFIG,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);
        forbid(PRODUCER_PREFIX, producerOverrides, ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, ProducerConfig.ACKS_CONFIG,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
    }

    /** The longest passage extracted: {@link CommonSettings#PASSAGE_MAX_CHARS}, the same in every service. */
    public int maxPassageChars() {
        return common.passageMaxChars();
    }

    public static ExtractorSettings from(Config config) {
        return new ExtractorSettings(
                CommonSettings.from(config, DEFAULT_APPLICATION_ID, DEFAULT_HTTP_PORT),
                config.get(INSTANCE_ID, "0"),
                BackendConfig.read(config.get(BACKEND, ExtractorBackends.DEFAULT), key -> config.find(key).orElse(null)),
                config.getInt(MAX_CONCURRENCY, 4),
                Duration.ofMillis(config.getLong(DRAIN_MS, PassagePipeline.DEFAULT_DRAIN_TIMEOUT.toMillis())),
                Duration.ofMillis(config.getLong(RETRY_BACKOFF_MS, 1000)),
                config.withPrefix(CONSUMER_PREFIX),
                config.withPrefix(PRODUCER_PREFIX),
                LanguageSupport.Policy.parse(config.get(LanguageSupport.SETTING, "report")));
    }

    /** The chosen backend's name. */
    public String backend() {
        return backendSettings.name();
    }

    public String bootstrapServers() {
        return common.bootstrapServers();
    }

    public String schemaRegistryUrl() {
        return common.schemaRegistryUrl();
    }

    public String httpHost() {
        return common.httpHost();
    }

    public int httpPort() {
        return common.httpPort();
    }

    public String applicationId() {
        return common.applicationId();
    }

    /** Stable per instance, so a restarted instance fences its zombie and completes or aborts its transaction. */
    public String transactionalId() {
        return applicationId() + "-" + instanceId;
    }

    /** Reads passages: committed data only, offsets committed inside the producer's transactions. */
    public Map<String, Object> consumerConfig() {
        Map<String, Object> c = KafkaClients.properties(common);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, transactionalId() + "-consumer");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.putAll(consumerOverrides);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, applicationId());
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return c;
    }

    /** Writes extractions and dead letters in transactions. */
    public Map<String, Object> producerConfig() {
        Map<String, Object> c = KafkaClients.properties(common);
        c.put(ProducerConfig.CLIENT_ID_CONFIG, transactionalId() + "-producer");
        c.putAll(producerOverrides);
        c.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId());
        c.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        c.put(ProducerConfig.ACKS_CONFIG, "all");
        c.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        c.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return c;
    }

    private static void forbid(String prefix, Map<String, String> overrides, String... keys) {
        for (String key : keys) {
            require(!overrides.containsKey(key), prefix + key + " cannot be set: the extractor's exactly-once "
                    + "processing depends on it (see ExtractorSettings)");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
