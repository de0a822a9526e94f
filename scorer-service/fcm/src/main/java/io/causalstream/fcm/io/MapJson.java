package io.causalstream.fcm.io;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.causalstream.fcm.model.CognitiveMap;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;

/**
 * A map as JSON: {@code {"id", "concepts": [{"id", "label", "aliases"}], "edges": [{"source", "target", "weight",
 * "support": {...}, "provenance": [{passageId, annotationId, annotatorId, ..., spans}]}], "merges": [...]}} — the
 * records' own shape, everything kept. Reading checks the same invariants as building a map.
 */
public final class MapJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public static String write(CognitiveMap map) {
        try {
            return MAPPER.writeValueAsString(map);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void write(CognitiveMap map, Writer out) throws IOException {
        MAPPER.writeValue(out, map);
    }

    public static CognitiveMap read(Reader in) throws IOException {
        return MAPPER.readValue(in, CognitiveMap.class);
    }

    public static CognitiveMap read(String json) throws IOException {
        return MAPPER.readValue(json, CognitiveMap.class);
    }

    /** The mapper the library serialises with (maps, simulation results, indices). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private MapJson() {
    }
}
