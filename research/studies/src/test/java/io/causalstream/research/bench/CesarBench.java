package io.causalstream.research.bench;

import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarHeadFile;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarStrength;
import io.causalstream.research.cesar.eval.DefeasibilityData;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CESAR edges scored per second on CPU, end to end (tokenise, encode, head) at several batch sizes, and the head's
 * arithmetic alone on pre-computed embeddings. Input: the 500 (cause, effect) pairs of {@code CS_metric_test.csv}
 * under the defeasibility-in-causality directory given as first argument (default: the test copy). Never run by
 * tests.
 */
public final class CesarBench {

    public static void main(String[] args) throws Exception {
        Path root = args.length > 0 ? Path.of(args[0]) : Path.of("src/test/resources/defeasibility");
        List<TextPair> pairs = new ArrayList<>();
        for (DefeasibilityData.TestRow row : new DefeasibilityData(root).testRows()) {
            pairs.add(new TextPair(row.cause(), row.effect()));
        }
        CesarHead head = CesarHeadFile.readBundled();
        System.out.printf("CESAR benchmark: %d cause/effect pairs, %d cores%n", pairs.size(),
                Runtime.getRuntime().availableProcessors());
        for (int batch : new int[] {1, 8, 32, 64}) {
            try (DjlTokenEncoder encoder = DjlTokenEncoder.open(new EncoderSettings(null, null, null,
                    EncoderSettings.DEFAULT_MAX_TOKENS, batch, 0, null))) {
                CesarScorer scorer = new CesarScorer(encoder, head);
                scorer.strengths(pairs.subList(0, 64)); // warm-up
                long start = System.nanoTime();
                scorer.strengths(pairs);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("  end to end, batch %3d: %7.1f edges/s%n", batch, pairs.size() / seconds);
                if (batch == 32) {
                    List<TokenEmbeddings> encoded = encoder.encodePairs(pairs);
                    int rounds = 5;
                    long t0 = System.nanoTime();
                    double sink = 0;
                    for (int r = 0; r < rounds; r++) {
                        for (TokenEmbeddings t : encoded) {
                            sink += CesarStrength.score(head, t.segment(0), t.segment(1));
                        }
                    }
                    double s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf("  head arithmetic only (d = %d, projection + Wq + Wk): %7.1f edges/s "
                            + "(checksum %.3f)%n", head.dimension(), rounds * encoded.size() / s, sink);
                }
            }
        }
    }

    private CesarBench() {
    }
}
