package io.causalstream.cesar;

import static io.causalstream.cesar.RandomHeads.matrix;
import static io.causalstream.cesar.RandomHeads.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.OnnxGraph;
import io.causalstream.encoder.PairModel;
import io.causalstream.encoder.TextPair;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The whole head as one ONNX graph ({@link CesarGraph}) scores as the plain-Java reference ({@link CesarStrength}):
 * appended to the real MiniLM's graph on real pairs, and alone on random padded batches of a random head.
 */
class CesarGraphTest {

    private static final List<TextPair> PAIRS = List.of(
            new TextPair("Heavy rain fell for three days.", "The river flooded the valley."),
            new TextPair("Fire starts.", "House burns."),
            new TextPair("The central bank raises interest rates to curb inflation, as analysts expected. [SEP] "
                    + "Mortgage demand was already weak.", "House prices fall."),
            new TextPair("Smoking", "Lung cancer"),
            new TextPair("A drought destroyed most of the harvest in the region, and food imports were blocked by "
                    + "the war that started in the spring.", "Bread prices doubled within a month."),
            new TextPair("She studied every evening.", "She passed the exam. [SEP] The exam was easy."),
            new TextPair("x", "y"));

    @Test
    void theHeadInTheEncodersGraphScoresAsTheReferenceOnRealPairs() throws Exception {
        CesarHead head = CesarHeadFile.readBundled();
        try (DjlTokenEncoder encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm())) {
            CesarScorer scorer = new CesarScorer(encoder, head);
            assertThat(scorer.inEncoderGraph()).isTrue();
            List<TextPair> pairs = new ArrayList<>(PAIRS);
            pairs.addAll(PAIRS.stream().map(p -> new TextPair(p.second(), p.first())).toList());
            double[] fused = scorer.strengths(pairs);
            double[] reference = scorer.referenceStrengths(pairs);
            double[] kernel = new CesarScorer(encoder, head, new CesarKernel(head)).strengths(pairs);
            for (int i = 0; i < pairs.size(); i++) {
                assertThat(fused[i]).as("pair %d", i).isCloseTo(reference[i], within(1e-4))
                        .isCloseTo(kernel[i], within(1e-4));
            }
            // batch-mates and padding do not change a pair's score
            assertThat(scorer.strengths(pairs.subList(0, 1))[0]).isCloseTo(fused[0], within(1e-5));
            assertThat(scorer.strengths(pairs.subList(4, 5))[0]).isCloseTo(fused[4], within(1e-5));
        }
    }

    @Test
    void aRandomHeadAloneScoresPaddedBatchesAsTheReference() throws Exception {
        Random random = new Random(5);
        int d = 24;
        int hidden = 40;
        assertAloneAgrees(RandomHeads.withContextAndProjection(random, d, hidden), random);
        assertAloneAgrees(RandomHeads.plain(random, d), random);
    }

    /** Pairs of 1..12 cause and 1..8 effect tokens, padded to the longest, with padding rows of large values. */
    private static void assertAloneAgrees(CesarHead head, Random random) throws Exception {
        int d = head.dimension();
        int batch = 9;
        List<float[][]> causes = new ArrayList<>();
        List<float[][]> effects = new ArrayList<>();
        int width = 0;
        for (int b = 0; b < batch; b++) {
            causes.add(matrix(random, 1 + random.nextInt(12), d, 1f));
            effects.add(matrix(random, 1 + random.nextInt(8), d, 1f));
            width = Math.max(width, causes.get(b).length + effects.get(b).length);
        }
        float[] hidden = new float[batch * width * d];
        long[] mask = new long[batch * width];
        long[] types = new long[batch * width];
        for (int b = 0; b < batch; b++) {
            int n = causes.get(b).length;
            int m = effects.get(b).length;
            for (int t = 0; t < width; t++) {
                float[] row = t < n ? causes.get(b)[t] : t < n + m ? effects.get(b)[t - n] : vector(random, d, 50, 9f);
                System.arraycopy(row, 0, hidden, (b * width + t) * d, d);
                mask[b * width + t] = t < n + m ? 1 : 0;
                types[b * width + t] = t < n ? 0 : 1; // padding typed 1, as a tokenizer's padding may be
            }
        }
        OnnxGraph graph = CesarGraph.of(head)
                .input(PairModel.HIDDEN, OnnxGraph.FLOAT, "batch", "tokens", d)
                .input("attention_mask", OnnxGraph.INT64, "batch", "tokens")
                .input("token_type_ids", OnnxGraph.INT64, "batch", "tokens");
        ai.djl.engine.Engine.getEngine("OnnxRuntime"); // DJL creates the environment with its options first
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession session = env.createSession(graph.model("cesar", 11), new OrtSession.SessionOptions());
             OnnxTensor h = OnnxTensor.createTensor(env, FloatBuffer.wrap(hidden), new long[] {batch, width, d});
             OnnxTensor am = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), new long[] {batch, width});
             OnnxTensor tt = OnnxTensor.createTensor(env, LongBuffer.wrap(types), new long[] {batch, width});
             OrtSession.Result result = session.run(Map.of(PairModel.HIDDEN, h, "attention_mask", am,
                     "token_type_ids", tt))) {
            float[] scores = new float[batch];
            ((OnnxTensor) result.get(0)).getFloatBuffer().get(scores);
            for (int b = 0; b < batch; b++) {
                assertThat((double) scores[b]).as("pair %d of %s", b, head)
                        .isCloseTo(CesarStrength.score(head, causes.get(b), effects.get(b)), within(1e-4));
            }
        }
    }
}
