package io.causalstream.research.bench;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Encoder throughput on CPU: sequences and tokens per second for single texts and for cause/effect pairs, at a few
 * batch sizes. Input: the cause and effect columns of {@code CS_metric_test.csv} (path as first argument), or a
 * built-in sentence set when absent. Never run by tests.
 */
public final class EncoderBench {

    public static void main(String[] args) throws IOException {
        List<String> causes = new ArrayList<>();
        List<String> effects = new ArrayList<>();
        if (args.length > 0) {
            for (List<String> row : io.causalstream.text.files.Csv.read(Path.of(args[0])).rows()) {
                causes.add(row.get(2));
                effects.add(row.get(5));
            }
        } else {
            for (int i = 0; i < 256; i++) {
                causes.add("The city council raises the parking fees downtown number " + i + ".");
                effects.add("Fewer people drive to the shops in the centre.");
            }
        }
        int[] batchSizes = args.length > 1 ? java.util.Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt)
                .toArray() : new int[] {1, 8, 32, 64};
        for (int batch : batchSizes) {
            EncoderSettings settings = new EncoderSettings(null, null, null, 256, batch, 0, null);
            try (DjlTokenEncoder encoder = DjlTokenEncoder.open(settings)) {
                encoder.encode(causes.subList(0, Math.min(64, causes.size()))); // warm-up
                long t0 = System.nanoTime();
                List<TokenEmbeddings> singles = encoder.encode(causes);
                long t1 = System.nanoTime();
                List<TextPair> pairs = new ArrayList<>();
                for (int i = 0; i < causes.size(); i++) {
                    pairs.add(new TextPair(causes.get(i), effects.get(i)));
                }
                long t2 = System.nanoTime();
                List<TokenEmbeddings> joint = encoder.encodePairs(pairs);
                long t3 = System.nanoTime();
                long singleTokens = singles.stream().mapToLong(TokenEmbeddings::length).sum();
                long pairTokens = joint.stream().mapToLong(TokenEmbeddings::length).sum();
                System.out.printf("batch %3d: single %7.1f seq/s (%8.0f tok/s, mean %.1f tok)  pairs %7.1f seq/s "
                                + "(%8.0f tok/s, mean %.1f tok)  d=%d%n",
                        batch, causes.size() / sec(t0, t1), singleTokens / sec(t0, t1),
                        singleTokens / (double) causes.size(), pairs.size() / sec(t2, t3), pairTokens / sec(t2, t3),
                        pairTokens / (double) pairs.size(), encoder.dimension());
            }
        }
    }

    private static double sec(long from, long to) {
        return (to - from) / 1e9;
    }

    private EncoderBench() {
    }
}
