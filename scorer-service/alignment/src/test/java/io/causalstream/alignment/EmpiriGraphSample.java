package io.causalstream.alignment;

import io.causalstream.alignment.empirigraph.CoderGraphs;
import io.causalstream.alignment.empirigraph.LabelStudioGold;
import io.causalstream.alignment.empirigraph.PipelineGraphs;
import io.causalstream.text.files.Csv;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The EmpiriGraph-Psy sample copied into test resources (see src/test/resources/alignment/empirigraph/README.md). */
public final class EmpiriGraphSample {

    public static final String ROOT = "/alignment/empirigraph/";

    /** Pipeline result files that have released evaluation rows, by model configuration. */
    public static final List<String> MODELS = List.of("claude_opus47_165", "claude_sonnet46_165", "deepseek_v4pro_210",
            "gemini3flash_165", "gpt4o_165", "gpt52_165", "gpt54_165", "gpt54_gpt52_210");

    public static Path resource(String relative) {
        URL url = EmpiriGraphSample.class.getResource(ROOT + relative);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + ROOT + relative);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Map<Integer, TypedGraph> gold() {
        return LabelStudioGold.read(resource("gold_annotation.json"));
    }

    public static Map<Integer, TypedGraph> pipeline(String model) {
        return PipelineGraphs.read(resource("pipeline/" + model + ".csv"), PipelineGraphs.Stage.STEP5_1);
    }

    public static Map<Integer, TypedGraph> coder(String letter) {
        return CoderGraphs.read(resource("coder_" + letter + ".csv"));
    }

    /** Released rows keyed by article id. */
    public static Map<Integer, Map<String, String>> expected(String relative) {
        Map<Integer, Map<String, String>> rows = new LinkedHashMap<>();
        for (Map<String, String> row : Csv.read(resource("expected/" + relative)).maps()) {
            rows.put(Integer.parseInt(row.get("article_id")), row);
        }
        return rows;
    }

    /**
     * Gold edges matched under a mapping, counted straight from the two graphs (a second, independent count of what
     * the aligner reports): edges as sets, a correlational edge matching either orientation.
     */
    public static int countMatched(TypedGraph gold, TypedGraph predicted, Map<String, String> mapping) {
        Set<List<Object>> predictedEdges = new HashSet<>();
        for (TypedEdge e : predicted.edges()) {
            predictedEdges.add(List.of(e.source(), e.target(), e.type()));
            if (e.type().symmetric()) {
                predictedEdges.add(List.of(e.target(), e.source(), e.type()));
            }
        }
        Set<List<Object>> goldEdges = new HashSet<>();
        for (TypedEdge e : gold.edges()) {
            goldEdges.add(List.of(e.source(), e.target(), e.type()));
        }
        int matched = 0;
        for (List<Object> e : goldEdges) {
            String x = mapping.get((String) e.get(0));
            String y = mapping.get((String) e.get(1));
            if (x != null && y != null && predictedEdges.contains(List.of(x, y, e.get(2)))) {
                matched++;
            }
        }
        return matched;
    }

    private EmpiriGraphSample() {
    }
}
