package io.causalstream.scorer.maps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.model.CognitiveMap;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A map as the query store keeps it: a one-line header (updated time, counts) and the map in the library's JSON
 * ({@link MapJson}, compact), so that listing maps reads only headers and a whole map is served as stored.
 *
 * @param json {@link MapJson}'s shape of the whole map, full provenance
 */
public record MapSnapshot(String id, long updated, int concepts, int edges, int contributions, String json) {

    private static final ObjectWriter COMPACT = MapJson.mapper().writer()
            .without(SerializationFeature.INDENT_OUTPUT);

    public static MapSnapshot of(CognitiveMap map, long updated, int contributions) {
        try {
            return new MapSnapshot(map.id(), updated, map.concepts().size(), map.edges().size(), contributions,
                    COMPACT.writeValueAsString(map));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The store value: {@code updated concepts edges contributions\n} then the JSON. */
    public String encode() {
        return updated + " " + concepts + " " + edges + " " + contributions + "\n" + json;
    }

    public static MapSnapshot decode(String id, String value) {
        int nl = value.indexOf('\n');
        String[] h = value.substring(0, nl).split(" ");
        return new MapSnapshot(id, Long.parseLong(h[0]), Integer.parseInt(h[1]), Integer.parseInt(h[2]),
                Integer.parseInt(h[3]), value.substring(nl + 1));
    }

    /** Only the header (no JSON): cheap, for listings. */
    public static MapSnapshot header(String id, String value) {
        int nl = value.indexOf('\n');
        String[] h = value.substring(0, nl).split(" ");
        return new MapSnapshot(id, Long.parseLong(h[0]), Integer.parseInt(h[1]), Integer.parseInt(h[2]),
                Integer.parseInt(h[3]), null);
    }

    public CognitiveMap map() {
        try {
            return MapJson.read(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
