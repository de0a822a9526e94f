package io.causalstream.alignment.empirigraph;

import io.causalstream.alignment.EdgeType;
import io.causalstream.alignment.PythonStrings;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.Validation;
import io.causalstream.text.files.Csv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Graphs of the human coders' sheets ({@code annotation_csv/coder_A_r.csv}, columns {@code task_id, variables,
 * hierarchy, directional, correlational, moderation}), read as the reference's intercoder notebook
 * ({@code parse_coder_row}) reads them. Same item syntax as {@link PipelineGraphs}, with the coder variant's details:
 * empty items are dropped, an item is cut at its first separator ({@code a -> b -> c} gives a -&gt; "b -&gt; c"),
 * {@code moderate}/{@code moderates} in any case, and a trailing comma of the moderator is removed.
 */
public final class CoderGraphs {

    /** Graphs keyed by task id (rows without one are skipped; a repeated id keeps the last row). */
    public static Map<Integer, TypedGraph> read(Path csv) {
        Map<Integer, TypedGraph> graphs = new LinkedHashMap<>();
        for (Map<String, String> row : Csv.read(csv).maps()) {
            String id = AnnotationText.cell(row, "task_id");
            if (!id.isEmpty()) {
                graphs.put((int) Double.parseDouble(id), parse(row));
            }
        }
        return graphs;
    }

    public static TypedGraph parse(Map<String, String> row) {
        PipelineGraphs.Builder g = new PipelineGraphs.Builder();
        for (String v : items(row, "variables")) {
            g.ensure(v);
        }
        for (String e : items(row, "hierarchy")) {
            edge(g, AnnotationText.stripBracketSuffix(e), "->", EdgeType.HIERARCHY, Validation.VALIDATED);
        }
        for (String e : items(row, "directional")) {
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            edge(g, AnnotationText.stripBracketSuffix(t.text()), "->", EdgeType.DIRECTIONAL, t.validation());
        }
        for (String e : items(row, "correlational")) {
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            edge(g, AnnotationText.stripBracketSuffix(t.text()), "<->", EdgeType.CORRELATIONAL, t.validation());
        }
        for (String e : items(row, "moderation")) {
            AnnotationText.Tagged t = AnnotationText.untag(e, Validation.HYPOTHESIZED);
            Matcher mm = AnnotationText.CODER_MODERATION.matcher(PythonStrings.strip(t.text()));
            if (!mm.find()) {
                continue;
            }
            String moderator = PythonStrings.strip(PythonStrings.rstrip(PythonStrings.strip(mm.group(1)), ","));
            List<String> moderated = topLevelCommaItems(mm.group(2));
            g.ensure(moderator);
            for (String mv : moderated) {
                String v = PythonStrings.strip(mv);
                if (!v.isEmpty()) {
                    g.ensure(v);
                    g.edge(moderator, v, EdgeType.MODERATION, t.validation());
                }
            }
        }
        return g.graph;
    }

    private static List<String> items(Map<String, String> row, String column) {
        return AnnotationText.smartSplit(AnnotationText.cell(row, column), ";", true);
    }

    private static void edge(PipelineGraphs.Builder g, String item, String separator, EdgeType type,
                             Validation validation) {
        if (!item.contains(separator)) {
            return;
        }
        List<String> parts = PythonStrings.split(item, separator, 1);
        String s = PythonStrings.strip(parts.get(0));
        String t = PythonStrings.strip(parts.get(1));
        if (!s.isEmpty() && !t.isEmpty()) {
            g.ensure(s);
            g.ensure(t);
            g.edge(s, t, type, validation);
        }
    }

    /** Comma-separated items, commas inside parentheses not splitting; blank items dropped. */
    private static List<String> topLevelCommaItems(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder buf = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String v = PythonStrings.strip(buf.toString());
                if (!v.isEmpty()) {
                    out.add(v);
                }
                buf.setLength(0);
                continue;
            }
            buf.append(c);
        }
        String v = PythonStrings.strip(buf.toString());
        if (!v.isEmpty()) {
            out.add(v);
        }
        return out;
    }

    private CoderGraphs() {
    }
}
