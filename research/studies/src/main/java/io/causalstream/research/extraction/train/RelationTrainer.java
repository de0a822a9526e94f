package io.causalstream.research.extraction.train;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.initializer.XavierInitializer;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.LinearTracker;
import ai.djl.util.Pair;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trains the {@link RelationHead} with DJL's training API (PyTorch engine, CPU) on the frozen encoder's features:
 * softmax cross-entropy over none / increase / decrease, AdamW with a linearly decaying rate, the encoder never
 * touched. Every positive pair is used each epoch, negatives are a seeded sample of at most
 * {@link Options#negativesPerSentence} per sentence. After each epoch the head is handed to a check (the validation
 * split), which also picks its threshold; the best epoch is returned.
 *
 * <p>Reproducible: the engine's seed fixes the initial weights, a {@link Random} of the same seed the sample and the
 * order; PyTorch runs with the fixed thread count the CLI sets. Two runs give the same weights bit for bit.
 */
public final class RelationTrainer {

    private static final Logger LOG = LoggerFactory.getLogger(RelationTrainer.class);

    /**
     * @param positiveRepeats every positive pair is shown this many times per epoch: edges are rare among the
     *                        pairs, and the head otherwise learns to say none
     */
    public record Options(int epochs, int batchSize, int hidden, float learningRate, float weightDecay,
                          int negativesPerSentence, int positiveRepeats, long seed) {
        public Options {
            if (epochs < 1 || batchSize < 1 || hidden < 1 || learningRate <= 0 || weightDecay < 0
                    || negativesPerSentence < 0 || positiveRepeats < 1) {
                throw new IllegalArgumentException("invalid training options " + this);
            }
        }
    }

    /** One labelled sentence: its features and [cause][effect] labels (see {@link PairLabels}). */
    public record Sentence(SentenceFeatures features, int[][] labels) {
    }

    /** The check's verdict on a head: its score (higher is better), the head to keep (with its threshold), a note. */
    public record Check(double score, RelationHead head, String note) {
    }

    public record EpochReport(int epoch, double meanLoss, double seconds, String note) {
    }

    public record Result(RelationHead head, int bestEpoch, List<EpochReport> epochs, int positives,
                         int examplesPerEpoch, double seconds) {
    }

