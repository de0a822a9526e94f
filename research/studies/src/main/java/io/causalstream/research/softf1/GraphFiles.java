package io.causalstream.research.softf1;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.measures.RawEdge;
import io.causalstream.text.files.Csv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads causal graphs from files, edges kept as written ({@link RawEdge}). Accepted shapes:
 * <ul>
 *   <li><b>the authors' annotation JSON</b>: an array of {@code {"text", "causal relations": [{"src", "tgt",
 *       "direction"}]}}, one element per passage; passage ids are the 1-based positions ("1", "2" ...);</li>
 *   <li><b>extraction JSON / JSON Lines</b>: objects (an array, or one per line) {@code {"passageId",
 *       "annotationId"?, "triples": [{"source", "target", "direction"}]}}, as the demo data and the
 *       {@code extractions} topic's JSON form;</li>
 *   <li><b>CSV</b> with a header row: {@code source} (or {@code src}), {@code target} (or {@code tgt}),
 *       {@code direction}, optionally {@code passage} / {@code passage_id} / {@code passageId} and
 *       {@code annotator} / {@code annotationId}; rows of one passage and annotator form one graph, a missing
 *       passage column means one passage "1".</li>
 * </ul>
 */
public final class GraphFiles {

    /** One graph of a file: passage id, annotator (null when the file does not say) and edges. */
    public record FileGraph(String passage, String annotator, List<RawEdge> edges) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    public static List<FileGraph> read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return readCsv(text, file);
        }
        String trimmed = text.strip();
        if (trimmed.startsWith("[")) {
            JsonNode root = JSON.readTree(trimmed);
            if (root.size() > 0 && root.get(0).has("causal relations")) {
                return readAuthorsFormat(root);
            }
            List<FileGraph> out = new ArrayList<>();
            root.forEach(n -> out.add(extraction(n)));
            return out;
        }
        List<FileGraph> out = new ArrayList<>();
        for (String line : trimmed.split("\\R")) {
            if (!line.isBlank()) {
                out.add(extraction(JSON.readTree(line)));
            }
        }
        return out;
    }

    private static List<FileGraph> readAuthorsFormat(JsonNode root) {
        List<FileGraph> out = new ArrayList<>();
        int i = 1;
        for (JsonNode passage : root) {
            List<RawEdge> edges = new ArrayList<>();
            for (JsonNode r : passage.path("causal relations")) {
                edges.add(new RawEdge(r.path("src").asText(), r.path("tgt").asText(), r.path("direction").asText()));
            }
            String annotator = passage.path("meta_data").path("labeler").asText(null);
            out.add(new FileGraph(Integer.toString(i++), annotator, edges));
        }
        return out;
    }

    private static FileGraph extraction(JsonNode n) {
        List<RawEdge> edges = new ArrayList<>();
        for (JsonNode t : n.path("triples")) {
            edges.add(new RawEdge(t.path("source").asText(), t.path("target").asText(), t.path("direction").asText()));
        }
        String annotator = n.hasNonNull("annotationId") ? n.get("annotationId").asText() : null;
        return new FileGraph(n.path("passageId").asText("1"), annotator, edges);
    }

    private static List<FileGraph> readCsv(String text, Path file) throws IOException {
        List<List<String>> rows = Csv.parse(text);
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> header = rows.get(0).stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).toList();
        int source = column(header, "source", "src");
        int target = column(header, "target", "tgt");
        int direction = column(header, "direction");
        int passage = column(header, "passage", "passage_id", "passageid");
        int annotator = column(header, "annotator", "annotationid", "annotation_id");
        if (source < 0 || target < 0 || direction < 0) {
            throw new IOException(file + ": CSV needs source, target and direction columns, header is " + header);
        }
        Map<List<String>, List<RawEdge>> graphs = new LinkedHashMap<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.size() == 1 && row.get(0).isBlank()) {
                continue;
            }
            String p = passage >= 0 ? field(row, passage) : "1";
            String a = annotator >= 0 ? field(row, annotator) : null;
            graphs.computeIfAbsent(java.util.Arrays.asList(p, a), k -> new ArrayList<>())
                    .add(new RawEdge(field(row, source), field(row, target), field(row, direction)));
        }
        List<FileGraph> out = new ArrayList<>();
        graphs.forEach((k, edges) -> out.add(new FileGraph(k.get(0), k.get(1), edges)));
        return out;
    }

    private static int column(List<String> header, String... names) {
        for (String n : names) {
            int i = header.indexOf(n);
            if (i >= 0) {
                return i;
            }
        }
        return -1;
    }

    private static String field(List<String> row, int i) {
        return i < row.size() ? row.get(i) : "";
    }

    private GraphFiles() {
    }
}
