package io.causalstream.research.extraction.tune;

import static io.causalstream.encoder.tune.EngineMemory.constant;
import static io.causalstream.encoder.tune.EngineMemory.own;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.ParameterTracker;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.tune.BertConfig;
import io.causalstream.encoder.tune.BertEncoderBlock;
import io.causalstream.encoder.tune.EncoderDelta;
import io.causalstream.extractor.backend.model.RelationHead;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fine-tunes the extractor end to end on the PyTorch engine (CPU): the encoder's top layers, the relation head and the
 * claim detector of a {@link JointBlock}, with Adam, a learning rate that warms up then decays linearly (the heads'
 * rate a multiple of the encoder's), a weighted cross-entropy over sampled pairs (positives weigh more: edges are rare
 * among pairs) and a logistic loss on the claim labels. After each epoch the weights are copied out of the engine
 * ({@link Trained}); once training has ended and the engine's model is closed, each epoch's weights go to a check
 * (the validation split), which returns its score, and the best epoch's result is kept. The checks run ONNX Runtime
 * and the extractor; they run after the last step so that nothing they do can touch a training step.
 *
 * <p>A step whose loss or gradients are not finite changes nothing: its gradients are dropped and the step is
 * counted as skipped (as mixed-precision trainers skip an overflowing step), so one numerical accident does not
 * carry NaN into every weight through Adam's moments. Training stops with a clear error only when
 * {@value #SKIPS_BEFORE_GIVING_UP} steps in a row are skipped.
 *
 * <p>Seeded: the heads' initial weights come from the seed, a {@link Random} of the same seed orders the batches and
 * samples the negatives, and PyTorch runs with the single thread the CLI sets. Each epoch's report carries a
 * fingerprint of the trainable weights (SHA-256 of their fp32 values), so two runs can be compared epoch by epoch.
 */
public final class EncoderTuner {

    private static final Logger LOG = LoggerFactory.getLogger(EncoderTuner.class);

    /** Consecutive skipped steps after which the weights are taken to be lost. */
    static final int SKIPS_BEFORE_GIVING_UP = 20;

    /**
     * @param tuneLayers     encoder layers trained, counted from the top (the embeddings stay frozen)
     * @param headRate       the heads' learning rate as a multiple of the encoder's
     * @param negatives      negative pairs sampled per sentence and step
     * @param positiveWeight weight of a positive pair in the pair loss (a negative weighs 1)
     * @param claimWeight    weight of the claim loss beside the pair loss
     * @param tagWeight      weight of each tagger's loss (concepts, cause–effect spans) beside the pair loss
     */
    public record Options(int epochs, int batchSize, int tuneLayers, float learningRate, float headRate,
                          int negatives, float positiveWeight, float claimWeight, int hidden, long seed,
                          float tagWeight) {
        public Options {
            if (epochs < 1 || batchSize < 1 || tuneLayers < 0 || learningRate <= 0 || headRate <= 0 || negatives < 0
                    || positiveWeight <= 0 || claimWeight < 0 || hidden < 1 || tagWeight < 0) {
                throw new IllegalArgumentException("invalid tuning options " + this);
            }
        }

        /** Options without tagger loss. */
        public Options(int epochs, int batchSize, int tuneLayers, float learningRate, float headRate, int negatives,
                       float positiveWeight, float claimWeight, int hidden, long seed) {
            this(epochs, batchSize, tuneLayers, learningRate, headRate, negatives, positiveWeight, claimWeight, hidden,
                    seed, 0f);
        }
    }

    /** A check's verdict on an epoch: its score (higher is better), what to keep, a note for the model card. */
    public record Check<T>(double score, T kept, String note) {
    }

    /**
     * @param weights the first 12 hex digits of the SHA-256 of the trainable weights' fp32 values after the epoch
     * @param note    the check's note
     */
    public record EpochReport(int epoch, double pairLoss, double claimLoss, double seconds, String weights,
                              String note) {
    }

    /** What an epoch left, copied out of the engine: the encoder's changes from the base, and the heads. */
    public record Trained(int epoch, EncoderDelta delta, JointBlock.Heads heads) {
    }

    /** @param skipped steps skipped because a loss or gradient was not finite */
    public record Result<T>(T best, int bestEpoch, List<EpochReport> epochs, int steps, int skipped, double seconds) {
    }

    public static <T> Result<T> train(OnnxModel base, List<TuningSentence> sentences, Options o,
                                      Function<Trained, Check<T>> check) {
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException("nothing to tune on");
        }
        Engine engine = Engine.getEngine("PyTorch");
        engine.setRandomSeed((int) o.seed());
        BertConfig config = BertConfig.of(base);
        BertEncoderBlock encoder = BertEncoderBlock.from(base).trainableLayers(o.tuneLayers());
        JointBlock block = new JointBlock(encoder, config.hidden(), o.hidden(), o.seed());
        Random random = new Random(o.seed());
        int stepsPerEpoch = (sentences.size() + o.batchSize() - 1) / o.batchSize();
        int total = stepsPerEpoch * o.epochs();
        int warmup = Math.max(1, total / 10);
        Set<String> heads = new HashSet<>(block.headParameters());
        ParameterTracker rate = (String id, int update) -> {
            float scale = update < warmup ? (update + 1f) / warmup
                    : Math.max(0.05f, 1f - (float) (update - warmup) / Math.max(1, total - warmup));
            return o.learningRate() * scale * (heads.contains(id) ? o.headRate() : 1f);
        };
        long start = System.nanoTime();
        Map<String, FloatTensor> baseWeights = base.floatWeights();
        List<Trained> trained = new ArrayList<>();
        List<EpochReport> losses = new ArrayList<>();
        int steps = 0;
        int skipped = 0;
        int skippedInARow = 0;
        try (Model model = Model.newInstance("extractor-tune", Device.cpu(), "PyTorch")) {
            model.setBlock(block);
            DefaultTrainingConfig training = new DefaultTrainingConfig(Loss.l2Loss())
                    .optOptimizer(Optimizer.adam().optLearningRateTracker(rate).build())
                    .optDevices(new Device[] {Device.cpu()});
            try (Trainer trainer = model.newTrainer(training)) {
                trainer.initialize(new Shape(1, 4), new Shape(1, 4), new Shape(4, 4), new Shape(1, 5),
                        new Shape(1, 4));
                for (int epoch = 1; epoch <= o.epochs(); epoch++) {
                    long epochStart = System.nanoTime();
                    double pairLoss = 0;
                    double claimLoss = 0;
                    double tagLoss = 0;
                    List<List<TuningSentence>> batches = batches(sentences, o.batchSize(), random);
                    int counted = 0;
                    for (int k = 0; k < batches.size(); k++) {
                        double[] loss = step(trainer, block, TuningBatch.of(batches.get(k), o.negatives(), random), o);
                        if (loss == null) {
                            skipped++;
                            skippedInARow++;
                            LOG.warn("epoch {} step {}: skipped, a loss or gradient is not finite ({} in a row)", epoch,
                                    k + 1, skippedInARow);
                            if (skippedInARow >= SKIPS_BEFORE_GIVING_UP) {
                                throw new IllegalStateException(String.format(Locale.ROOT, "training diverged at "
                                        + "epoch %d step %d (%d steps in a row with a loss or gradient that is not "
                                        + "finite): lower --lr or --head-rate", epoch, k + 1, skippedInARow));
                            }
                            continue;
                        }
                        skippedInARow = 0;
                        counted++;
                        pairLoss += loss[0];
                        claimLoss += loss[1];
                        tagLoss += loss[2];
                        steps++;
                        if ((k + 1) % 20 == 0 || k + 1 == batches.size()) {
                            LOG.info("epoch {} step {}/{}: pair loss {}, claim loss {}, tag loss {}, {} s", epoch,
                                    k + 1, batches.size(), String.format("%.4f", pairLoss / counted),
                                    String.format("%.4f", claimLoss / counted), String.format("%.4f", tagLoss / counted),
                                    String.format("%.0f", (System.nanoTime() - epochStart) / 1e9));
                        }
                    }
                    String weights = fingerprint(block);
                    trained.add(new Trained(epoch, EncoderDelta.between(baseWeights, block.encoder().weights()),
                            block.heads()));
                    losses.add(new EpochReport(epoch, pairLoss / Math.max(1, counted),
                            claimLoss / Math.max(1, counted), (System.nanoTime() - epochStart) / 1e9, weights, ""));
                    LOG.info("epoch {}: weights {}", epoch, weights);
                }
            }
        }
        List<EpochReport> reports = new ArrayList<>();
        T best = null;
        int bestEpoch = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (Trained t : trained) {
            Check<T> verdict = check.apply(t);
            EpochReport e = losses.get(t.epoch() - 1);
            reports.add(new EpochReport(e.epoch(), e.pairLoss(), e.claimLoss(), e.seconds(), e.weights(),
                    verdict.note()));
            LOG.info("epoch {}: {}", t.epoch(), verdict.note());
            if (verdict.score() > bestScore) {
                bestScore = verdict.score();
                best = verdict.kept();
                bestEpoch = t.epoch();
            }
        }
        return new Result<>(best, bestEpoch, reports, steps, skipped, (System.nanoTime() - start) / 1e9);
    }

    /** The first 12 hex digits of the SHA-256 of the trainable weights' fp32 values, in the block's order. */
    static String fingerprint(JointBlock block) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Pair<String, Parameter> p : block.getParameters()) {
                if (p.getValue().requiresGradient()) {
                    float[] values = p.getValue().getArray().toFloatArray();
                    ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                    bytes.asFloatBuffer().put(values);
                    sha.update(bytes.array());
                }
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The epoch's batches: the sentences shuffled, cut into runs of 32 batches, each run sorted by length (little
     * padding) and cut into batches, the batches shuffled again.
     */
    static List<List<TuningSentence>> batches(List<TuningSentence> sentences, int size, Random random) {
        List<TuningSentence> order = new ArrayList<>(sentences);
        Collections.shuffle(order, random);
        List<List<TuningSentence>> out = new ArrayList<>();
        int run = size * 32;
        for (int from = 0; from < order.size(); from += run) {
            List<TuningSentence> chunk = new ArrayList<>(order.subList(from, Math.min(order.size(), from + run)));
            chunk.sort(Comparator.comparingInt(TuningSentence::length));
            for (int b = 0; b < chunk.size(); b += size) {
                out.add(List.copyOf(chunk.subList(b, Math.min(chunk.size(), b + size))));
            }
        }
        Collections.shuffle(out, random);
        return out;
    }

    /** One step; {pair, claim, tag loss}, or null when it was skipped because a loss or gradient is not finite. */
    private static double[] step(Trainer trainer, JointBlock block, TuningBatch batch, Options o) {
        try (NDManager m = trainer.getManager().newSubManager()) {
            int columns = batch.sentences() * batch.width();
            NDList inputs = new NDList(
                    own(m.create(batch.ids(), new Shape(batch.sentences(), batch.width()))),
                    own(m.create(batch.mask(), new Shape(batch.sentences(), batch.width()))),
                    own(m.create(batch.pairPool(), new Shape(4L * batch.examples(), columns))),
                    own(m.create(batch.scalars(), new Shape(batch.examples(), 5))),
                    own(m.create(batch.claimPool(), new Shape(batch.claimExamples(), columns))));
            double[] out = new double[3];
            boolean finite;
            try (GradientCollector collector = trainer.newGradientCollector()) {
                NDList predictions = trainer.forward(inputs);
                NDArray loss = null;
                if (batch.examples() > 0) {
                    float[] oneHot = new float[batch.examples() * RelationHead.CLASSES];
                    float[] either = new float[batch.examples() * RelationHead.CLASSES];
                    float[] unsigned = new float[batch.examples()];
                    float[] weights = new float[batch.examples()];
                    float weightSum = 0;
                    boolean anyUnsigned = false;
                    for (int x = 0; x < batch.examples(); x++) {
                        int label = (int) batch.pairLabels()[x];
                        if (label == TuningSentence.CAUSAL) {
                            // causal, sign not given: the likelihood of either sign, log(p_increase + p_decrease)
                            either[x * RelationHead.CLASSES + 1] = 1;
                            either[x * RelationHead.CLASSES + 2] = 1;
                            unsigned[x] = 1;
                            anyUnsigned = true;
                        } else {
                            oneHot[x * RelationHead.CLASSES + label] = 1;
                        }
                        weights[x] = label > 0 ? o.positiveWeight() : 1f;
                        weightSum += weights[x];
                    }
                    NDArray logp = predictions.get(0).logSoftmax(1);
                    NDArray picked = logp.mul(own(m.create(oneHot, new Shape(batch.examples(), RelationHead.CLASSES))))
                            .sum(new int[] {1});
                    if (anyUnsigned) {
                        NDArray eitherSign = logp.exp()
                                .mul(own(m.create(either, new Shape(batch.examples(), RelationHead.CLASSES))))
                                .sum(new int[] {1}).add(constant(logp, 1e-12f)).log()
                                .mul(own(m.create(unsigned)));
                        picked = picked.add(eitherSign);
                    }
                    NDArray pair = picked.mul(own(m.create(weights))).sum().neg().div(constant(picked, weightSum));
                    out[0] = pair.toType(DataType.FLOAT32, false).getFloat();
                    loss = pair;
                }
                if (batch.claimExamples() > 0 && o.claimWeight() > 0) {
                    NDArray z = predictions.get(1);
                    NDArray y = own(m.create(batch.claimLabels()));
                    // log(1 + e^z) - y z, written so that no exponent overflows
                    NDArray bce = z.maximum(constant(z, 0f)).add(z.abs().neg().exp().add(1f).log()).sub(z.mul(y)).mean();
                    out[1] = bce.toType(DataType.FLOAT32, false).getFloat();
                    NDArray weighted = bce.mul(constant(bce, o.claimWeight()));
                    loss = loss == null ? weighted : loss.add(weighted);
                }
                for (int k = 0; o.tagWeight() > 0 && k < batch.tags().length; k++) {
                    NDArray tag = tagLoss(m, predictions.get(2 + k), batch.tags()[k], JointBlock.tags(k));
                    if (tag != null) {
                        out[2] += tag.toType(DataType.FLOAT32, false).getFloat();
                        NDArray weighted = tag.mul(constant(tag, o.tagWeight()));
                        loss = loss == null ? weighted : loss.add(weighted);
                    }
                }
                finite = Double.isFinite(out[0]) && Double.isFinite(out[1]) && Double.isFinite(out[2]);
                if (finite && loss != null) {
                    collector.backward(loss);
                    finite = finiteGradients(block);
                }
                if (!finite) {
                    collector.zeroGradients();
                }
            }
            if (!finite) {
                return null;
            }
            trainer.step();
            return out;
        }
    }

    /**
     * The mean cross-entropy of the pieces that have a tag ({@code tags[p] >= 0}) under {@code logits} [pieces, k];
     * null when no piece has one.
     */
    private static NDArray tagLoss(NDManager m, NDArray logits, int[] tags, int k) {
        float[] oneHot = new float[tags.length * k];
        int n = 0;
        for (int p = 0; p < tags.length; p++) {
            if (tags[p] >= 0) {
                oneHot[p * k + tags[p]] = 1;
                n++;
            }
        }
        if (n == 0) {
            return null;
        }
        NDArray logp = logits.logSoftmax(1);
        return logp.mul(own(m.create(oneHot, new Shape(tags.length, k)))).sum().neg().div(constant(logp, (float) n));
    }

    /** Whether every trainable parameter's gradient is finite (a sum is NaN or infinite when an element is). */
    private static boolean finiteGradients(JointBlock block) {
        for (Pair<String, Parameter> p : block.getParameters()) {
            NDArray array = p.getValue().getArray();
            if (!p.getValue().requiresGradient() || !array.hasGradient()) {
                continue;
            }
            try (NDArray gradient = array.getGradient(); NDArray sum = gradient.sum()) {
                if (!Float.isFinite(sum.getFloat())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The names of the block's parameters that training may change (for the model card and the tests). */
    public static List<String> trainable(JointBlock block) {
        List<String> out = new ArrayList<>();
        for (Pair<String, Parameter> p : block.getParameters()) {
            if (p.getValue().requiresGradient()) {
                out.add(p.getKey());
            }
        }
        return out;
    }

    private EncoderTuner() {
    }
}
