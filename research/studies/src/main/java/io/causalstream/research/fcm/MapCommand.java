package io.causalstream.research.fcm;

import io.causalstream.fcm.aggregate.MapKeys;
import io.causalstream.fcm.analysis.ConceptCentrality;
import io.causalstream.fcm.analysis.MapComparison;
import io.causalstream.fcm.analysis.MapIndices;
import io.causalstream.fcm.analysis.Scenario;
import io.causalstream.fcm.analysis.SimulationResult;
import io.causalstream.fcm.analysis.SimulationSettings;
import io.causalstream.fcm.analysis.Squashing;
import io.causalstream.fcm.analysis.UpdateRule;
import io.causalstream.fcm.io.GraphMl;
import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.io.MentalModelerCsv;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code causal-stream map}: collective fuzzy cognitive maps on files. {@code build} aggregates scored-graphs
 * (as {@code read-topic scored-graphs} prints them) into one map; {@code export} writes a map as GraphML, a
 * Mental Modeler CSV or JSON; {@code simulate} runs a scenario; {@code analyse} prints centralities, roles and
 * indices; {@code compare} compares two maps. Every command reads a map file or builds one from {@code --scored}.
 *
 * <pre>
 * deploy/causal-stream read-topic scored-graphs --idle-seconds 5 &gt; scored.jsonl
 * deploy/causal-stream map build --scored scored.jsonl --min-validation HYPOTHESIZED --out map.json
 * deploy/causal-stream map export map.json --format graphml --out map.graphml
 * deploy/causal-stream map simulate map.json --clamp "rainfall=1" --squashing tanh
 * deploy/causal-stream map analyse map.json
 * deploy/causal-stream map compare humans.json models.json
 * </pre>
 */
@Command(name = "map", mixinStandardHelpOptions = true,
        description = "Collective fuzzy cognitive maps: build from scored graphs, export, simulate, analyse, compare.",
        subcommands = {MapCommand.Build.class, MapCommand.Export.class, MapCommand.Simulate.class,
                MapCommand.Analyse.class, MapCommand.Compare.class})
