package io.causalstream.elo;

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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The released data of the soft-measures Elo study (test resources {@code soft-measures/}, see the README there),
 * read into the Avro contract. Passage number n becomes {@code <prefix>elo-nn}, so tests sharing a broker can keep
 * their replays apart.
 */
public final class SoftMeasuresData {

    /** The order in which the authors replayed the rater files (their notebook; reproduces both tables). */
    public static final int[] AUTHORS_ORDER = {1, 6, 7, 5, 4, 3, 2};
    public static final List<String> PLAYERS = List.of("llama2", "llama3", "mistral", "Human1", "Human2", "Human3",
            "Human4", "Human5", "Human6", "Human7");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2024-06-01T00:00:00Z");

    /** One raw record of a judgment file. */
    public record RawJudgment(int file, String key, String left, String right, int passage, String winner) {
        public Outcome outcome() {
            return "Tie".equals(winner) ? Outcome.TIE : winner.equals(left) ? Outcome.LEFT : Outcome.RIGHT;
        }

        public String raterId() {
            return "Human" + file;
        }
    }

    /** One row of a published table: passage number, Elo per player, winner. */
    public record PublishedRow(int passage, String sentenceStart, Map<String, Double> elo, String winner) {
    }

    public static String passageId(String prefix, int passage) {
        return String.format("%selo-%02d", prefix, passage);
    }

    /** The records of {@code kind} ("elo" or "rater") files, in the authors' order and file order. */
    public static List<RawJudgment> raw(String kind) {
        List<RawJudgment> out = new ArrayList<>();
        for (int h : AUTHORS_ORDER) {
            JsonNode file = read("soft-measures/" + kind + "/h" + h + "_" + kind + ".json");
            for (Iterator<Map.Entry<String, JsonNode>> it = file.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                out.add(new RawJudgment(h, e.getKey(), v.get(1).get(0).asText(), v.get(1).get(1).asText(),
                        v.get(2).asInt(), v.get(3).asText()));
            }
        }
        return out;
    }

    /** The judgments as Avro records: id {@code <prefix>hN-<key>}, one second apart in replay order. */
    public static List<Judgment> judgments(String kind, String prefix) {
        List<Judgment> out = new ArrayList<>();
        int i = 0;
        for (RawJudgment r : raw(kind)) {
            out.add(Judgment.newBuilder().setJudgmentId(prefix + kind + "-h" + r.file() + "-" + r.key())
                    .setPassageId(passageId(prefix, r.passage())).setRaterId(r.raterId())
                    .setLeft(r.left()).setRight(r.right()).setOutcome(r.outcome())
                    .setTime(T0.plusSeconds(i++)).build());
        }
        return out;
    }

    public static List<Passage> passages(String prefix) {
        List<Passage> out = new ArrayList<>();
        for (JsonNode n : lines("soft-measures/passages.jsonl")) {
            out.add(Passage.newBuilder().setId(prefix + n.get("id").asText()).setText(n.get("text").asText())
                    .setPublishedAt(T0).build());
        }
        return out;
    }

    public static List<Extraction> annotations(String prefix) {
        List<Extraction> out = new ArrayList<>();
        for (JsonNode n : lines("soft-measures/annotations.jsonl")) {
            List<Triple> triples = new ArrayList<>();
            for (JsonNode t : n.get("triples")) {
                triples.add(Triple.newBuilder().setSource(t.get("source").asText())
                        .setTarget(t.get("target").asText())
                        .setDirection(Direction.valueOf(t.get("direction").asText())).build());
            }
            String id = n.get("annotationId").asText();
            out.add(Extraction.newBuilder().setPassageId(prefix + n.get("passageId").asText()).setAnnotationId(id)
                    .setAnnotator(Annotator.newBuilder().setId(n.get("annotator").get("id").asText())
                            .setKind(AnnotatorKind.valueOf(n.get("annotator").get("kind").asText())).build())
                    .setTriples(triples).setCreatedAt(T0).build());
        }
        return out;
    }

    /** A published table; rows are passages 1..20 in file order (the authors' notebook builds them that way). */
    public static List<PublishedRow> published(String csvName) {
        List<List<String>> rows = Csv.parse(text("soft-measures/" + csvName));
        List<String> header = rows.get(0);
        List<PublishedRow> out = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> row = rows.get(i);
            Map<String, Double> elo = new LinkedHashMap<>();
            for (int c = 1; c < header.size() - 1; c++) {
                elo.put(header.get(c), Double.parseDouble(row.get(c)));
            }
            out.add(new PublishedRow(i, row.get(0), elo, row.get(header.size() - 1)));
        }
        return out;
    }

    private static List<JsonNode> lines(String resource) {
        List<JsonNode> out = new ArrayList<>();
        for (String line : text(resource).split("\n")) {
            if (!line.isBlank()) {
                try {
                    out.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return out;
    }

    private static JsonNode read(String resource) {
        try {
            return JSON.readTree(text(resource));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(String resource) {
        try (InputStream in = SoftMeasuresData.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + resource + " missing");
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                StringBuilder s = new StringBuilder();
                r.lines().forEach(l -> s.append(l).append('\n'));
                return s.toString();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SoftMeasuresData() {
    }
}
