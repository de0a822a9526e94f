package io.causalstream.elo.api;

import io.causalstream.elo.topology.EloTopology;
import io.causalstream.schemas.tournament.Tournament;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries over the {@value EloTopology#TOURNAMENTS_STORE} store: which instance owns a passage, and
 * what this instance's share of the store holds. Answers only while the instance is RUNNING; during a rebalance
 * ownership moves and local stores may be closed, so callers are told to retry.
 */
public final class TournamentQueries {

    /** Where a passage's tournament is. */
    public sealed interface Lookup {
    }

    /** Read here. */
    public record Found(Tournament tournament) implements Lookup {
    }

    /** The owning instance has no tournament for the passage (no judgment counted yet, or unknown passage). */
    public record NotFound() implements Lookup {
    }

    /** Another instance owns the passage. */
    public record Remote(HostInfo host) implements Lookup {
    }

    /** Cannot be answered now (starting, rebalancing, shutting down); worth retrying. */
    public record Unavailable(String reason) implements Lookup {
    }

    private final KafkaStreams streams;
    private final HostInfo self;

    /** @param self this instance's {@code application.server} */
    public TournamentQueries(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    public HostInfo self() {
        return self;
    }

    /**
     * The tournament of a passage, or where to ask for it.
     *
     * @param localOnly never redirect: the request was forwarded here as the owner. If ownership moved in
     *                  between, say so (retry) rather than bounce the request on or answer 404 for a passage
     *                  another instance has.
     */
    public Lookup find(String passageId, boolean localOnly) {
        Unavailable notRunning = unlessRunning();
        if (notRunning != null) {
            return notRunning;
        }
        try {
            KeyQueryMetadata owner = streams.queryMetadataForKey(EloTopology.TOURNAMENTS_STORE, passageId,
                    Serdes.String().serializer());
            if (owner == null || KeyQueryMetadata.NOT_AVAILABLE.equals(owner)) {
                return new Unavailable("no instance owns passage " + passageId + " right now (rebalancing)");
            }
            if (!self.equals(owner.activeHost())) {
                return localOnly
                        ? new Unavailable("passage " + passageId + " is owned by " + owner.activeHost().host() + ":"
                                + owner.activeHost().port() + ", not by this instance; retry")
                        : new Remote(owner.activeHost());
            }
            return found(store(StoreQueryParameters.fromNameAndType(EloTopology.TOURNAMENTS_STORE,
                    QueryableStoreTypes.<String, Tournament>keyValueStore()).withPartition(owner.partition()))
                    .get(passageId));
        } catch (InvalidStateStoreException e) {
            return new Unavailable("tournaments store not queryable right now: " + e.getMessage());
        }
    }

    /**
     * Every tournament this instance hosts (active tasks only); empty when it hosts no partition.
     *
     * @throws UnavailableException when the instance is not RUNNING or its stores are being moved
     */
    public List<Tournament> local() {
        requireRunning();
        if (!hostsAPartition()) {
            return List.of();
        }
        List<Tournament> out = new ArrayList<>();
        try (KeyValueIterator<String, Tournament> it = store(StoreQueryParameters.fromNameAndType(
                EloTopology.TOURNAMENTS_STORE, QueryableStoreTypes.<String, Tournament>keyValueStore())).all()) {
            it.forEachRemaining(kv -> out.add(kv.value));
        } catch (InvalidStateStoreException e) {
            throw new UnavailableException("tournaments store not queryable right now: " + e.getMessage());
        }
        return out;
    }

    /** Approximate number of tournaments hosted here (RocksDB estimate); NaN when not queryable. */
    public double localCountEstimate() {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            return Double.NaN;
        }
        try {
            if (!hostsAPartition()) {
                return 0;
            }
            return store(StoreQueryParameters.fromNameAndType(EloTopology.TOURNAMENTS_STORE,
                    QueryableStoreTypes.<String, Tournament>keyValueStore())).approximateNumEntries();
        } catch (InvalidStateStoreException e) {
            return Double.NaN;
        }
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

    /** Whether this instance has an active partition of the tournaments store (another may hold them all). */
    private boolean hostsAPartition() {
        return streams.streamsMetadataForStore(EloTopology.TOURNAMENTS_STORE).stream()
                .anyMatch(m -> self.equals(m.hostInfo()) && !m.topicPartitions().isEmpty());
    }

    private Unavailable unlessRunning() {
        KafkaStreams.State state = streams.state();
        return state == KafkaStreams.State.RUNNING ? null
                : new Unavailable("the Elo service is " + state + ", not RUNNING; retry shortly");
    }

    private void requireRunning() {
        Unavailable notRunning = unlessRunning();
        if (notRunning != null) {
            throw new UnavailableException(notRunning.reason());
        }
    }

    private ReadOnlyKeyValueStore<String, Tournament> store(
            StoreQueryParameters<ReadOnlyKeyValueStore<String, Tournament>> parameters) {
        return streams.store(parameters);
    }

    private static Lookup found(Tournament t) {
        return t == null ? new NotFound() : new Found(t);
    }

    /** Thrown by the whole-store queries when the instance cannot answer now. */
    public static final class UnavailableException extends RuntimeException {
        public UnavailableException(String reason) {
            super(reason);
        }
    }
}
