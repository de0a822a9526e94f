package io.causalstream.research.harness;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code causal-stream bench NAME [ARGS]}: runs one benchmark of {@link BenchmarkCatalog} by name. A benchmark is
 * test code of the module it measures, so it runs on the class path Maven builds for {@code research/benchmarks}
 * (its {@code bench} profile), from the source tree this CLI was built from; the command is that Maven call.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs one of the product's benchmarks by name, with its own arguments (after the name; "
                + "'--' before them if one looks like an option of this command).",
                "It runs through Maven on the source tree (research/benchmarks, profile bench), which builds what "
                        + "changed first and fetches a missing plugin once (--offline: never)."})
public final class BenchCommand implements Callable<Integer> {

    /** Set by deploy/causal-stream: the source tree the CLI was built from. */
    static final String ROOT_PROPERTY = "causalstream.root";
    static final String MODULE = "research/benchmarks";

    /** Runs a command line in a directory, its output on this process's; returns its exit code. */
    @FunctionalInterface
    interface Runner {
        int run(List<String> command, Path directory) throws IOException, InterruptedException;
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--list", description = "List the benchmarks and what each measures.")
    boolean list;

    @Option(names = "--offline", description = "Run Maven offline (-o): every plugin and dependency already local.")
    boolean offline;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "A system property for the benchmark (graph-sink: -Dbench.records=4000 ...).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The benchmark (--list lists them).")
    String name;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "The benchmark's own arguments.")
    List<String> args = new ArrayList<>();

    private final Runner runner;

    public BenchCommand() {
        this((command, directory) -> new ProcessBuilder(command).directory(directory.toFile()).inheritIO().start()
                .waitFor());
    }

    BenchCommand(Runner runner) {
        this.runner = runner;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            BenchmarkCatalog.ALL.forEach(b -> out.printf(Locale.ROOT, "  %-20s %s%n", b.name(), b.measures()));
            out.flush();
            return 0;
        }
        if (name == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Missing the benchmark's name ('bench --list' lists them)");
        }
        BenchmarkCatalog.Benchmark bench = BenchmarkCatalog.find(name).orElseThrow(() ->
                new CommandLine.ParameterException(spec.commandLine(), "no benchmark '" + name + "'; known: "
                        + BenchmarkCatalog.ALL.stream().map(BenchmarkCatalog.Benchmark::name)
                        .collect(Collectors.joining(", "))));
        Path root;
        try {
            root = sourceTree(Path.of(System.getProperty(ROOT_PROPERTY, System.getProperty("user.dir"))));
        } catch (IllegalStateException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 1;
        }
        return runner.run(mavenCommand(bench.name(), args, properties, offline), root);
    }

    /** The Maven call that runs a benchmark with its arguments and system properties. */
    static List<String> mavenCommand(String bench, List<String> args, Map<String, String> properties,
                                     boolean offline) {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q"));
        if (offline) {
            command.add("-o");
        }
        command.addAll(List.of("-Pbench", "-pl", MODULE, "-am", "verify", "-DskipTests", "-Dbench=" + bench));
        if (!args.isEmpty()) {
            // exec-maven-plugin splits its commandlineArgs at spaces unless quoted
            command.add("-Dbench.args=" + args.stream().map(a -> a.matches(".*\\s.*") ? "\"" + a + "\"" : a)
                    .collect(Collectors.joining(" ")));
        }
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        return command;
    }

    /** The source tree at or above {@code from}: the directory that holds research/benchmarks. */
    static Path sourceTree(Path from) {
        for (Path p = from.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(MODULE).resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no causal-stream source tree (with " + MODULE + "/pom.xml) at or above "
                + from + ": benchmarks run from the source tree; run deploy/causal-stream there");
    }
}
