package io.causalstream.wikicausal;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.text.files.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code scored-graphs} as {@code deploy/read-topic scored-graphs} prints it (one {@code {"key", "value"}}
 * JSON object per line) and keeps the latest record per (passage, annotation), as the compacted topic would. What
 * WikiCausal and the collective maps need is read back: the edges with their labels, direction, evidence spans,
 * confidence, validation and strength, and the annotator.
 */
public final class ScoredGraphsFile {

    public static List<ScoredGraph> read(Path file) throws IOException {
        Map<String, ScoredGraph> latest = new LinkedHashMap<>();
        JsonLines.forEach(file, (object, line) -> {
            JsonNode value = object.path("value");
            if (!value.path("edges").isArray()) {
                throw new IOException(file + ":" + line + ": not a scored-graphs record (no value.edges)");
            }
            ScoredGraph graph = graph(value);
            latest.put(graph.getPassageId() + "\u0000" + graph.getAnnotationId(), graph);
        });
        return new ArrayList<>(latest.values());
    }

    private static ScoredGraph graph(JsonNode value) {
        List<ScoredEdge> edges = new ArrayList<>();
        for (JsonNode e : value.path("edges")) {
            JsonNode t = e.path("triple");
            List<EvidenceSpan> spans = new ArrayList<>();
            for (JsonNode span : t.path("evidence")) {
                spans.add(new EvidenceSpan(span.path("start").asInt(), span.path("end").asInt()));
            }
            edges.add(ScoredEdge.newBuilder()
                    .setTriple(Triple.newBuilder().setSource(t.path("source").asText())
                            .setTarget(t.path("target").asText())
                            .setDirection(Direction.valueOf(t.path("direction").asText("INCREASE")))
                            .setEvidence(spans)
                            .setConfidence(t.path("confidence").isNumber() ? t.path("confidence").asDouble() : null)
                            .build())
                    .setStrength(e.path("strength").isNumber() ? e.path("strength").asDouble() : null)
                    .setValidation(ValidationState.valueOf(e.path("validation").asText("UNCHECKED")))
                    .build());
        }
        JsonNode annotator = value.path("annotator");
        return ScoredGraph.newBuilder()
                .setPassageId(value.path("passageId").asText())
                .setAnnotationId(value.path("annotationId").asText())
                .setAnnotator(Annotator.newBuilder().setId(annotator.path("id").asText())
                        .setKind(AnnotatorKind.valueOf(annotator.path("kind").asText("MODEL"))).build())
                .setEdges(edges)
                .setScores(List.of())
                .setScoredAt(Instant.ofEpochMilli(value.path("scoredAt").asLong(0)))
                .build();
    }

    private ScoredGraphsFile() {
    }
}
