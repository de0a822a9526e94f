package io.causalstream.research.cesar.train;

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
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.LinearTracker;
import io.causalstream.cesar.CesarHead;
import io.causalstream.research.cesar.data.TrainingExample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trains a {@link CesarHead} on frozen encoder embeddings with DJL's training API (PyTorch engine, CPU): MSE
 * between CS and the example's target, AdamW with a linearly decaying learning rate, as in the paper (which
 * fine-tuned BERT at 1e-5; a head trained from scratch needs a larger rate).
 *
 * <p>Reproducible: example order, batch composition and initial weights come from the seed; PyTorch runs with a
 * fixed thread count set by the CLI.
 */
public final class CesarTrainer {

    private static final Logger LOG = LoggerFactory.getLogger(CesarTrainer.class);
    /**
     * A step whose loss or gradient is not finite is skipped (never applied, so one bad batch cannot turn every
     * weight into NaN); this many in a row means training has diverged and it stops.
     */
    static final int MAX_CONSECUTIVE_SKIPS = 20;
    /** Directory for the parameters and batch of the first skipped step (default: java.io.tmpdir). */
    public static final String DUMP_DIR_PROPERTY = "cesar.train.dump-dir";
    /** Examples sorted by length within windows of this many batches, so a batch pads little. */
    private static final int BUCKET_BATCHES = 50;

    /**
     * @param logitScale factor on Q K^T while training, folded into the saved Wq (see {@link CesarHeadBlock})
     * @param clipGrad   gradient clipping bound (0: none)
     * @param contextHeads  heads of the context layer (0: none)
     * @param contextHidden feed-forward size of the context layer
     */
    public record Options(int epochs, int batchSize, float learningRate, float weightDecay, float initStd,
                          boolean projected, long seed, float logitScale, float clipGrad, int contextHeads,
                          int contextHidden) {

        public Options {
            if (epochs < 1 || batchSize < 1 || learningRate <= 0 || weightDecay < 0 || initStd <= 0
                    || logitScale <= 0 || clipGrad < 0) {
                throw new IllegalArgumentException("invalid training options " + this);
            }
        }
    }

    public record EpochReport(int epoch, double meanLoss, double seconds, String note) {
    }

    /** What the after-epoch check says: a score to keep the best epoch by (higher is better) and a note. */
    public record EpochCheck(double score, String note) {
    }

    /**
     * @param head      the head of the best epoch by the after-epoch check (the last one without a check)
     * @param bestEpoch its epoch number
     */
    public record Result(CesarHead head, int bestEpoch, List<EpochReport> epochs, double seconds) {
    }

