package io.causalstream.alignment.empirigraph;

import io.causalstream.alignment.EdgeType;
import io.causalstream.alignment.PythonStrings;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.Validation;
import io.causalstream.text.files.Csv;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Predicted graphs from the EmpiriGraph staged pipeline's result CSVs ({@code results_step5_1.csv}), one per row, read
 * as the reference's {@code parse_pred_graph} reads them:
 * <ul>
 *   <li>nodes: {@code step2_final_vars}, ";"-separated (a ";" inside parentheses does not split); node id = label =
 *       the variable name as written (no case folding — the alignment ignores labels anyway);</li>
 *   <li>hierarchy: {@code <stage>_hierarchy} when the file has it, else {@code step2_hierarchy}; items
 *       {@code higher -> lower}, always validated;</li>
 *   <li>directional {@code a -> b [state]}, correlational {@code a <-> b [state]}, moderation
 *       {@code m moderates (x, y) [state]} (one edge m -&gt; x per moderated variable); a missing state is
 *       hypothesized; a trailing bracket note that is not a state ({@code [CASE 2]}) is ignored;</li>
 *   <li>an item that does not split into exactly two non-empty names is skipped, not guessed; repeated items count
 *       once.</li>
 * </ul>
 */
public final class PipelineGraphs {

    /** Which columns hold the graph: after relation extraction (step 4) or after validation (step 5.1 / 5.2). */
    public enum Stage {
        STEP4("step4"), STEP5_1("step5_1"), STEP5_2("step5_2");

        private final String prefix;

        Stage(String prefix) {
            this.prefix = prefix;
        }

        public String prefix() {
            return prefix;
        }
    }

    /** Graphs of every row, keyed by the numeric article id ({@code json_100} -&gt; 100), in file order. */
    public static Map<Integer, TypedGraph> read(Path csv, Stage stage) {
        Csv.Table table = Csv.read(csv);
        Set<String> columns = new HashSet<>(table.header());
        Map<Integer, TypedGraph> graphs = new LinkedHashMap<>();
        for (Map<String, String> row : table.maps()) {
            String id = AnnotationText.cell(row, "article_id");
            graphs.put(Integer.parseInt(id.replace("json_", "")), parse(row, columns, stage));
        }
        return graphs;
    }

    /** One row's graph; {@code columns} is the file's header (it decides where hierarchy is read from). */
    public static TypedGraph parse(Map<String, String> row, Set<String> columns, Stage stage) {
        Builder g = new Builder();
        for (String v : AnnotationText.smartSplit(AnnotationText.cell(row, "step2_final_vars"), ";", false)) {
            g.ensure(v);
        }
        String prefix = stage.prefix();
        String hierarchyColumn = "step2_hierarchy";
        if (stage != Stage.STEP4 && columns.contains(prefix + "_hierarchy")) {
            hierarchyColumn = prefix + "_hierarchy";
        }
        for (String e : items(row, hierarchyColumn)) {
            pair(e, "->").ifPresent(p -> g.edge(p.get(0), p.get(1), EdgeType.HIERARCHY, Validation.VALIDATED));
        }
        for (String e : items(row, prefix + "_directional")) {
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            pair(t.text(), "->").ifPresent(p -> g.edge(p.get(0), p.get(1), EdgeType.DIRECTIONAL, t.validation()));
        }
        for (String e : items(row, prefix + "_correlational")) {
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            pair(t.text(), "<->").ifPresent(p -> g.edge(p.get(0), p.get(1), EdgeType.CORRELATIONAL, t.validation()));
        }
        for (String raw : items(row, prefix + "_moderation")) {
            String e = PythonStrings.strip(raw);
            if (e.isEmpty()) {
                continue;
            }
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            Matcher mm = AnnotationText.PIPELINE_MODERATION.matcher(t.text());
            if (mm.lookingAt()) {
                String moderator = PythonStrings.strip(mm.group(1));
                for (String mv : AnnotationText.smartSplit(mm.group(2), ",", false)) {
                    String moderated = PythonStrings.strip(mv);
                    if (!moderated.isEmpty()) {
                        g.ensure(moderator);
                        g.ensure(moderated);
                        g.edge(moderator, moderated, EdgeType.MODERATION, t.validation());
                    }
                }
            }
        }
        return g.graph;
    }

    private static List<String> items(Map<String, String> row, String column) {
        return AnnotationText.smartSplit(AnnotationText.cell(row, column), ";", false);
    }

    /** {@code a SEP b} with exactly one separator and two non-empty names (bracket notes removed), else empty. */
    private static Optional<List<String>> pair(String item, String separator) {
        if (!item.contains(separator)) {
            return Optional.empty();
        }
        List<String> parts = PythonStrings.split(item, separator);
        if (parts.size() != 2) {
            return Optional.empty();
        }
        String s = AnnotationText.stripBracketSuffix(parts.get(0));
        String t = AnnotationText.stripBracketSuffix(parts.get(1));
        return s.isEmpty() || t.isEmpty() ? Optional.empty() : Optional.of(List.of(s, t));
    }

    /** A graph under construction that adds each (source, target, type, state) once. */
    static final class Builder {
        final TypedGraph graph = new TypedGraph();
        private final Set<List<Object>> seen = new HashSet<>();

        void ensure(String node) {
            if (!node.isEmpty()) {
                graph.ensureNode(node);
            }
        }

        void edge(String source, String target, EdgeType type, Validation validation) {
            if (seen.add(List.of(source, target, type, validation))) {
                graph.addEdge(source, target, type, validation);
            }
        }
    }

    private PipelineGraphs() {
    }
}
