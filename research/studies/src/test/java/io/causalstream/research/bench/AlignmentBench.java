package io.causalstream.research.bench;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.alignment.AlignmentOptions;
import io.causalstream.alignment.AlignmentResult;
import io.causalstream.alignment.EvaluationView;
import io.causalstream.alignment.NodeOrder;
import io.causalstream.alignment.Preprocessing;
import io.causalstream.alignment.StructuralAligner;
import io.causalstream.alignment.TripleAlignment;
import io.causalstream.alignment.TypedGraph;
import io.causalstream.alignment.empirigraph.LabelStudioGold;
import io.causalstream.alignment.empirigraph.PipelineGraphs;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Times the structure-first alignment on the EmpiriGraph-Psy sample (test resources): every (model, article, view)
 * pair of the 9 pipeline runs, the hardest article (100) under each of the reference's node orders searched to
 * completion, and triple-graph alignments per second at passage size. Prints figures; asserts nothing.
 *
 * <p>Run: {@code mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=alignment}
 */
public final class AlignmentBench {

    private static final List<String> MODELS = List.of("claude_opus47_165", "claude_sonnet46_165",
            "deepseek_v4pro_210", "deepseek_v4pro_low_210", "gemini3flash_165", "gpt4o_165", "gpt52_165", "gpt54_165",
            "gpt54_gpt52_210");
    private static final List<EvaluationView> VIEWS = List.of(EvaluationView.TYPED, EvaluationView.HIGHER_LEVEL,
            EvaluationView.TYPE_AGNOSTIC, EvaluationView.VALIDATED_ONLY);
    private static final int REPEATS = 5;

    private record Pair(String model, int article, EvaluationView view, TypedGraph gold, TypedGraph predicted) {
    }

    public static void main(String[] args) {
        Map<Integer, TypedGraph> gold = LabelStudioGold.read(resource("gold_annotation.json"));
        List<Pair> pairs = new ArrayList<>();
        for (String model : MODELS) {
            Map<Integer, TypedGraph> predicted =
                    PipelineGraphs.read(resource("pipeline/" + model + ".csv"), PipelineGraphs.Stage.STEP5_1);
            for (int id : predicted.keySet()) {
                TypedGraph g = Preprocessing.apply(gold.get(id));
                TypedGraph p = Preprocessing.apply(predicted.get(id));
                for (EvaluationView view : VIEWS) {
                    pairs.add(new Pair(model, id, view, view.apply(g), view.apply(p)));
                }
            }
        }
        StructuralAligner aligner = new StructuralAligner();
        for (int warm = 0; warm < 3; warm++) {
            pairs.forEach(p -> aligner.align(p.gold(), p.predicted()));
        }

        double[] best = new double[pairs.size()];
        Arrays.fill(best, Double.MAX_VALUE);
        int proven = 0;
        long started = System.nanoTime();
        for (int rep = 0; rep < REPEATS; rep++) {
            for (int i = 0; i < pairs.size(); i++) {
                Pair p = pairs.get(i);
                long t = System.nanoTime();
                AlignmentResult r = aligner.align(p.gold(), p.predicted());
                best[i] = Math.min(best[i], (System.nanoTime() - t) / 1e6);
                if (rep == 0 && r.provenOptimal()) {
                    proven++;
                }
            }
        }
        double wallSeconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "alignment, EmpiriGraph-Psy sample: %d (model, article, view) pairs, "
                + "%d proven optimal, %d repeats in %.2f s%n", pairs.size(), proven, REPEATS, wallSeconds);
        for (EvaluationView view : VIEWS) {
            List<Double> times = new ArrayList<>();
            int worst = -1;
            for (int i = 0; i < pairs.size(); i++) {
                if (pairs.get(i).view() == view) {
                    times.add(best[i]);
                    if (worst < 0 || best[i] > best[worst]) {
                        worst = i;
                    }
                }
            }
            times.sort(Double::compare);
            System.out.printf(Locale.ROOT, "  %-16s n=%3d  median %.3f ms  p90 %.3f ms  max %.3f ms (%s article %d)%n",
                    view.condition(), times.size(), times.get(times.size() / 2),
                    times.get((int) (times.size() * 0.9)), times.get(times.size() - 1), pairs.get(worst).model(),
                    pairs.get(worst).article());
        }