public final class MapCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /** Output to a file or to the command's standard output. */
    static void output(CommandLine.Model.CommandSpec spec, Path out, String text) throws IOException {
        if (out == null) {
            PrintWriter w = spec.commandLine().getOut();
            w.print(text);
            w.flush();
        } else {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        }
    }

    static String json(Object value) throws IOException {
        return MapJson.mapper().writeValueAsString(value) + "\n";
    }

    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Aggregate scored-graphs JSON lines into one collective map (JSON, with provenance).")
    static final class Build implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        MapSource source;

        @Option(names = "--out", description = "Write the map here (default: standard output).")
        Path out;

        @Option(names = "--out-dir", description = "With --group-by: write one <map id>.json per map here.")
        Path outDir;

        @Override
        public Integer call() throws IOException {
            if (source.scored.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "map build needs --scored FILE");
            }
            if (!"all".equalsIgnoreCase(source.groupBy) || outDir != null) {
                if (outDir == null) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--group-by needs --out-dir");
                }
                MapKeys keys;
                try {
                    keys = MapKeys.named(source.groupBy);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
                }
                Files.createDirectories(outDir);
                for (CognitiveMap m : source.buildAll(keys).values()) {
                    Path file = outDir.resolve(m.id().replaceAll("[^A-Za-z0-9._-]", "_") + ".json");
                    Files.writeString(file, MapJson.write(m) + "\n", StandardCharsets.UTF_8);
                    spec.commandLine().getErr().printf(Locale.ROOT, "map %s: %d concepts, %d edges -> %s%n", m.id(),
                            m.concepts().size(), m.edges().size(), file);
                }
                return 0;
            }
            CognitiveMap map = source.build();
            output(spec, out, MapJson.write(map) + "\n");
            spec.commandLine().getErr().printf(Locale.ROOT, "map %s: %d concepts, %d edges, %d merges%n", map.id(),
                    map.concepts().size(), map.edges().size(), map.merges().size());
            return 0;
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Write a map as GraphML (Gephi, yEd), a Mental Modeler CSV matrix, or JSON.")
    static final class Export implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        MapSource source;

        @Option(names = "--format", required = true, paramLabel = "graphml|mental-modeler|json")
        String format;

        @Option(names = "--out", description = "Write here (default: standard output).")
        Path out;

        @Override
        public Integer call() throws IOException {
            CognitiveMap map = load(spec, source);
            StringWriter text = new StringWriter();
            switch (format.toLowerCase(Locale.ROOT)) {
                case "graphml" -> GraphMl.write(map, text);
                case "mental-modeler", "csv" -> MentalModelerCsv.write(map, text);
                case "json" -> text.write(MapJson.write(map) + "\n");
                default -> throw new CommandLine.ParameterException(spec.commandLine(),
                        "--format is graphml, mental-modeler or json, not " + format);
            }
            output(spec, out, text.toString());
            return 0;
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "Run a scenario: clamp concepts, iterate to a fixed point or limit cycle, and print each "
                    + "concept's final value against the unclamped baseline.")
    static final class Simulate implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        MapSource source;

        @Option(names = "--clamp", paramLabel = "CONCEPT=VALUE", description = "Hold a concept at a value.")
        Map<String, Double> clamps = new LinkedHashMap<>();

        @Option(names = "--initial", paramLabel = "CONCEPT=VALUE", description = "Start a concept at a value.")
        Map<String, Double> initial = new LinkedHashMap<>();

        @Option(names = "--start", defaultValue = "0", description = "Start value of the other concepts (default 0).")
        double start;

        @Option(names = "--rule", defaultValue = "kosko", paramLabel = "kosko|modified-kosko|rescaled")
        String rule;

        @Option(names = "--squashing", defaultValue = "sigmoid", paramLabel = "sigmoid|tanh|bivalent|trivalent")
        String squashing;

        @Option(names = "--lambda", defaultValue = "1", description = "Steepness of sigmoid and tanh (default 1).")
        double lambda;

        @Option(names = "--max-iterations", defaultValue = "100")
        int maxIterations;

        @Option(names = "--epsilon", defaultValue = "1e-5")
        double epsilon;

        @Option(names = "--json", description = "Print the scenario (baseline, scenario, change) as JSON.")
        boolean asJson;

        @Override
        public Integer call() throws IOException {
            CognitiveMap map = load(spec, source);
            SimulationSettings settings;
            try {
                settings = new SimulationSettings(
                        UpdateRule.valueOf(rule.toUpperCase(Locale.ROOT).replace('-', '_')),
                        Squashing.parse(squashing, lambda), maxIterations, epsilon);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            Scenario s;
            try {
                s = Scenario.run(map, byId(map, initial), start, byId(map, clamps), settings);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            if (asJson) {
                Map<String, Object> result = new LinkedHashMap<>();
                result.put("baseline", summary(s.baseline()));
                result.put("scenario", summary(s.scenario()));
                result.put("change", s.change());
                output(spec, null, json(result));
                return 0;
            }
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "baseline: %s after %d iterations%s%n", s.baseline().outcome(),
                    s.baseline().iterations(), period(s.baseline().period(), s.baseline().outcome().name())));
            out.append(String.format(Locale.ROOT, "scenario: %s after %d iterations%s%n", s.scenario().outcome(),
                    s.scenario().iterations(), period(s.scenario().period(), s.scenario().outcome().name())));
            out.append(String.format(Locale.ROOT, "%-40s %10s %10s %10s%n", "concept", "baseline", "scenario",
                    "change"));
            Map<String, Double> base = s.baseline().finalState();
            Map<String, Double> what = s.scenario().finalState();
            List<Map.Entry<String, Double>> rows = s.change().entrySet().stream()
                    .sorted((a, b) -> Double.compare(Math.abs(b.getValue()), Math.abs(a.getValue()))).toList();
            java.util.Set<String> clamped = byId(map, clamps).keySet();
            for (Map.Entry<String, Double> row : rows) {
                String id = row.getKey();
                out.append(String.format(Locale.ROOT, "%-40s %10.4f %10.4f %+10.4f%s%n", cut(label(map, id)),
                        base.get(id), what.get(id), row.getValue(), clamped.contains(id) ? "  (clamped)" : ""));
            }
            output(spec, null, out.toString());
            return 0;
        }

        private static Map<String, Object> summary(SimulationResult r) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("outcome", r.outcome());
            m.put("iterations", r.iterations());
            m.put("period", r.period());
            m.put("finalState", r.finalState());
            m.put("attractor", r.attractor());
            return m;
        }

        private static String period(int period, String outcome) {
            return "LIMIT_CYCLE".equals(outcome) ? ", period " + period : "";
        }
    }

    @Command(name = "analyse", aliases = "analyze", mixinStandardHelpOptions = true,
            description = "Centrality (in/out degree, total), transmitter/receiver/ordinary roles, density, "
                    + "complexity and hierarchy indices.")
    static final class Analyse implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        MapSource source;

        @Option(names = "--top", defaultValue = "20", description = "Concepts listed, most central first.")
        int top;

        @Option(names = "--json", description = "Print all indices and centralities as JSON.")
        boolean asJson;

        @Override
        public Integer call() throws IOException {
            CognitiveMap map = load(spec, source);
            MapIndices x = MapIndices.of(map);
            if (asJson) {
                output(spec, null, json(x));
                return 0;
            }
            long contradicted = map.edges().stream().filter(e -> e.support().contradicting(e.weight()) > 0).count();
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "concepts N          %d%n", x.concepts()));
            out.append(String.format(Locale.ROOT, "connections C       %d (%d with contradicting evidence)%n",
                    x.connections(), contradicted));
            out.append(String.format(Locale.ROOT, "density C/N²        %.4f   C/(N(N-1)) %.4f%n", x.density(),
                    x.densityNoLoops()));
            out.append(String.format(Locale.ROOT, "connections/concept %.3f%n", x.connectionsPerConcept()));
            out.append(String.format(Locale.ROOT, "transmitters        %d   receivers %d   ordinary %d%n",
                    x.transmitters(), x.receivers(), x.ordinary()));
            out.append(String.format(Locale.ROOT, "complexity R/T      %.3f%n", x.complexity()));
            out.append(String.format(Locale.ROOT, "hierarchy index h   %.6f%n", x.hierarchy()));
            out.append(String.format(Locale.ROOT, "%n%-40s %9s %9s %10s  %s%n", "concept", "indegree", "outdegree",
                    "centrality", "role"));
            for (ConceptCentrality c : x.centralities().subList(0, Math.min(top, x.centralities().size()))) {
                out.append(String.format(Locale.ROOT, "%-40s %9.3f %9.3f %10.3f  %s%n", cut(c.label()), c.indegree(),
                        c.outdegree(), c.centrality(), c.role()));
            }
            output(spec, null, out.toString());
            return 0;
        }
    }

    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Compare two maps: Jaccard on concepts and edges, weighted Jaccard, S2-style similarity.")
    static final class Compare implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "A", description = "A map file (.json, .graphml, .csv).")
        Path a;

        @Parameters(index = "1", paramLabel = "B", description = "Another map file.")
        Path b;

        @Option(names = "--json", description = "Print as JSON.")
        boolean asJson;

        @Override
        public Integer call() throws IOException {
            MapComparison c = MapComparison.of(MapSource.read(a), MapSource.read(b));
            if (asJson) {
                output(spec, null, json(c));
                return 0;
            }
            output(spec, null, String.format(Locale.ROOT, """
                    common concepts       %d
                    common edges          %d
                    concept Jaccard       %.4f
                    edge Jaccard          %.4f
                    signed edge Jaccard   %.4f
                    weighted Jaccard      %.4f
                    S2-style similarity   %.4f
                    """, c.commonConcepts(), c.commonEdges(), c.conceptJaccard(), c.edgeJaccard(),
                    c.signedEdgeJaccard(), c.weightedJaccard(), c.s2()));
            return 0;
        }
    }

    static CognitiveMap load(CommandLine.Model.CommandSpec spec, MapSource source) throws IOException {
        try {
            return source.load();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static Map<String, Double> byId(CognitiveMap map, Map<String, Double> byName) {
        Map<String, Double> out = new LinkedHashMap<>();
        byName.forEach((name, v) -> out.put(MapSource.concept(map, name), v));
        return out;
    }

    static String label(CognitiveMap map, String id) {
        return map.concepts().stream().filter(c -> c.id().equals(id)).map(Concept::label).findFirst().orElse(id);
    }

    static String cut(String s) {
        return s.length() <= 40 ? s : s.substring(0, 39) + "…";
    }
}
