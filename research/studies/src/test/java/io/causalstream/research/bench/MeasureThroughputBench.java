package io.causalstream.research.bench;

import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.RawEdge;
import io.causalstream.measures.reference.ReferenceMeasure;
import io.causalstream.measures.reference.ReferenceSimilarities;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Throughput of the measures on the 20 Elo passages, one thread: node-pair similarities per second per measure,
 * and edge-set soft F1s per second (every annotation against its passage's winner, all measures' matching
 * included). Each figure is the best of five passes, in CPU time of the benchmark thread, after at least ten
 * warm-up passes and one CPU second (the first pass also loads WordNet). Run:
 * <pre>
 * mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=measure-throughput
 * </pre>
 */
public final class MeasureThroughputBench {

    public static void main(String[] args) throws Exception {
        BenchData data = new BenchData();
        System.out.printf(Locale.ROOT, "%d label pairs, %d graph pairs (20 passages x 10 annotations)%n",
                data.labelPairs.size(), data.graphPairs.size());
        MeasureCatalog catalog = MeasureCatalog.builtIn();

        System.out.printf(Locale.ROOT, "%nnode-pair similarity%n%-14s %16s%n", "measure", "pairs/cpu-s");
        Map<String, Supplier<NodeSimilarity>> similarities = new java.util.LinkedHashMap<>();
        for (String name : List.of("exact", "bleu", "bleu-nltk", "rouge1", "rouge2", "rougeL", "meteor")) {
            similarities.put(name, () -> ((EdgeSetScorer) catalog.parse(name).get(0)).similarity());
        }
        similarities.put("ref-verbatim", ReferenceSimilarities::verbatim);
        similarities.put("ref-bleu", ReferenceSimilarities::bleu);
        similarities.put("ref-meteor", ReferenceSimilarities::meteor);
        similarities.put("ref-rouge", ReferenceSimilarities::rouge);
        for (Map.Entry<String, Supplier<NodeSimilarity>> e : similarities.entrySet()) {
            NodeSimilarity s = e.getValue().get();
            double perSecond = best(() -> {
                double sink = 0;
                for (BenchData.Pair p : data.labelPairs) {
                    sink += s.similarity(p.candidate(), p.reference());
                }
                return sink;
            }, data.labelPairs.size());
            System.out.printf(Locale.ROOT, "%-14s %,16.0f%n", e.getKey(), perSecond);
        }

        System.out.printf(Locale.ROOT, "%nedge-set soft F1 (annotation vs winner)%n%-14s %16s%n", "measure",
                "graph pairs/cpu-s");
        for (String spec : List.of("exact", "bleu", "bleu-nltk", "rouge1", "rougeL", "meteor", "ref-verbatim",
                "ref-bleu", "ref-meteor", "ref-rouge")) {
            EdgeSetMeasure m = catalog.parse(spec).get(0);
            double perSecond = best(() -> {
                double sink = 0;
                for (BenchData.GraphPair g : data.graphPairs) {
                    sink += m instanceof ReferenceMeasure r ? r.scoreRaw(g.gold(), g.annotation()).f1()
                            : m.score(edges(g.annotation()), edges(g.gold())).f1Strict();
                }
                return sink;
            }, data.graphPairs.size());
            System.out.printf(Locale.ROOT, "%-14s %,16.0f%n", spec, perSecond);
        }
    }

    private static List<io.causalstream.measures.Edge> edges(List<RawEdge> raw) {
        return raw.stream().map(RawEdge::toEdge).toList();
    }

    /**
     * Operations per CPU second of this thread (so that other load on a shared machine counts less): the best of
     * five timed passes after the warm-up.
     */
    static double best(Supplier<Double> pass, int operations) {
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        double sink = 0;
        // Warm-up: enough passes for the JIT's optimising compiler (at least 10 and one CPU second).
        long warmStart = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < 10 || cpu.getCurrentThreadCpuTime() - warmStart < 1_000_000_000L; i++) {
            sink += pass.get();
        }
        long bestNanos = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            sink += pass.get();
            bestNanos = Math.min(bestNanos, cpu.getCurrentThreadCpuTime() - t0);
        }
        if (sink == 42.4242) {
            System.out.println(); // keeps the JIT from dropping the work
        }
        return operations / (bestNanos / 1e9);
    }

    private MeasureThroughputBench() {
    }
}
