package io.causalstream.serde;

import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.config.SerdeConfig;
import io.apicurio.registry.serde.kafka.config.KafkaSerdeConfig;
import io.apicurio.registry.serde.avro.AvroSerdeConfig;
import io.apicurio.registry.resolver.client.RegistryClientFacade;
import io.causalstream.topics.Topic;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The one serde factory of the system: Avro values in the Confluent wire format (magic byte 0, 4-byte schema id,
 * Avro binary), plain string keys. The registry client is Apicurio's (Confluent's jars are not on Maven Central);
 * swapping to Confluent's KafkaAvroSerializer is a change to this class only. All serdes of one factory share one
 * {@link BoundedRegistryClient}; serializers and deserializers retry an unreachable registry within the policy's
 * budget ({@link RetryingSerializer}, {@link RetryingDeserializer}).
 */
public final class AvroSerdes implements SerdeFactory {

    /**
     * How long one registry request may take to connect, and then to be answered. The registry answers in
     * milliseconds; a request that takes this long was lost, and is retried.
     */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final String registryUrl;
    private final Map<String, Object> baseConfig;
    private final RetryingDeserializer.Policy retry;
    private final RegistryClientFacade client;

    /** @param registryUrl root URL of the schema registry, e.g. http://localhost:8085 (no API path) */
    public AvroSerdes(String registryUrl) {
        this(registryUrl, Map.of());
    }

    /**
     * @param registryClientConfig further registry-client settings, e.g. Apicurio's
     *                             {@code apicurio.registry.auth.username}/{@code .password} for basic auth
     */
    public AvroSerdes(String registryUrl, Map<String, ?> registryClientConfig) {
        this(registryUrl, registryClientConfig, RetryingDeserializer.Policy.DEFAULT);
    }

    /**
     * @param retry how long serializers and deserializers retry a failing registry, and deserializers confirm an
     *              unknown schema id, before giving up (see {@link RetryingDeserializer})
     */
    public AvroSerdes(String registryUrl, Map<String, ?> registryClientConfig, RetryingDeserializer.Policy retry) {
        this(registryUrl, registryClientConfig, retry, REQUEST_TIMEOUT);
    }

    AvroSerdes(String registryUrl, Map<String, ?> registryClientConfig, RetryingDeserializer.Policy retry,
               Duration requestTimeout) {
        this.retry = retry;
        this.registryUrl = stripTrailingSlash(registryUrl);
        Map<String, Object> c = new HashMap<>();
        c.put(SerdeConfig.REGISTRY_URL, RegistryEndpoints.nativeApi(this.registryUrl));
        c.put(SerdeConfig.AUTO_REGISTER_ARTIFACT, true);
        c.put(SerdeConfig.USE_ID, "contentId");          // content id == Confluent-compatible schema id
        c.put(KafkaSerdeConfig.ENABLE_HEADERS, false);   // schema id in the payload, not in headers
        c.put(AvroSerdeConfig.USE_SPECIFIC_AVRO_READER, true);
        c.put(AvroSerdeConfig.AVRO_ENCODING, AvroSerdeConfig.AVRO_ENCODING_BINARY);
        // Apicurio's own provider fingerprints the schema on every record; this one looks it up by identity
        c.put(AvroSerdeConfig.AVRO_DATUM_PROVIDER, CachingAvroDatumProvider.class.getName());
        c.putAll(registryClientConfig);
        this.baseConfig = Map.copyOf(c);
        this.client = BoundedRegistryClient.create(RegistryEndpoints.nativeApi(this.registryUrl), baseConfig,
                requestTimeout);
    }

    public String registryUrl() {
        return registryUrl;
    }

    @Override
    public <V extends SpecificRecord> Serializer<V> valueSerializer(Topic<V> topic) {
        return new RetryingSerializer<>(failFastValueSerializer(topic), retry);
    }

    /**
     * A serializer that does not retry: a registry that cannot be asked fails the call at once (a lost answer after
     * {@link #REQUEST_TIMEOUT}), for a request path that must answer a person quickly (the rater page's judgments)
     * rather than wait out the retry budget.
     */
    public <V extends SpecificRecord> Serializer<V> failFastValueSerializer(Topic<V> topic) {
        AvroKafkaSerializer<V> serializer = new AvroKafkaSerializer<>(client);
        serializer.configure(baseConfig, false);
        return serializer;
    }

    @Override
    public <V extends SpecificRecord> Deserializer<V> valueDeserializer(Topic<V> topic) {
        AvroKafkaDeserializer<V> deserializer = new AvroKafkaDeserializer<>(client);
        deserializer.configure(baseConfig, false);
        return new RetryingDeserializer<>(new TypeCheckingDeserializer<>(deserializer, topic.valueClass()), retry);
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
