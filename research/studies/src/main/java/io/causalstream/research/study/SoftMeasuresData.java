package io.causalstream.research.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.measures.RawEdge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The soft-measures paper's Elo study data, read from a copy of the authors' repository
 * (kuldeep7688/soft-measures-causal-intelligence, CC-BY 4.0) laid out as released:
 * {@code _history_d468165/user_interface/assets/<name>.json} (the ten annotations of the 20 passages) and
 * {@code elo_comparison/final_elo_rankings.csv}. Annotators get the table's ids: the people's files map to
 * Human1..Human7 by the documented name map, the models keep their names.
 *
 * <p>Passage i of every annotation file is row i of the Elo table (the files share one order; the loader checks
 * that every file has the same texts).
 */
public final class SoftMeasuresData {

    public static final String ASSETS = "_history_d468165/user_interface/assets";
    public static final String RANKINGS = "elo_comparison/final_elo_rankings.csv";

    /** File name -> annotator id, in the notebook's order. */
    public static final Map<String, String> FILES;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Aadarsh_annotation.json", "Human1");
        m.put("Ashlin_annotation.json", "Human2");
        m.put("Kuldeep_annotation.json", "Human3");
        m.put("Maryam_annotation.json", "Human4");
        m.put("Nate_annotation.json", "Human5");
        m.put("Riley_annotation.json", "Human6");
        m.put("Spencer_update_annotation.json", "Human7");
        m.put("llama2.json", "llama2");
        m.put("llama3.json", "llama3");
        m.put("mistral.json", "mistral");
        FILES = java.util.Collections.unmodifiableMap(m);
    }

    private final Map<String, List<Annotation>> annotations;
    private final EloRankings rankings;

    private SoftMeasuresData(Map<String, List<Annotation>> annotations, EloRankings rankings) {
        this.annotations = annotations;
        this.rankings = rankings;
    }

    /**
     * Data built in memory (tests, hand-made tournaments): {@code annotations} per annotator, one per passage in
     * passage order, and the Elo table the study defaults to.
     */
    public static SoftMeasuresData of(Map<String, List<Annotation>> annotations, EloRankings rankings) {
        Map<String, List<Annotation>> copy = new LinkedHashMap<>();
        annotations.forEach((k, v) -> {
            if (v.size() != rankings.rows().size()) {
                throw new IllegalArgumentException(k + " annotates " + v.size() + " passages, the table has "
                        + rankings.rows().size());
            }
            copy.put(k, List.copyOf(v));
        });
        return new SoftMeasuresData(copy, rankings);
    }

    /** @param root the folder holding {@value #ASSETS} and {@value #RANKINGS} */
    public static SoftMeasuresData load(Path root) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, List<Annotation>> annotations = new LinkedHashMap<>();
        List<String> texts = null;
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            List<Annotation> list = readAnnotations(json, root.resolve(ASSETS).resolve(f.getKey()), f.getValue());
            List<String> these = list.stream().map(a -> a.text().strip()).toList();
            if (texts == null) {
                texts = these;
            } else if (!texts.equals(these)) {
                throw new IOException(f.getKey() + ": passages differ from " + FILES.keySet().iterator().next());
            }
            annotations.put(f.getValue(), list);
        }
        EloRankings rankings = EloRankings.read(root.resolve(RANKINGS));
        if (rankings.rows().size() != texts.size()) {
            throw new IOException(RANKINGS + " has " + rankings.rows().size() + " rows for " + texts.size()
                    + " passages");
        }
        for (String annotator : annotations.keySet()) {
            rankings.elo(0, annotator); // every annotator has an Elo column
        }
        return new SoftMeasuresData(annotations, rankings);
    }

    /** Reads one annotation file: {@code [{"text", "causal relations": [{"src", "tgt", "direction"}]}]}. */
    public static List<Annotation> readAnnotations(ObjectMapper json, Path file, String annotator)
            throws IOException {
        JsonNode root = json.readTree(Files.readString(file));
        List<Annotation> out = new ArrayList<>();
        for (JsonNode passage : root) {
            List<RawEdge> edges = new ArrayList<>();
            for (JsonNode r : passage.path("causal relations")) {
                edges.add(new RawEdge(r.path("src").asText(), r.path("tgt").asText(), r.path("direction").asText()));
            }
            out.add(new Annotation(annotator, passage.path("text").asText(), edges));
        }
        return out;
    }

    public List<String> annotators() {
        return List.copyOf(annotations.keySet());
    }

    public int passages() {
        return rankings.rows().size();
    }

    public Annotation annotation(String annotator, int passage) {
        return annotations.get(annotator).get(passage);
    }

    public EloRankings rankings() {
        return rankings;
    }
}
