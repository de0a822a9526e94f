package io.causalstream.research.bench;

import io.causalstream.encoder.EncoderSettings;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.neural.NeuralMeasures;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Node-pair similarities per second of the neural measures with the bundled all-MiniLM-L6-v2 on CPU, every label
 * new (cold embedding cache) and then every label seen (warm cache, the usual case when a passage's annotations
 * are re-scored). Prints its figures; not a test.
 */
public final class NeuralMeasureBench {

    private static final String[] WORDS = {"rainfall", "drought", "crop", "yields", "food", "prices", "conflict",
        "migration", "income", "health", "access", "water", "roads", "markets", "violence", "aid", "households",
        "livestock", "soil", "erosion", "investment", "education", "employment", "poverty", "insecurity"};

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Random random = new Random(42);
        List<String[]> labels = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            labels.add(new String[] {phrase(random, i), phrase(random, i + pairs)});
        }
        try (NeuralMeasures neural = NeuralMeasures.open(EncoderSettings.bundledMiniLm())) {
            for (NodeSimilarity measure : neural.all()) {
                measure.similarity("warm up", "the JIT and the session");
                long t0 = System.nanoTime();
                double sum = 0;
                for (String[] p : labels) {
                    sum += measure.similarity(p[0], p[1]);
                }
                double cold = pairs / ((System.nanoTime() - t0) / 1e9);
                t0 = System.nanoTime();
                for (String[] p : labels) {
                    sum += measure.similarity(p[0], p[1]);
                }
                double warm = pairs / ((System.nanoTime() - t0) / 1e9);
                System.out.printf("%-18s %,10.0f pairs/s cold (new labels)  %,12.0f pairs/s warm   (checksum %.3f)%n",
                        measure.name(), cold, warm, sum);
            }
            // Whole graphs through the edge-set scorer, every label new: the scorer hands the similarity all labels
            // of both graphs first (NodeSimilarity.prepare), so they are encoded in one batch per graph pair.
            int graphs = Math.max(1, pairs / 20);
            for (NodeSimilarity measure : neural.all()) {
                EdgeSetScorer scorer = new EdgeSetScorer(measure, 0.7);
                long t0 = System.nanoTime();
                int scored = 0;
                for (int g = 0; g < graphs; g++) {
                    List<Edge> predicted = new ArrayList<>();
                    List<Edge> gold = new ArrayList<>();
                    for (int e = 0; e < 5; e++) {
                        predicted.add(new Edge(phrase(random, 10 * pairs + g * 20 + e), phrase(random,
                                11 * pairs + g * 20 + e), Direction.INCREASE));
                        gold.add(new Edge(phrase(random, 12 * pairs + g * 20 + e), phrase(random,
                                13 * pairs + g * 20 + e), Direction.INCREASE));
                    }
                    scored += scorer.score(predicted, gold).tp() >= 0 ? 1 : 0;
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                System.out.printf("%-18s %,10.1f graph pairs/s cold (5 + 5 edges, 20 new labels each, %,.0f labels/s)%n",
                        measure.name(), scored / seconds, 20 * scored / seconds);
            }
        }
    }

    /** Distinct labels: two or three words plus a number, so the embedding cache never hits in the cold run. */
    private static String phrase(Random random, int i) {
        int n = 2 + random.nextInt(2);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            sb.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        return sb.append("in region ").append(i).toString();
    }
}
