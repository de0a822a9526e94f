package io.causalstream.research.extraction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Curators' corrections as training data: JSON Lines, one corrected annotation a line, as
 * {@code deploy/causal-stream curation-export} writes them from the {@code extractions} and {@code passages} topics:
 * <pre>
 * {"passageId":"p1","annotationId":"curated-Ann-3f2a...","curatorId":"Ann","fromAnnotationId":"model",
 *  "nothingCausal":false,"gold":true,"text":"...","triples":[{"source":"...","target":"...","direction":"INCREASE"}]}
 * </pre>
 * {@code triples} may be empty (the passage asserts nothing causal: a negative example). A malformed line fails the
 * whole file with its line number.
 */
public final class CuratedAnnotations {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One curated annotation with its passage text. */
    public record Curated(String passageId, String annotationId, String curatorId, String text, List<Triple> triples) {

        public GoldPassage passage() {
            return new GoldPassage(text, triples);
        }
    }

    /** The export line of a corrected annotation (one with a derivation) of a passage with that text. */
    public static String line(Extraction annotation, String text) {
        ObjectNode o = JSON.createObjectNode();
        o.put("passageId", annotation.getPassageId());
        o.put("annotationId", annotation.getAnnotationId());
        o.put("curatorId", annotation.getAnnotator().getId());
        if (annotation.getDerivation() != null) {
            o.put("fromAnnotationId", annotation.getDerivation().getFromAnnotationId());
            o.put("nothingCausal", annotation.getDerivation().getNothingCausal());
            o.put("gold", annotation.getDerivation().getGold());
        }
        o.put("text", text);
        ArrayNode triples = o.putArray("triples");
        for (Triple t : annotation.getTriples()) {
            triples.addObject().put("source", t.getSource()).put("target", t.getTarget())
                    .put("direction", t.getDirection().name());
        }
        return o.toString();
    }

    public static List<Curated> read(Path file) throws IOException {
        List<Curated> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int n = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    out.add(parse(JSON.readTree(line)));
                } catch (IOException | RuntimeException e) {
                    throw new IllegalArgumentException(file + " line " + n + ": not a curated annotation ("
                            + e.getMessage() + ")");
                }
            }
        }
        return out;
    }

    private static Curated parse(JsonNode o) {
        String text = required(o, "text");
        List<Triple> triples = new ArrayList<>();
        for (JsonNode t : o.path("triples")) {
            String d = required(t, "direction").toUpperCase(Locale.ROOT);
            triples.add(Triple.newBuilder().setSource(required(t, "source")).setTarget(required(t, "target"))
                    .setDirection(Direction.valueOf(d)).build());
        }
        return new Curated(required(o, "passageId"), required(o, "annotationId"), o.path("curatorId").asText(""),
                text, triples);
    }

    private static String required(JsonNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException("no " + field);
        }
        return v.asText();
    }

    private CuratedAnnotations() {
    }
}
