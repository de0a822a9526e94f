package io.causalstream.research.extraction;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.measures.Edge;
import io.causalstream.schemas.graph.Direction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads held-out sets: JSON Lines, one passage a line,
 * {@code {"id":"rp-01","domain":"energy","text":"...",
 * "triples":[{"source":"...","target":"...","direction":"INCREASE"}]}}.
 * {@code triples} may be empty (a passage that asserts nothing causal); {@code domain} may be missing. A malformed
 * line (no id or text, a duplicate id, a blank node, a direction other than INCREASE or DECREASE) fails the whole
 * file with its name and line number: a gold set is either read as written or not at all.
 *
 * <p>The shipped set ({@link #shipped()}) is {@code heldout/realistic-passages-v1.jsonl}, written for this project and
 * used only for reporting; its README gives the annotation rules.
 */
public final class HeldOutPassages {

    /** The shipped set's resource name. */
    public static final String SHIPPED_NAME = "realistic-passages-v1.jsonl";

    /** The shipped set on the classpath. */
    public static final String SHIPPED = "/io/causalstream/research/extraction/heldout/" + SHIPPED_NAME;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The shipped realistic passages, v1. */
    public static List<HeldOutPassage> shipped() {
        return resource(SHIPPED, "the held-out set");
    }

    /**
     * A set in this format shipped on the classpath at {@code path}; {@code what} names it when it is missing, and
     * its file name names it in errors.
     */
    public static List<HeldOutPassage> resource(String path, String what) {
        InputStream in = HeldOutPassages.class.getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException(what + " " + path + " is not on the classpath");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return read(reader, path.substring(path.lastIndexOf('/') + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A held-out file of one's own, in the same format. */
    public static List<HeldOutPassage> read(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString());
        }
    }

    static List<HeldOutPassage> read(BufferedReader reader, String name) throws IOException {
        List<HeldOutPassage> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            String where = name + " line " + number;
            JsonNode o;
            try {
                o = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(where + ": not JSON: " + e.getOriginalMessage(), e);
            }
            HeldOutPassage p = passage(o, where);
            if (!ids.add(p.id())) {
                throw new IllegalArgumentException(where + ": duplicate id '" + p.id() + "'");
            }
            out.add(p);
        }
        return out;
    }

    private static HeldOutPassage passage(JsonNode o, String where) {
        if (!o.isObject()) {
            throw new IllegalArgumentException(where + ": expected a JSON object");
        }
        String id = required(o, "id", where);
        String text = required(o, "text", where);
        String domain = o.hasNonNull("domain") ? o.get("domain").asText().strip() : "";
        JsonNode triples = o.get("triples");
        if (triples == null || !triples.isArray()) {
            throw new IllegalArgumentException(where + ": 'triples' must be an array (empty when nothing is claimed)");
        }
        List<Edge> gold = new ArrayList<>();
        for (JsonNode t : triples) {
            String at = where + " (" + id + ", triple " + (gold.size() + 1) + ")";
            if (!t.isObject()) {
                throw new IllegalArgumentException(at + ": expected an object");
            }
            gold.add(new Edge(required(t, "source", at), required(t, "target", at), direction(t, at)));
        }
        return new HeldOutPassage(id, domain, text, gold);
    }

    private static String required(JsonNode o, String field, String where) {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(where + ": '" + field + "' must be a non-blank string");
        }
        return v.asText().strip();
    }

    private static Direction direction(JsonNode t, String where) {
        String d = t.hasNonNull("direction") ? t.get("direction").asText() : "";
        return switch (d) {
            case "INCREASE" -> Direction.INCREASE;
            case "DECREASE" -> Direction.DECREASE;
            default -> throw new IllegalArgumentException(where + ": direction must be INCREASE or DECREASE, got '"
                    + d + "'");
        };
    }

    private HeldOutPassages() {
    }
}
