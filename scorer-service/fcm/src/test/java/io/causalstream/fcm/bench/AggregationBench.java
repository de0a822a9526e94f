package io.causalstream.fcm.bench;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.aggregate.ScoredGraphs;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Aggregation throughput (not a test of timings: {@code AggregationBenchTest} checks the result and prints the
 * figure). Synthetic scored graphs as the contract carries them (Avro {@code ScoredGraph}): {@code passages}
 * passages, 3 annotators, 6 edges each over a vocabulary of {@code concepts} labels (two surface forms per concept,
 * so normalisation merges), a third of them published again as re-scores (replacements). Each graph is converted
 * ({@link ScoredGraphs#contribution}) and put into one {@link MapAggregator}; the snapshot of the final map is timed
 * apart. Run bigger: {@code java -cp <test classpath> io.causalstream.fcm.bench.AggregationBench 200000 500}.
 */
public final class AggregationBench {

    public record Figures(int graphs, double graphsPerSecond, double snapshotMillis, CognitiveMap map,
            MapAggregator aggregator) {
    }

    public static List<ScoredGraph> graphs(int count, int concepts, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] annotators = {"llama3", "rules-v1", "Human1"};
        List<ScoredGraph> out = new ArrayList<>(count);
        int passages = Math.max(1, count * 2 / 3 / annotators.length);
        for (int i = 0; i < count; i++) {
            // the first two thirds are new (passage, annotator) pairs, the rest re-scores of earlier ones
            int n = i < count * 2 / 3 ? i : random.nextInt(count * 2 / 3);
            String passage = "p" + (n / annotators.length % passages);
            String annotator = annotators[n % annotators.length];
            List<ScoredEdge> edges = new ArrayList<>(6);
            for (int e = 0; e < 6; e++) {
                int s = random.nextInt(concepts);
                int t = (s + 1 + random.nextInt(concepts - 1)) % concepts;
                edges.add(ScoredEdge.newBuilder().setTriple(Triple.newBuilder().setSource(label(s, random))
                                .setTarget(label(t, random))
                                .setDirection(random.nextInt(4) == 0 ? Direction.DECREASE : Direction.INCREASE)
                                .setEvidence(List.of(new EvidenceSpan(e * 10, e * 10 + 8))).build())
                        .setStrength(random.nextDouble())
                        .setValidation(random.nextInt(10) == 0 ? ValidationState.REJECTED : ValidationState.VALIDATED)
                        .build());
            }
            out.add(ScoredGraph.newBuilder().setPassageId(passage).setAnnotationId(passage + "/" + annotator + "/" + i)
                    .setAnnotator(Annotator.newBuilder().setId(annotator)
                            .setKind(annotator.startsWith("Human") ? AnnotatorKind.HUMAN : AnnotatorKind.MODEL).build())
                    .setEdges(edges).setScores(List.of()).setScoredAt(Instant.EPOCH).build());
        }
        return out;
    }

    private static String label(int concept, SplittableRandom random) {
        return random.nextBoolean() ? "concept " + concept : "The Concept  " + concept + ".";
    }

    public static Figures run(List<ScoredGraph> graphs, ConceptSimilarity similarity) {
        MapAggregator aggregator = new MapAggregator(AggregationSettings.DEFAULT, similarity);
        long start = System.nanoTime();
        for (ScoredGraph g : graphs) {
            aggregator.put(ScoredGraphs.contribution(g));
        }
        long aggregated = System.nanoTime();
        CognitiveMap map = aggregator.snapshot("bench");
        long snapshot = System.nanoTime();
        return new Figures(graphs.size(), graphs.size() / ((aggregated - start) / 1e9), (snapshot - aggregated) / 1e6,
                map, aggregator);
    }

    /** A cheap similarity stand-in with the encoder's call pattern (one call per new label and known concept). */
    public static final ConceptSimilarity WORDS = new ConceptSimilarity() {
        @Override
        public double similarity(String a, String b) {
            Set<String> x = new HashSet<>(List.of(a.split(" ")));
            Set<String> y = new HashSet<>(List.of(b.split(" ")));
            int common = 0;
            for (String w : x) {
                if (y.contains(w)) {
                    common++;
                }
            }
            return (double) common / (x.size() + y.size() - common);
        }

        @Override
        public String name() {
            return "words";
        }
    };

    public static String line(String what, Figures f) {
        return String.format(Locale.ROOT, "%-40s %,8d scored graphs  %,10.0f graphs/s  snapshot %,7.1f ms  "
                        + "(%d concepts, %d edges)", what, f.graphs(), f.graphsPerSecond(), f.snapshotMillis(),
                f.map().concepts().size(), f.map().edges().size());
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int concepts = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        List<ScoredGraph> graphs = graphs(count, concepts, 15);
        run(graphs(20_000, concepts, 1), ConceptSimilarity.NONE); // warm-up
        System.out.println(line("normalised text only", run(graphs, ConceptSimilarity.NONE)));
        System.out.println(line("plus a similarity (word Jaccard)", run(graphs, WORDS)));
    }

    private AggregationBench() {
    }
}
