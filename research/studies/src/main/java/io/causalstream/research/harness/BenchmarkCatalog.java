package io.causalstream.research.harness;

import java.util.List;
import java.util.Optional;

/**
 * The product's benchmarks by name: {@code deploy/causal-stream bench NAME} runs one, {@code bench --list} lists
 * them. Each benchmark is a {@code main} beside the tests of the module it measures (test code, so it can use the
 * module's test helpers); {@code research/benchmarks} puts them all on one class path. The names live here, in
 * main code, so the CLI can list and check them without that class path; {@code BenchmarksTest} fails when a
 * benchmark with a {@code main} exists that this list does not name.
 */
public final class BenchmarkCatalog {

    /** One benchmark: the name to run it by, its main class and what it measures against what. */
    public record Benchmark(String name, String mainClass, String measures) {
    }

    public static final List<Benchmark> ALL = List.of(
            new Benchmark("rules-throughput", "io.causalstream.extractor.bench.RulesThroughputBench",
                    "passages/s of the rule-based extractor on the test split, 1 thread and all cores"),
            new Benchmark("client-pipeline", "io.causalstream.extractor.bench.ClientPipelineBench",
                    "requests/s of the LLM client pipeline against the OpenAI protocol stand-in"),
            new Benchmark("model-extractor", "io.causalstream.research.bench.ModelExtractorBench",
                    "passages/s of the model extractor (v3 int8 and fp32) beside v2 and the rules"),
            new Benchmark("measure-throughput", "io.causalstream.research.bench.MeasureThroughputBench",
                    "node-pair similarities/s and soft F1s/s per measure on the 20 Elo passages"),
            new Benchmark("python-reference", "io.causalstream.research.bench.PythonReferenceBench",
                    "the Java measures beside the Python/NLTK reference: equal values, speed ratio"),
            new Benchmark("neural-measure", "io.causalstream.research.bench.NeuralMeasureBench",
                    "similarities/s of the neural measures, cold and warm embedding cache"),
            new Benchmark("encoder", "io.causalstream.research.bench.EncoderBench",
                    "sequences and tokens/s of the encoder at several batch sizes"),
            new Benchmark("cesar", "io.causalstream.research.bench.CesarBench",
                    "CESAR edges/s end to end and the head alone"),
            new Benchmark("validation", "io.causalstream.research.bench.ValidationBench",
                    "staged validation graphs and edges/s, lexical and neural stages"),
            new Benchmark("perf", "io.causalstream.research.bench.PerfBench",
                    "encoder, CESAR and validation side by side in one run"),
            new Benchmark("alignment", "io.causalstream.research.bench.AlignmentBench",
                    "structure-first alignment on the EmpiriGraph-Psy sample"),
            new Benchmark("aggregation", "io.causalstream.fcm.bench.AggregationBench",
                    "collective-map aggregation throughput on synthetic scored graphs"),
            new Benchmark("elo", "io.causalstream.elo.bench.EloBench",
                    "the Elo service through a real broker and registry, exactly-once"),
            new Benchmark("graph-sink", "io.causalstream.deploy.graph.GraphSinkBench",
                    "records/s and edges/s of the graph sink into Neo4j beside the raw Bolt rate of the same writes"));

    private BenchmarkCatalog() {
    }

    /** By name, or by its class's simple name ({@code CesarBench}). */
    public static Optional<Benchmark> find(String name) {
        return ALL.stream().filter(b -> b.name().equals(name)
                || b.mainClass().endsWith("." + name)).findFirst();
    }
}