    /**
     * @param selected   indices of the examples (and store entries) to train on
     * @param afterEpoch called with the head after every epoch (a validation-split check); the epoch with the best
     *                   score is the one returned, and training stops early if the loss is no longer finite
     */
    public static Result train(EmbeddingStore store, List<TrainingExample> examples, int[] selected,
                               Options options, String encoderName, Function<CesarHead, EpochCheck> afterEpoch) {
        if (store.size() != examples.size()) {
            throw new IllegalArgumentException("store and examples differ in size");
        }
        Engine engine = Engine.getEngine("PyTorch");
        engine.setRandomSeed((int) options.seed());
        int d = store.dimension();
        int stepsPerEpoch = (selected.length + options.batchSize() - 1) / options.batchSize();
        int totalSteps = stepsPerEpoch * options.epochs();
        LinearTracker schedule = LinearTracker.builder()
                .setBaseValue(options.learningRate())
                .optSlope(-options.learningRate() / totalSteps)
                .optMinValue(0f)
                .build();
        var adamW = Optimizer.adamW()
                .optLearningRateTracker(schedule)
                .optWeightDecays(options.weightDecay());
        if (options.clipGrad() > 0) {
            adamW.optClipGrad(options.clipGrad());
        }
        Optimizer optimizer = adamW.build();
        CesarHeadBlock block = new CesarHeadBlock(d, new CesarHeadBlock.Settings(options.projected(),
                options.initStd(), options.seed(), options.logitScale(), options.contextHeads(),
                options.contextHidden()));
        List<EpochReport> reports = new ArrayList<>();
        CesarHead best = null;
        int bestEpoch = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        long start = System.nanoTime();
        try (Model model = Model.newInstance("cesar-head", Device.cpu(), "PyTorch")) {
            model.setBlock(block);
            DefaultTrainingConfig config = new DefaultTrainingConfig(new MeanSquaredError())
                    .optOptimizer(optimizer)
                    .optDevices(new Device[] {Device.cpu()});
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(1, 2, d), new Shape(1, 2), new Shape(1, 2));
                Random random = new Random(options.seed());
                for (int epoch = 1; epoch <= options.epochs(); epoch++) {
                    long epochStart = System.nanoTime();
                    List<int[]> batches = batches(store, selected, options.batchSize(), random);
                    double lossSum = 0;
                    double maxGradNorm = 0;
                    long seen = 0;
                    int skipped = 0;
                    int consecutive = 0;
                    for (int b = 0; b < batches.size(); b++) {
                        int[] batch = batches.get(b);
                        double[] lossAndNorm = step(trainer, block, store, examples, batch);
                        double loss = lossAndNorm[0];
                        if (!Double.isFinite(loss) || !Double.isFinite(lossAndNorm[1])) {
                            // the update was not applied (see step): the weights are still those of the last
                            // finite step; say which batch and which gradients, then go on or give up
                            skipped++;
                            consecutive++;
                            LOG.warn("epoch {} step {}: loss {}, gradient norm {} on examples {}; step skipped "
                                            + "({} in a row); parameters {}; gradients {}", epoch, b + 1, loss,
                                    lossAndNorm[1], java.util.Arrays.toString(batch), consecutive,
                                    parameterRanges(block), gradientRanges(block));
                            if (skipped == 1) {
                                dump(block, batch, options.seed(), epoch, b + 1);
                            }
                            zeroGradients(block);
                            if (consecutive >= MAX_CONSECUTIVE_SKIPS) {
                                lossSum = Double.NaN;
                                seen = Math.max(seen, 1);
                                break;
                            }
                            continue;
                        }
                        consecutive = 0;
                        lossSum += loss * batch.length;
                        seen += batch.length;
                        maxGradNorm = Math.max(maxGradNorm, lossAndNorm[1]);
                        if ((b + 1) % 200 == 0) {
                            LOG.info("epoch {} step {}/{} mean loss {} max gradient norm {}", epoch, b + 1,
                                    batches.size(), String.format("%.5f", lossSum / seen),
                                    String.format("%.3g", maxGradNorm));
                            maxGradNorm = 0;
                            LOG.debug("parameters {}", parameterRanges(block));
                        }
                    }
                    double meanLoss = lossSum / seen;
                    if (!Double.isFinite(meanLoss)) {
                        LOG.warn("epoch {}: loss is {}, stopping; keeping epoch {}", epoch, meanLoss, bestEpoch);
                        reports.add(new EpochReport(epoch, meanLoss, (System.nanoTime() - epochStart) / 1e9,
                                "diverged, discarded"));
                        break;
                    }
                    CesarHead head = block.toHead(encoderName, "");
                    EpochCheck check = afterEpoch == null ? new EpochCheck(epoch, "") : afterEpoch.apply(head);
                    EpochReport report = new EpochReport(epoch, meanLoss, (System.nanoTime() - epochStart) / 1e9,
                            check.note() + (skipped == 0 ? "" : " (" + skipped + " non-finite steps skipped)"));
                    LOG.info("epoch {} done: mean MSE {} in {} s {}", epoch, String.format("%.5f", report.meanLoss()),
                            String.format("%.0f", report.seconds()), check.note());
                    reports.add(report);
                    if (check.score() > bestScore) {
                        bestScore = check.score();
                        best = head;
                        bestEpoch = epoch;
                    }
                }
            }
            if (best == null) {
                throw new IllegalStateException("training diverged in the first epoch; lower --lr");
            }
            return new Result(best, bestEpoch, reports, (System.nanoTime() - start) / 1e9);
        }
    }

    /** Largest absolute value of every parameter, for diagnosing divergence. */
    private static String parameterRanges(CesarHeadBlock block) {
        StringBuilder s = new StringBuilder();
        for (var p : block.getParameters()) {
            NDArray a = p.getValue().getArray();
            s.append(p.getKey()).append('=').append(String.format("%.3g", a.abs().max().getFloat())).append(' ');
        }
        return s.toString();
    }

    /** Largest absolute gradient of every parameter, for diagnosing divergence. */
    private static String gradientRanges(CesarHeadBlock block) {
        StringBuilder s = new StringBuilder();
        for (var p : block.getParameters()) {
            NDArray g = p.getValue().getArray().getGradient();
            s.append(p.getKey()).append('=').append(String.format("%.3g", g.abs().max().getFloat()))
                    .append(g.isNaN().any().getBoolean() ? "(NaN)" : "").append(' ');
        }
        return s.toString();
    }

    /** Parameters before the failing update and the failing batch, for replaying the step (diagnosis only). */
    private static void dump(CesarHeadBlock block, int[] batch, long seed, int epoch, int step) {
        String dir = System.getProperty(DUMP_DIR_PROPERTY, System.getProperty("java.io.tmpdir"));
        java.nio.file.Path file = java.nio.file.Path.of(dir, "cesar-nonfinite-seed" + seed + "-e" + epoch + "-s" + step + ".params");
        try (var out = new java.io.DataOutputStream(java.nio.file.Files.newOutputStream(file))) {
            out.writeInt(batch.length);
            for (int i : batch) {
                out.writeInt(i);
            }
            block.saveParameters(out);
            LOG.warn("parameters and batch of the failing step written to {}", file);
        } catch (IOException e) {
            LOG.warn("could not write {}: {}", file, e.toString());
        }
    }

    /**
     * Sets every gradient to 0. The optimiser zeroes them after an update; a skipped step must do it itself, and
     * by assignment: subtracting a gradient from itself leaves NaN in place.
     */
    static void zeroGradients(CesarHeadBlock block) {
        for (var p : block.getParameters()) {
            try (NDArray g = p.getValue().getArray().getGradient()) {
                g.set(new ai.djl.ndarray.index.NDIndex("..."), 0f);
            }
        }
    }

    /** Global L2 norm of the gradients of the last backward pass. */
    private static double gradientNorm(CesarHeadBlock block) {
        double sum = 0;
        for (var p : block.getParameters()) {
            // every array made here is closed: they would otherwise live as long as the parameters
            try (NDArray g = p.getValue().getArray().getGradient(); NDArray square = g.square();
                 NDArray total = square.sum()) {
                sum += total.getFloat();
            }
        }
        return Math.sqrt(sum);
    }

    /** One optimiser step; returns {loss, gradient norm}. A non-finite step is not applied. */
    private static double[] step(Trainer trainer, CesarHeadBlock block, EmbeddingStore store,
                                 List<TrainingExample> examples, int[] batch) {
        int d = store.dimension();
        int width = 0;
        for (int i : batch) {
            width = Math.max(width, store.length(i));
        }
        float[] x = new float[batch.length * width * d];
        float[] causeMask = new float[batch.length * width];
        float[] effectMask = new float[batch.length * width];
        float[] targets = new float[batch.length];
        try {
            for (int b = 0; b < batch.length; b++) {
                int i = batch[b];
                store.read(i, x, b * width * d);
                int cause = store.causeLength(i);
                for (int t = 0; t < store.length(i); t++) {
                    (t < cause ? causeMask : effectMask)[b * width + t] = 1f;
                }
                targets[b] = (float) examples.get(i).strength();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (NDManager manager = trainer.getManager().newSubManager()) {
            NDList data = new NDList(
                    manager.create(x, new Shape(batch.length, width, d)),
                    manager.create(causeMask, new Shape(batch.length, width)),
                    manager.create(effectMask, new Shape(batch.length, width)));
            NDList labels = new NDList(manager.create(targets));
            float loss;
            try (GradientCollector collector = trainer.newGradientCollector()) {
                NDList predictions = trainer.forward(data, labels);
                NDArray value = trainer.getLoss().evaluate(labels, predictions);
                collector.backward(value);
                loss = value.toType(DataType.FLOAT32, false).getFloat();
            }
            double norm = gradientNorm(block);
            if (Double.isFinite(loss) && Double.isFinite(norm)) {
                trainer.step();
            }
            return new double[] {loss, norm};
        }
    }

    /** Seeded shuffle, then length-sorted windows cut into batches, then the batches shuffled. */
    static List<int[]> batches(EmbeddingStore store, int[] selected, int batchSize, Random random) {
        List<Integer> order = new ArrayList<>(selected.length);
        for (int i : selected) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        List<int[]> batches = new ArrayList<>();
        int window = batchSize * BUCKET_BATCHES;
        for (int from = 0; from < order.size(); from += window) {
            List<Integer> bucket = new ArrayList<>(order.subList(from, Math.min(order.size(), from + window)));
            bucket.sort(Comparator.comparingInt(store::length));
            for (int b = 0; b < bucket.size(); b += batchSize) {
                batches.add(bucket.subList(b, Math.min(bucket.size(), b + batchSize)).stream()
                        .mapToInt(Integer::intValue).toArray());
            }
        }
        Collections.shuffle(batches, random);
        return batches;
    }

    private CesarTrainer() {
    }
}
