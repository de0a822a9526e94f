package io.causalstream.scorer.maps;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.runtime.InteractiveQueries;
import io.causalstream.runtime.web.Peers;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The maps of the scorer's query store ({@value MapStores#SNAPSHOTS}, the maps themselves in {@link MapViews}); a
 * map lives in one partition, hence on one instance, found with {@link InteractiveQueries}: a map another instance
 * owns is fetched from it ({@link Peers}), listings ask every instance, so any instance answers for all of them.
 * While the store is not queryable the answer is 503.
 */
public final class StreamsMapDirectory implements MapDirectory {

    private final Supplier<KafkaStreams> streams;
    private final Supplier<HostInfo> self;
    private final MapViews views;
    private final Peers peers;

    public StreamsMapDirectory(Supplier<KafkaStreams> streams, Supplier<HostInfo> self, MapViews views, Peers peers) {
        this.streams = streams;
        this.self = self;
        this.views = views;
        this.peers = peers;
    }

    private KafkaStreams running() {
        KafkaStreams ks = streams.get();
        if (ks == null || !ks.state().isRunningOrRebalancing()) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "stream processing is not running");
        }
        return ks;
    }

    private static ReadOnlyKeyValueStore<String, String> store(KafkaStreams ks) {
        try {
            return ks.store(StoreQueryParameters.fromNameAndType(MapStores.SNAPSHOTS,
                    QueryableStoreTypes.keyValueStore()));
        } catch (InvalidStateStoreException e) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "maps are not queryable right now: "
                    + e.getMessage());
        }
    }

    @Override
    public Optional<CognitiveMap> fetch(String mapId, boolean hereOnly) {
        KafkaStreams ks = running();
        switch (InteractiveQueries.route(ks, MapStores.SNAPSHOTS, mapId, self.get())) {
            case InteractiveQueries.Unknown u ->
                    throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "the owner of map " + mapId
                            + " is not known yet");
            case InteractiveQueries.Remote owner -> {
                if (hereOnly) {
                    throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "map " + mapId
                            + " has moved to another instance; ask again");
                }
                return fromOwner(owner.host(), mapId);
            }
            case InteractiveQueries.Local here -> {
                // every partition's maps are in one store here
            }
        }
        try {
            if (store(ks).get(mapId) == null) {
                return Optional.empty();
            }
            // the header says the map is served here; the map itself is in the views (a task that has just
            // arrived fills them at its first punctuation)
            return Optional.of(views.get(mapId).orElseThrow(() -> new MapsApi.Refused(
                    HttpStatus.SERVICE_UNAVAILABLE, "map " + mapId + " is being restored here; ask again shortly"))
                    .map());
        } catch (InvalidStateStoreException e) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "maps are not queryable right now: "
                    + e.getMessage());
        }
    }

    private Optional<CognitiveMap> fromOwner(HostInfo owner, String mapId) {
        HttpResponse<String> answer = ask(owner, "/api/maps/" + mapId);
        if (answer.statusCode() == 404) {
            return Optional.empty();
        }
        if (answer.statusCode() != 200) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "the owner of map " + mapId + " answered "
                    + answer.statusCode());
        }
        try {
            return Optional.of(MapJson.read(answer.body()));
        } catch (IOException e) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "the owner of map " + mapId
                    + " sent an unreadable map: " + e.getMessage());
        }
    }

    @Override
    public List<MapSnapshot> headers(boolean localOnly) {
        KafkaStreams ks = running();
        List<MapSnapshot> out = new ArrayList<>();
        try (KeyValueIterator<String, String> it = store(ks).all()) {
            it.forEachRemaining(kv -> out.add(MapSnapshot.header(kv.key, kv.value)));
        } catch (InvalidStateStoreException e) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, "maps are not queryable right now: "
                    + e.getMessage());
        }
        HostInfo me = self.get();
        if (localOnly || me == null) {
            return out;
        }
        for (StreamsMetadata other : ks.streamsMetadataForStore(MapStores.SNAPSHOTS)) {
            if (other.hostInfo().equals(me)) {
                continue;
            }
            HttpResponse<String> answer = ask(other.hostInfo(), "/api/maps");
            if (answer.statusCode() != 200) {
                throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, other.hostInfo() + " answered "
                        + answer.statusCode());
            }
            JsonNode maps;
            try {
                maps = MapJson.mapper().readTree(answer.body()).path("maps");
            } catch (IOException e) {
                throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, other.hostInfo() + " sent unreadable JSON");
            }
            for (JsonNode m : maps) {
                out.add(new MapSnapshot(m.path("id").asText(), m.path("updated").asLong(),
                        m.path("concepts").asInt(), m.path("edges").asInt(), m.path("contributions").asInt(), null));
            }
        }
        return out;
    }

    /** GET {@code path} on another instance, answered from its own store ({@code local=true}). */
    private HttpResponse<String> ask(HostInfo host, String path) {
        try {
            return peers.get(host, path, "", null);
        } catch (Peers.PeerException e) {
            throw new MapsApi.Refused(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        }
    }
}
