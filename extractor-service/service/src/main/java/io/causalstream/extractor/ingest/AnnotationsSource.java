package io.causalstream.extractor.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.text.files.Csv;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ingest annotations}: human annotations, the released JSON format or CSV. */
@Command(name = "annotations", mixinStandardHelpOptions = true,
        description = "Human annotations (annotator kind HUMAN) to 'extractions': the released annotation JSON "
                + "([{text, \"causal relations\": [{src, tgt, direction}], meta_data: {labeler}}]) or CSV "
                + "(the released split columns, or text,source,target,direction).")
final class AnnotationsSource extends IngestSource {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--annotator", description = "Annotator id (default: the file's meta_data.labeler, or "
            + "the CSV's annotator column, or the file name).")
    String annotator;

    @Option(names = "--kind", defaultValue = "HUMAN", description = "HUMAN, MODEL or RULES (default: "
            + "${DEFAULT-VALUE}).")
    AnnotatorKind kind;

    private record Annotation(String text, String annotator, List<Triple> triples) {
    }

    private List<Annotation> annotations;
    private int droppedRelations;

    @Override
    String what() {
        return "annotations";
    }

    @Override
    long total() throws IOException {
        annotations = file.toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? fromCsv() : fromJson();
        return annotations.size();
    }

    @Override
    void read() throws InterruptedException {
        for (Annotation a : annotations) {
            annotation(a.text(), a.annotator(), kind, a.triples());
        }
        if (droppedRelations > 0) {
            io.err().println("\n" + droppedRelations + " relations without a known direction or with a blank "
                    + "node were left out");
        }
    }

    private String defaultAnnotator() {
        String name = file.getFileName().toString();
        return name.substring(0, name.lastIndexOf('.') < 0 ? name.length() : name.lastIndexOf('.'));
    }

    private List<Annotation> fromJson() throws IOException {
        JsonNode root;
        try (BufferedReader in = open(file)) {
            root = JSON.readTree(in);
        }
        List<Annotation> out = new ArrayList<>();
        for (JsonNode item : root.isArray() ? root : JSON.createArrayNode().add(root)) {
            String who = annotator != null ? annotator
                    : item.path("meta_data").path("labeler").asText(defaultAnnotator());
            List<Triple> triples = new ArrayList<>();
            for (JsonNode r : item.path("causal relations")) {
                Records.triple(r.path("src").asText(null), r.path("tgt").asText(null),
                        r.path("direction").asText("")).ifPresentOrElse(triples::add, () -> droppedRelations++);
            }
            out.add(new Annotation(item.path("text").asText(""), who, triples));
        }
        return out;
    }

    private List<Annotation> fromCsv() throws IOException {
        List<Map<String, String>> rows;
        try (BufferedReader in = open(file)) {
            rows = Csv.maps(in);
        }
        // one annotation per (text, annotator), rows in file order
        Map<List<String>, List<Triple>> grouped = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            String text = first(row, ReleasedSplit.TEXT, "text", "passage");
            String who = annotator != null ? annotator
                    : Optional.ofNullable(first(row, "annotator", "labeler")).filter(s -> !s.isBlank())
                    .orElse(defaultAnnotator());
            List<Triple> triples = grouped.computeIfAbsent(List.of(text == null ? "" : text, who),
                    k -> new ArrayList<>());
            Records.triple(first(row, ReleasedSplit.SOURCE, "source", "src"),
                    first(row, ReleasedSplit.TARGET, "target", "tgt"),
                    Optional.ofNullable(first(row, ReleasedSplit.RELATION, "direction", "relation")).orElse(""))
                    .ifPresentOrElse(triples::add, () -> droppedRelations++);
        }
        List<Annotation> out = new ArrayList<>();
        grouped.forEach((key, triples) -> out.add(new Annotation(key.get(0), key.get(1), triples)));
        return out;
    }

    private static String first(Map<String, String> row, String... columns) {
        for (String c : columns) {
            if (row.containsKey(c)) {
                return row.get(c);
            }
        }
        return null;
    }
}
