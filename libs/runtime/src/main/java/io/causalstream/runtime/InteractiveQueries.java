package io.causalstream.runtime;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The one routing decision for interactive queries, shared by every service's HTTP API: a key's state lives in
 * one partition, hence on one instance ({@code queryMetadataForKey(...).activeHost()}); the request is answered
 * here or sent to that instance. Each API keeps its own way of sending it (the scorer redirects with 307, the Elo
 * service relays), but they decide the same way.
 */
public final class InteractiveQueries {

    private static final StringSerializer STRINGS = new StringSerializer();

    /** Where a key's state is. */
    public sealed interface Route {
    }

    /**
     * Answer from this instance's stores.
     *
     * @param partition the key's partition, or {@link #ANY_PARTITION} on a single instance (no
     *                  {@code application.server}, so no metadata: every partition is here)
     */
    public record Local(int partition) implements Route {
        public static final int ANY_PARTITION = -1;
    }

    /** Another instance owns the key; {@code host} is its {@code application.server}. */
    public record Remote(HostInfo host) implements Route {

        /** The same request on the owner: {@code http://host:port} + {@code pathAndQuery}. */
        public String url(String pathAndQuery) {
            return "http://" + host.host() + ":" + host.port() + pathAndQuery;
        }
    }

    /** No instance owns the key right now (starting up, rebalancing): worth retrying shortly. */
    public record Unknown() implements Route {
    }

    /** Where {@code key} of the String-keyed {@code store} lives, seen from {@code self} (null: single instance). */
    public static Route route(KafkaStreams streams, String store, String key, HostInfo self) {
        return route(streams, store, key, STRINGS, self);
    }

    /** Where {@code key} of {@code store} lives, seen from {@code self} (null: single instance). */
    public static <K> Route route(KafkaStreams streams, String store, K key, Serializer<K> keySerializer,
                                  HostInfo self) {
        if (self == null) {
            return new Local(Local.ANY_PARTITION);
        }
        return route(streams.queryMetadataForKey(store, key, keySerializer), self);
    }

    /** The decision itself, given the key's metadata (null or NOT_AVAILABLE while nobody owns it). */
    public static Route route(KeyQueryMetadata owner, HostInfo self) {
        if (self == null) {
            return new Local(Local.ANY_PARTITION);
        }
        if (owner == null || KeyQueryMetadata.NOT_AVAILABLE.equals(owner)) {
            return new Unknown();
        }
        return self.equals(owner.activeHost()) ? new Local(owner.partition()) : new Remote(owner.activeHost());
    }

    /**
     * Every other instance of the application, by its {@code application.server}; none when {@code self} is null
     * (not advertised: a single instance).
     *
     * @throws IllegalStateException while they are not known (Kafka Streams not created yet, or not RUNNING)
     */
    public static Collection<HostInfo> otherInstances(KafkaStreams streams, HostInfo self) {
        if (streams == null || streams.state() != KafkaStreams.State.RUNNING) {
            throw new IllegalStateException("the other instances are not known yet (Kafka Streams "
                    + (streams == null ? "not created" : streams.state().name()) + ")");
        }
        if (self == null) {
            return List.of();
        }
        Set<HostInfo> others = new LinkedHashSet<>();
        for (StreamsMetadata m : streams.metadataForAllStreamsClients()) {
            if (!self.equals(m.hostInfo())) {
                others.add(m.hostInfo());
            }
        }
        return others;
    }

    private InteractiveQueries() {
    }
}