        System.out.println("hardest sample article (100), each reference order searched to completion:");
        AlignmentOptions allOrders = AlignmentOptions.DEFAULT.withStopWhenProven(false)
                .withTimeLimitPerOrder(Duration.ofSeconds(60));
        for (String model : List.of("gpt54_gpt52_210", "gpt52_165", "claude_opus47_165")) {
            for (EvaluationView view : List.of(EvaluationView.TYPED, EvaluationView.TYPE_AGNOSTIC)) {
                Pair p = pairs.stream().filter(x -> x.model().equals(model) && x.article() == 100 && x.view() == view)
                        .findFirst().orElseThrow();
                AlignmentResult r = null;
                double[] perOrder = new double[NodeOrder.REFERENCE.size()];
                Arrays.fill(perOrder, Double.MAX_VALUE);
                for (int rep = 0; rep < REPEATS; rep++) {
                    r = new StructuralAligner(allOrders).align(p.gold(), p.predicted());
                    for (int o = 0; o < perOrder.length; o++) {
                        perOrder[o] = Math.min(perOrder[o], r.runs().get(o).elapsed().toNanos() / 1e6);
                    }
                }
                StringBuilder line = new StringBuilder();
                for (int o = 0; o < perOrder.length; o++) {
                    AlignmentResult.OrderRun run = r.runs().get(o);
                    line.append(String.format(Locale.ROOT, " %s=%.2fms/%dn%s", run.order().name(), perOrder[o],
                            run.nodes(), run.timedOut() ? "(TIMEOUT)" : ""));
                }
                System.out.printf(Locale.ROOT, "  %-16s %-18s gold %d/%d edges, pred %d/%d, matched %d, proven %s:%s%n",
                        view.condition(), model, p.gold().nodeCount(), r.goldEdges(), p.predicted().nodeCount(),
                        r.predictedEdges(), r.matched(), r.provenOptimal(), line);
            }
        }

        System.out.println("triple graphs (passage size: 12 triples over 10 concepts, random):");
        Random random = new Random(7);
        List<List<Triple>> graphs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            graphs.add(randomTriples(random, 12, 10));
        }
        TripleAlignment triples = new TripleAlignment();
        for (int warm = 0; warm < 3; warm++) {
            for (int i = 0; i + 1 < graphs.size(); i += 2) {
                triples.align(graphs.get(i), graphs.get(i + 1));
            }
        }
        int n = 0;
        int tripleProven = 0;
        long t = System.nanoTime();
        for (int rep = 0; rep < 5; rep++) {
            for (int i = 0; i + 1 < graphs.size(); i += 2) {
                AlignmentResult r = triples.align(graphs.get(i), graphs.get(i + 1));
                tripleProven += r.provenOptimal() ? 1 : 0;
                n++;
            }
        }
        double seconds = (System.nanoTime() - t) / 1e9;
        System.out.printf(Locale.ROOT, "  %d alignments in %.3f s = %.0f per second, %d proven optimal%n", n, seconds,
                n / seconds, tripleProven);
    }

    private static List<Triple> randomTriples(Random random, int triples, int concepts) {
        List<Triple> out = new ArrayList<>();
        for (int i = 0; i < triples; i++) {
            out.add(Triple.newBuilder().setSource("c" + random.nextInt(concepts))
                    .setTarget("c" + random.nextInt(concepts))
                    .setDirection(random.nextBoolean() ? Direction.INCREASE : Direction.DECREASE).build());
        }
        return out;
    }

    private static Path resource(String relative) {
        try {
            java.net.URI uri = AlignmentBench.class.getResource("/alignment/empirigraph/" + relative).toURI();
            if ("jar".equals(uri.getScheme())) {
                // on the benchmarks' class path the sample is inside a test jar: open the JDK's zip file system once
                try {
                    java.nio.file.FileSystems.getFileSystem(uri);
                } catch (java.nio.file.FileSystemNotFoundException notYet) {
                    java.nio.file.FileSystems.newFileSystem(uri, Map.of());
                }
            }
            return Path.of(uri);
        } catch (URISyntaxException | java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private AlignmentBench() {
    }
}
