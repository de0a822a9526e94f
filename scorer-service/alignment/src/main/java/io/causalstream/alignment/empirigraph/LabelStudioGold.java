package io.causalstream.alignment.empirigraph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.alignment.EdgeType;
import io.causalstream.alignment.PythonStrings;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.Validation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Gold graphs from a Label Studio JSON export (EmpiriGraph's {@code EmpiriGraph-Psy_gold_annotation.json}), read as
 * the reference's {@code parse_gt_graph} reads them, from each task's first annotation:
 * <ul>
 *   <li>a node per {@code labels} result labelled {@code Variable}; its id is the result id, its label the marked
 *       text, replaced by the annotator's {@code var_name} text when that is not blank;</li>
 *   <li>an edge per label of each {@code relation} result between two such nodes, from {@code from_id} to
 *       {@code to_id} (Label Studio's display direction is ignored, as in the reference); the type from the label
 *       ({@link EdgeType#fromAnnotationLabel}), the state from the label text, validated when it names none; labels of
 *       unknown type are ignored.</li>
 * </ul>
 * Tasks without annotations give empty graphs.
 */
public final class LabelStudioGold {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Gold graphs keyed by task id, in file order. */
    public static Map<Integer, TypedGraph> read(Path file) {
        try {
            return parse(JSON.readTree(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static Map<Integer, TypedGraph> parse(JsonNode tasks) {
        Map<Integer, TypedGraph> graphs = new LinkedHashMap<>();
        for (JsonNode task : tasks) {
            if (task.hasNonNull("id")) {
                graphs.put(task.get("id").asInt(), graph(task));
            }
        }
        return graphs;
    }

    /** The gold graph of one task. */
    public static TypedGraph graph(JsonNode task) {
        TypedGraph g = new TypedGraph();
        JsonNode annotations = task.path("annotations");
        if (!annotations.isArray() || annotations.isEmpty()) {
            return g;
        }
        JsonNode results = annotations.get(0).path("result");
        Map<String, String> variables = new LinkedHashMap<>();
        for (JsonNode r : results) {
            if ("labels".equals(r.path("type").asText()) && contains(r.path("value").path("labels"), "Variable")) {
                variables.put(r.path("id").asText(), PythonStrings.strip(r.path("value").path("text").asText("")));
            }
        }
        for (JsonNode r : results) {
            String id = r.path("id").asText();
            if ("textarea".equals(r.path("type").asText()) && "var_name".equals(r.path("from_name").asText())
                    && variables.containsKey(id)) {
                JsonNode text = r.path("value").path("text");
                String name = text.isArray() ? (text.isEmpty() ? "" : text.get(0).asText("")) : text.asText("");
                if (!PythonStrings.strip(name).isEmpty()) {
                    variables.put(id, PythonStrings.strip(name));
                }
            }
        }
        variables.forEach(g::addNode);
        for (JsonNode r : results) {
            if (!"relation".equals(r.path("type").asText())) {
                continue;
            }
            String from = r.path("from_id").asText("");
            String to = r.path("to_id").asText("");
            if (!variables.containsKey(from) || !variables.containsKey(to)) {
                continue;
            }
            for (JsonNode label : r.path("labels")) {
                String l = label.asText();
                Optional<EdgeType> type = EdgeType.fromAnnotationLabel(l);
                type.ifPresent(t -> g.addEdge(from, to, t, Validation.fromText(l, Validation.VALIDATED)));
            }
        }
        return g;
    }

    private static boolean contains(JsonNode array, String value) {
        for (JsonNode v : array) {
            if (value.equals(v.asText())) {
                return true;
            }
        }
        return false;
    }

    private LabelStudioGold() {
    }
}
