package io.causalstream.deploy.demo;

import io.causalstream.text.files.Csv;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The bundled sample of the soft-measures paper's Elo study (CC-BY 4.0, see resources/demo/README.md): 20 passages,
 * their 10 annotations (7 people, 3 LLMs) and the 900 released human judgments, in the authors' replay order.
 */
public record SampleData(List<Passage> passages, List<Extraction> annotations, List<Judgment> judgments,
                         Map<String, String> publishedWinners) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static SampleData load() {
        Instant now = Instant.now();
        List<Passage> passages = readJsonLines("demo/passages.jsonl", n -> {
            Map<String, String> metadata = new HashMap<>();
            n.path("metadata").properties().forEach(e -> metadata.put(e.getKey(), e.getValue().asText()));
            return Passage.newBuilder().setId(n.get("id").asText()).setText(n.get("text").asText())
                    .setMetadata(metadata).setPublishedAt(now).build();
        });
        List<Extraction> annotations = readJsonLines("demo/annotations.jsonl", n -> {
            JsonNode a = n.get("annotator");
            List<Triple> triples = new ArrayList<>();
            n.get("triples").forEach(t -> triples.add(Triple.newBuilder().setSource(t.get("source").asText())
                    .setTarget(t.get("target").asText()).setDirection(Direction.valueOf(t.get("direction").asText()))
                    .build()));
            return Extraction.newBuilder().setPassageId(n.get("passageId").asText())
                    .setAnnotationId(n.get("annotationId").asText())
                    .setAnnotator(Annotator.newBuilder().setId(a.get("id").asText())
                            .setKind(AnnotatorKind.valueOf(a.get("kind").asText()))
                            .setModel(a.path("model").isTextual() ? a.get("model").asText() : null).build())
                    .setTriples(triples).setCreatedAt(now).build();
        });
        List<Judgment> judgments = readJsonLines("demo/judgments.jsonl", n -> Judgment.newBuilder()
                .setJudgmentId(n.get("judgmentId").asText()).setPassageId(n.get("passageId").asText())
                .setRaterId(n.get("raterId").asText()).setLeft(n.get("left").asText())
                .setRight(n.get("right").asText()).setOutcome(Outcome.valueOf(n.get("outcome").asText()))
                .setTime(now).build());
        Map<String, String> winners = new LinkedHashMap<>();
        Csv.parse(String.join("\n", readLines("demo/published_winners.csv"))).stream().skip(1)
                .forEach(cells -> winners.put(cells.get(0), cells.get(1)));
        return new SampleData(passages, annotations, judgments, winners);
    }

    private static <T> List<T> readJsonLines(String resource, Function<JsonNode, T> mapper) {
        List<T> out = new ArrayList<>();
        for (String line : readLines(resource)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(mapper.apply(JSON.readTree(line)));
            } catch (IOException e) {
                throw new UncheckedIOException("bad line in " + resource + ": " + line, e);
            }
        }
        return out;
    }

    private static List<String> readLines(String resource) {
        InputStream in = SampleData.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing resource " + resource);
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
