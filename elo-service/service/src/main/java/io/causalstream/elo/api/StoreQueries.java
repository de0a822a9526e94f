package io.causalstream.elo.api;

import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.topology.EloTopology;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.runtime.InteractiveQueries;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.tournament.Tournament;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries over this instance's share of the Elo stores: which instance owns a passage, one passage's
 * data on its owner, and everything this instance hosts (active tasks only). Answers only while the instance is
 * RUNNING; during a rebalance ownership moves and local stores may be closed, so callers are told to retry
 * ({@link UnavailableException}).
 */
public final class StoreQueries {

    /** Where a passage lives. */
    public sealed interface Owner {
    }

    /** This instance owns the passage's partition. */
    public record Here(int partition) implements Owner {
    }

    /** Another instance owns it. */
    public record Remote(HostInfo host) implements Owner {
    }

    /** Cannot be answered now (starting, rebalancing, shutting down); worth retrying. */
    public record Unavailable(String reason) implements Owner {
    }

    /** Everything the owner knows about one passage. */
    public record PassageData(String passageId, Tournament tournament, Passage passage, List<Extraction> annotations,
                              List<PairCount> pairs) {
    }

    private final KafkaStreams streams;
    private final HostInfo self;

    /** @param self this instance's {@code application.server} */
    public StoreQueries(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    public HostInfo self() {
        return self;
    }

    /**
     * Which instance owns {@code passageId} (all stores of a passage live in the same partition), decided by
     * {@link InteractiveQueries} like every service's API.
     */
    public Owner owner(String passageId) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            return new Unavailable("the Elo service is " + streams.state() + ", not RUNNING; retry shortly");
        }
        return switch (InteractiveQueries.route(streams, EloTopology.TOURNAMENTS_STORE, passageId, self)) {
            case InteractiveQueries.Local here -> new Here(here.partition());
            case InteractiveQueries.Remote remote -> new Remote(remote.host());
            case InteractiveQueries.Unknown u ->
                    new Unavailable("no instance owns passage " + passageId + " right now (rebalancing)");
        };
    }

    /** One passage's tournament, text, annotations and head-to-head counts, read from {@code partition} here. */
    public PassageData passage(String passageId, int partition) {
        try {
            Tournament t = this.<Tournament>store(EloTopology.TOURNAMENTS_STORE, partition).get(passageId);
            Passage p = this.<Passage>store(EloTopology.PASSAGES_STORE, partition).get(passageId);
            List<PairCount> pairs = this.<List<PairCount>>store(EloTopology.PAIR_COUNTS_STORE, partition)
                    .get(passageId);
            List<Extraction> annotations = new ArrayList<>();
            try (KeyValueIterator<String, Extraction> it = this.<Extraction>store(EloTopology.ANNOTATIONS_STORE,
                    partition).prefixScan(EloTopology.annotationKey(passageId, ""), new StringSerializer())) {
                it.forEachRemaining(kv -> annotations.add(kv.value));
            }
            return new PassageData(passageId, t, p, annotations, pairs == null ? List.of() : pairs);
        } catch (InvalidStateStoreException e) {
            throw new UnavailableException("stores not queryable right now (restoring or rebalancing); retry "
                    + "shortly");
        }
    }

    /** The votes on one item (passage and pair), read from {@code partition} here; null when none. */
    public ItemVotes itemVotes(String itemKey, int partition) {
        try {
            return this.<ItemVotes>store(EloTopology.ITEM_VOTES_STORE, partition).get(itemKey);
        } catch (InvalidStateStoreException e) {
            throw new UnavailableException("stores not queryable right now (restoring or rebalancing); retry "
                    + "shortly");
        }
    }

    /** Every tournament this instance hosts. */
    public List<Tournament> localTournaments() {
        List<Tournament> out = new ArrayList<>();
        forEachLocal(EloTopology.TOURNAMENTS_STORE, (String k, Tournament v) -> out.add(v));
        return out;
    }

    /** The tournaments of {@code passageIds} that this instance hosts (others are left out), by key lookups. */
    public List<Tournament> localTournaments(List<String> passageIds) {
        requireRunning();
        List<Tournament> out = new ArrayList<>();
        if (!hostsAPartition()) {
            return out;
        }
        try {
            ReadOnlyKeyValueStore<String, Tournament> store = store(EloTopology.TOURNAMENTS_STORE, null);
            for (String id : passageIds) {
                Tournament t = store.get(id);
                if (t != null) {
                    out.add(t);
                }
            }
            return out;
        } catch (InvalidStateStoreException e) {
            throw new UnavailableException("tournaments store not queryable right now (restoring or rebalancing); "
                    + "retry shortly");
        }
    }

    /** Every annotation this instance hosts, grouped by passage (store order). */
    public Map<String, List<Extraction>> localAnnotations() {
        Map<String, List<Extraction>> out = new LinkedHashMap<>();
        forEachLocal(EloTopology.ANNOTATIONS_STORE, (String k, Extraction v) ->
                out.computeIfAbsent(v.getPassageId(), x -> new ArrayList<>()).add(v));
        return out;
    }

    /** Calls {@code each} for every record of a store this instance hosts. */
    public <V> void forEachLocal(String storeName, BiConsumer<String, V> each) {
        requireRunning();
        if (!hostsAPartition()) {
            return;
        }
        try (KeyValueIterator<String, V> it = this.<V>store(storeName, null).all()) {
            it.forEachRemaining(kv -> each.accept(kv.key, kv.value));
        } catch (InvalidStateStoreException e) {
            throw new UnavailableException(storeName + " store not queryable right now (restoring or rebalancing); "
                    + "retry shortly");
        }
    }

    /** Approximate number of entries of a store hosted here (RocksDB estimate); NaN when not queryable. */
    public double localCountEstimate(String storeName) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            return Double.NaN;
        }
        try {
            return hostsAPartition() ? store(storeName, null).approximateNumEntries() : 0;
        } catch (InvalidStateStoreException e) {
            return Double.NaN;
        }
    }

    /**
     * The other instances of {@code q}'s application (where a sign-out is passed on); throws while they are not
     * known yet (Kafka Streams not created or not running).
     */
    public static Collection<HostInfo> others(StoreQueries q) {
        if (q == null) {
            throw new UnavailableException("the other instances are not known yet");
        }
        return q.instances().stream().filter(h -> !h.equals(q.self())).toList();
    }

    /** The HTTP endpoints of every instance of this application, this one included. */
    public Set<HostInfo> instances() {
        requireRunning();
        Set<HostInfo> hosts = new LinkedHashSet<>();
        hosts.add(self);
        for (StreamsMetadata m : streams.metadataForAllStreamsClients()) {
            hosts.add(m.hostInfo());
        }
        return hosts;
    }

    /** Whether this instance has an active partition of the Elo stores (another may hold them all). */
    private boolean hostsAPartition() {
        return streams.streamsMetadataForStore(EloTopology.TOURNAMENTS_STORE).stream()
                .anyMatch(m -> self.equals(m.hostInfo()) && !m.topicPartitions().isEmpty());
    }

    private void requireRunning() {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new UnavailableException("the Elo service is " + streams.state() + ", not RUNNING; retry shortly");
        }
    }

    private <V> ReadOnlyKeyValueStore<String, V> store(String name, Integer partition) {
        StoreQueryParameters<ReadOnlyKeyValueStore<String, V>> p = StoreQueryParameters.fromNameAndType(name,
                QueryableStoreTypes.keyValueStore());
        return streams.store(partition == null ? p : p.withPartition(partition));
    }

    /** Thrown when the instance cannot answer now. */
    public static final class UnavailableException extends RuntimeException {
        public UnavailableException(String reason) {
            super(reason);
        }
    }
}
