package io.causalstream.research.fcm;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.fcm.aggregate.AggregationFilter;
import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptKey;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.aggregate.MapKeys;
import io.causalstream.fcm.aggregate.ScoredGraphs;
import io.causalstream.fcm.io.GraphMl;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.io.MentalModelerCsv;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.Validation;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.wikicausal.ScoredGraphsFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Where a {@code map} subcommand's map comes from: a map file (JSON as {@code map build} writes it, GraphML, or a
 * Mental Modeler CSV matrix, by extension) or scored-graphs JSON lines aggregated on the spot with the build options.
 */
final class MapSource {

    @Parameters(index = "0", arity = "0..1", paramLabel = "MAP",
            description = "A map file: .json (map build), .graphml, or .csv (Mental Modeler matrix).")
    Path mapFile;

    @Option(names = "--scored", paramLabel = "FILE",
            description = "scored-graphs JSON lines (deploy/causal-stream read-topic scored-graphs), aggregated "
                    + "into one map instead of reading MAP. Repeatable.")
    List<Path> scored = new ArrayList<>();

    @Option(names = "--map-id", defaultValue = "all", description = "Id of a map built from --scored (default: all).")
    String mapId;

    @Option(names = "--group-by", defaultValue = "all", paramLabel = "all|kind|annotator",
            description = "With map build --out-dir: one map per annotator kind or per annotator (default: one map).")
    String groupBy;

    @Option(names = "--kind", paramLabel = "KIND", description = "Only annotators of this kind: HUMAN, MODEL, RULES.")
    Set<String> kinds = new HashSet<>();

    @Option(names = "--annotator", paramLabel = "ID", description = "Only this annotator (repeatable).")
    Set<String> annotators = new HashSet<>();

    @Option(names = "--exclude-annotator", paramLabel = "ID", description = "Never this annotator (repeatable).")
    Set<String> excluded = new HashSet<>();

    @Option(names = "--min-validation", defaultValue = "ERROR", paramLabel = "STATE",
            description = "Lowest validation state kept, in the order REJECTED < ERROR < UNCHECKED < HYPOTHESIZED "
                    + "< VALIDATED (default: ERROR, i.e. all but REJECTED).")
    Validation minValidation;

    @Option(names = "--min-strength", defaultValue = "0", description = "Lowest CESAR strength kept (default 0).")
    double minStrength;

    @Option(names = "--drop-unscored", description = "Leave out edges without a CESAR strength.")
    boolean dropUnscored;

    @Option(names = "--default-strength", defaultValue = "0.5",
            description = "Strength of an edge without one (default 0.5).")
    double defaultStrength;

    @Option(names = "--prior", defaultValue = "1", description = "κ of the weight formula (default 1; 0: plain mean).")
    double prior;

    @Option(names = "--alias", paramLabel = "LABEL=CONCEPT", description = "Configured merge (repeatable).")
    Map<String, String> aliases = new LinkedHashMap<>();

    @Option(names = "--keep-separate", paramLabel = "LABEL", description = "Never merge this label by similarity.")
    Set<String> keepSeparate = new HashSet<>();

    @Option(names = "--similarity", defaultValue = "none", paramLabel = "none|minilm",
            description = "Concept resolution beyond normalised text: none (default) or minilm, the bundled "
                    + "all-MiniLM-L6-v2 encoder's cosine.")
    String similarity;

    @Option(names = "--similarity-threshold", defaultValue = "0.85",
            description = "Merge a label into the most similar concept at or above this (default 0.85).")
    double threshold;

    @Option(names = "--no-polarity-guard", description = "Allow similarity merges of labels that differ by a "
            + "polarity word (\"low crop yields\" into \"crop yields\"); refused by default.")
    boolean noPolarityGuard;

    AggregationSettings settings() {
        AggregationFilter filter = new AggregationFilter(annotators, excluded,
                kinds.stream().map(k -> k.toUpperCase(Locale.ROOT)).collect(java.util.stream.Collectors.toSet()),
                minValidation, minStrength, !dropUnscored);
        return new AggregationSettings(filter, defaultStrength, prior, threshold, keepSeparate, aliases,
                !noPolarityGuard);
    }

    CognitiveMap load() throws IOException {
        if (!scored.isEmpty()) {
            if (mapFile != null) {
                throw new IllegalArgumentException("give MAP or --scored, not both");
            }
            return build();
        }
        if (mapFile == null) {
            throw new IllegalArgumentException("give a MAP file or --scored FILE");
        }
        return read(mapFile);
    }

    CognitiveMap build() throws IOException {
        Map<String, CognitiveMap> maps = buildAll(MapKeys.ALL);
        CognitiveMap all = maps.get("all");
        return all == null ? CognitiveMap.builder(mapId).build() : withId(all, mapId);
    }

    private static CognitiveMap withId(CognitiveMap m, String id) {
        return new CognitiveMap(id, m.concepts(), m.edges(), m.merges());
    }

    /** One map per key of {@code keys}, in the order the keys first appear. */
    Map<String, CognitiveMap> buildAll(MapKeys keys) throws IOException {
        List<ScoredGraph> graphs = new ArrayList<>();
        for (Path p : scored) {
            graphs.addAll(ScoredGraphsFile.read(p));
        }
        ConceptSimilarity sim = ConceptSimilarity.NONE;
        DjlTokenEncoder encoder = null;
        try {
            if ("minilm".equalsIgnoreCase(similarity)) {
                encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm());
                sim = new EncoderSimilarity(encoder);
            } else if (!"none".equalsIgnoreCase(similarity)) {
                throw new IllegalArgumentException("--similarity is none or minilm, not " + similarity);
            }
            Map<String, MapAggregator> aggregators = new LinkedHashMap<>();
            AggregationSettings settings = settings();
            for (ScoredGraph g : graphs) {
                var c = ScoredGraphs.contribution(g);
                for (String key : keys.of(c)) {
                    MapKeys.aggregator(aggregators, key, settings, sim).put(c);
                }
            }
            Map<String, CognitiveMap> out = new LinkedHashMap<>();
            aggregators.forEach((key, a) -> out.put(key, a.snapshot(key)));
            return out;
        } finally {
            if (encoder != null) {
                encoder.close();
            }
        }
    }

    static CognitiveMap read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".graphml") || name.endsWith(".xml")) {
            try (InputStream in = Files.newInputStream(file)) {
                return GraphMl.read(in);
            }
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            if (name.endsWith(".csv")) {
                String id = name.substring(0, name.length() - 4);
                return MentalModelerCsv.read(id, in);
            }
            return MapJson.read(in);
        }
    }

    /** A concept named on the command line: its id, its label, or either normalised. */
    static String concept(CognitiveMap map, String name) {
        String key = ConceptKey.normalise(name);
        for (Concept c : map.concepts()) {
            if (c.id().equals(name) || c.label().equals(name)) {
                return c.id();
            }
        }
        for (Concept c : map.concepts()) {
            if (ConceptKey.normalise(c.id()).equals(key) || ConceptKey.normalise(c.label()).equals(key)
                    || c.aliases().contains(key)) {
                return c.id();
            }
        }
        throw new IllegalArgumentException("the map has no concept '" + name + "'");
    }
}
