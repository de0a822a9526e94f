package io.causalstream.serde;

import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.config.SerdeConfig;
import io.apicurio.registry.serde.kafka.config.KafkaSerdeConfig;
import io.apicurio.registry.serde.avro.AvroSerdeConfig;
import io.apicurio.registry.resolver.client.RegistryClientFacade;
import io.apicurio.registry.rest.client.RegistryClient;
import io.apicurio.registry.rest.client.models.SortOrder;
import io.apicurio.registry.rest.client.models.VersionSearchResults;
import io.apicurio.registry.rest.client.models.VersionSortBy;
import io.causalstream.topics.Topic;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The one serde factory of the system: Avro values in the Confluent wire format (magic byte 0, 4-byte schema id,
 * Avro binary), plain string keys. The registry client is Apicurio's (Confluent's jars are not on Maven Central);
 * swapping to Confluent's KafkaAvroSerializer is a change to this class only. All serdes of one factory share one
 * {@link BoundedRegistryClient}; serializers and deserializers retry an unreachable registry within the policy's
 * budget ({@link RetryingSerializer}, {@link RetryingDeserializer}). They also share what tells an unknown schema id
 * from a registry that is not serving yet: the {@link RegistryWitness} and the {@link MissingSchemaIds}.
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
    /** whether the registry serves what it holds: decides at once whether its 404 for an id is the truth */
    private final RegistryWitness witness;
    /** the ids the registry said it does not have, shared by every deserializer of this factory */
    private final MissingSchemaIds missing;

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
        // one self-contained schema per subject, as Confluent's serializer registers it: without this Apicurio
        // registers every named type a record uses as a subject of its own and the record's schema as references
        // to them, which a client without reference support cannot decode (SelfContainedSchemas moves a registry
        // that holds such versions)
        c.put(SerdeConfig.DEREFERENCE_SCHEMA, true);
        // Apicurio's own provider fingerprints the schema on every record; this one looks it up by identity
        c.put(AvroSerdeConfig.AVRO_DATUM_PROVIDER, CachingAvroDatumProvider.class.getName());
        c.putAll(registryClientConfig);
        this.baseConfig = Map.copyOf(c);
        this.client = BoundedRegistryClient.create(RegistryEndpoints.nativeApi(this.registryUrl), baseConfig,
                requestTimeout);
        this.witness = new RegistryWitness(witnessRequests(client), RegistryWitness.DEFAULT_TRUST, System::nanoTime);
        this.missing = new MissingSchemaIds(MissingSchemaIds.DEFAULT_CAPACITY, retry.unknownIdMemory(),
                System::nanoTime);
    }

    /** The witness's two requests through the factory's bounded client: a schema by content id, the newest. */
    private static RegistryWitness.Registry witnessRequests(RegistryClientFacade client) {
        return new RegistryWitness.Registry() {
            @Override
            public void fetch(long contentId) {
                client.getSchemaByContentId(contentId);
            }

            @Override
            public OptionalLong newest() {
                VersionSearchResults found = ((RegistryClient) client.getClient()).search().versions().get(c -> {
                    c.queryParameters.limit = 1;
                    c.queryParameters.orderby = VersionSortBy.GlobalId;
                    c.queryParameters.order = SortOrder.Desc;
                });
                if (found == null || found.getVersions() == null || found.getVersions().isEmpty()
                        || found.getVersions().getFirst().getContentId() == null) {
                    return OptionalLong.empty();
                }
                return OptionalLong.of(found.getVersions().getFirst().getContentId());
            }
        };
    }

    public String registryUrl() {
        return registryUrl;
    }

    /** Apicurio's client of the registry (native API), bounded as the serdes' requests are. */
    RegistryClient registryClient() {
        return (RegistryClient) client.getClient();
    }

    @Override
    public <V extends SpecificRecord> Serializer<V> valueSerializer(Topic<V> topic) {
        return new RetryingSerializer<>(failFastValueSerializer(topic), retry, System::nanoTime, Thread::sleep,
                this::encoded);
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
        return new RetryingDeserializer<>(new TypeCheckingDeserializer<>(deserializer, topic.valueClass()), retry,
                witness, missing, System::nanoTime, Thread::sleep);
    }

    /** A schema id this factory's serializer got from the registry: it exists (even if it was unknown before). */
    private void encoded(int schemaId) {
        witness.resolved(schemaId);
        missing.remove(schemaId);
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