    public static Result train(List<Sentence> sentences, String encoder, Options options,
                               Function<RelationHead, Check> afterEpoch) {
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException("nothing to train on");
        }
        int d = sentences.getFirst().features().encoderDimension();
        int in = SentenceFeatures.dimension(d);
        Random random = new Random(options.seed());
        List<int[]> positives = new ArrayList<>();
        List<List<int[]>> negatives = new ArrayList<>();
        for (int s = 0; s < sentences.size(); s++) {
            int[][] l = sentences.get(s).labels();
            List<int[]> neg = new ArrayList<>();
            for (int i = 0; i < l.length; i++) {
                for (int j = 0; j < l.length; j++) {
                    if (l[i][j] > RelationHead.NONE) {
                        positives.add(new int[] {s, i, j, l[i][j]});
                    } else if (l[i][j] == RelationHead.NONE) {
                        neg.add(new int[] {s, i, j, RelationHead.NONE});
                    }
                }
            }
            negatives.add(neg);
        }
        Engine engine = Engine.getEngine("PyTorch");
        engine.setRandomSeed((int) options.seed());
        long start = System.nanoTime();
        List<EpochReport> reports = new ArrayList<>();
        RelationHead best = null;
        int bestEpoch = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        int perEpoch = 0;
        SequentialBlock block = new SequentialBlock()
                .add(Linear.builder().setUnits(options.hidden()).build())
                .add(Activation::relu)
                .add(Linear.builder().setUnits(RelationHead.CLASSES).build());
        block.setInitializer(new XavierInitializer(), Parameter.Type.WEIGHT);
        try (Model model = Model.newInstance("relation-head", Device.cpu(), "PyTorch")) {
            model.setBlock(block);
            int estimate = positives.size() * options.positiveRepeats() + sentences.size() * options.negativesPerSentence();
            int steps = options.epochs() * Math.max(1, (estimate + options.batchSize() - 1) / options.batchSize());
            Optimizer optimizer = Optimizer.adamW()
                    .optLearningRateTracker(LinearTracker.builder().setBaseValue(options.learningRate())
                            .optSlope(-options.learningRate() / steps).optMinValue(options.learningRate() / 20)
                            .build())
                    .optWeightDecays(options.weightDecay()).build();
            DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                    .optOptimizer(optimizer).optDevices(new Device[] {Device.cpu()});
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(1, in));
                for (int epoch = 1; epoch <= options.epochs(); epoch++) {
                    long epochStart = System.nanoTime();
                    List<int[]> examples = new ArrayList<>();
                    for (int k = 0; k < options.positiveRepeats(); k++) {
                        examples.addAll(positives);
                    }
                    for (List<int[]> neg : negatives) {
                        List<int[]> copy = new ArrayList<>(neg);
                        Collections.shuffle(copy, random);
                        examples.addAll(copy.subList(0, Math.min(copy.size(), options.negativesPerSentence())));
                    }
                    Collections.shuffle(examples, random);
                    perEpoch = examples.size();
                    double lossSum = 0;
                    for (int from = 0; from < examples.size(); from += options.batchSize()) {
                        List<int[]> batch = examples.subList(from, Math.min(examples.size(),
                                from + options.batchSize()));
                        lossSum += step(trainer, sentences, batch, in) * batch.size();
                    }
                    double trainSeconds = (System.nanoTime() - epochStart) / 1e9;
                    RelationHead head = toHead(block, encoder, d, options.hidden());
                    Check check = afterEpoch.apply(head);
                    EpochReport report = new EpochReport(epoch, lossSum / examples.size(),
                            (System.nanoTime() - epochStart) / 1e9, check.note());
                    LOG.info("epoch {}: loss {}, {} s training, {} s in all; {}", epoch,
                            String.format("%.4f", report.meanLoss()), String.format("%.1f", trainSeconds),
                            String.format("%.1f", report.seconds()), check.note());
                    reports.add(report);
                    if (check.score() > bestScore) {
                        bestScore = check.score();
                        best = check.head();
                        bestEpoch = epoch;
                    }
                }
            }
        }
        return new Result(best, bestEpoch, reports, positives.size(), perEpoch, (System.nanoTime() - start) / 1e9);
    }

    private static double step(Trainer trainer, List<Sentence> sentences, List<int[]> batch, int in) {
        float[] x = new float[batch.size() * in];
        float[] y = new float[batch.size()];
        for (int b = 0; b < batch.size(); b++) {
            int[] e = batch.get(b);
            sentences.get(e[0]).features().write(e[1], e[2], x, b * in);
            y[b] = e[3];
        }
        try (NDManager manager = trainer.getManager().newSubManager()) {
            NDList data = new NDList(manager.create(x, new Shape(batch.size(), in)));
            NDList labels = new NDList(manager.create(y, new Shape(batch.size())));
            float loss;
            try (GradientCollector collector = trainer.newGradientCollector()) {
                NDList predictions = trainer.forward(data, labels);
                NDArray value = trainer.getLoss().evaluate(labels, predictions);
                collector.backward(value);
                loss = value.toType(DataType.FLOAT32, false).getFloat();
            }
            trainer.step();
            return loss;
        }
    }

    /** The block's parameters as a plain-Java head (threshold 0.5 until the check picks one). */
    static RelationHead toHead(SequentialBlock block, String encoder, int d, int hidden) {
        List<float[]> values = new ArrayList<>();
        for (Pair<String, Parameter> p : block.getParameters()) {
            values.add(p.getValue().getArray().toFloatArray());
        }
        if (values.size() != 4) {
            throw new IllegalStateException("expected 4 parameters, got " + values.size());
        }
        return new RelationHead(encoder, d, hidden, 0.5f, new RelationHead.Weights(values.get(0), values.get(1),
                values.get(2), values.get(3)));
    }

    private RelationTrainer() {
    }
}
