package io.causalstream.research.extraction.tune;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import ai.djl.util.PairList;
import io.causalstream.encoder.tune.BertEncoderBlock;
import io.causalstream.encoder.tune.EngineMemory;
import io.causalstream.extractor.backend.model.ClaimHead;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.SpanTagger;
import java.util.SplittableRandom;

/**
 * The extractor trained end to end: the encoder ({@link BertEncoderBlock}, its top layers trainable), the relation
 * head (a two-layer perceptron over the pooled [cause, effect, between, sentence, scalars] features of each example
 * pair, {@link RelationHead}'s layout) and the claim detector (a logistic unit over the sentence mean,
 * {@link ClaimHead}) and the BIO taggers of {@link SpanTagger#KINDS} over every word piece (a linear layer each,
 * {@link SpanTagger}'s layout). Inputs: ids [B, T], mask [B, T], pair pool [4E, B*T], scalars [E, 5], claim pool
 * [C, B*T]; outputs: pair logits [E, 3], claim logits [C], then per tagger its tag logits [B*T, tags].
 *
 * <p>The heads start from random weights while the encoder starts trained, so they learn at a higher rate
 * ({@link #headParameters} tells the trainer's rate tracker which). Initial weights come from a seeded generator of
 * this class, so they are the same on every engine and machine.
 */
public final class JointBlock extends AbstractBlock {

    private static final byte VERSION = 1;

    private final BertEncoderBlock encoder;
    private final int d;
    private final int hidden;
    private final Parameter w1;
    private final Parameter b1;
    private final Parameter w2;
    private final Parameter b2;
    private final Parameter wc;
    private final Parameter bc;
    private final Parameter[] tagW;
    private final Parameter[] tagB;

    public JointBlock(BertEncoderBlock encoder, int d, int hidden, long seed) {
        super(VERSION);
        this.encoder = addChildBlock("encoder", encoder);
        this.d = d;
        this.hidden = hidden;
        int in = SentenceFeatures.dimension(d);
        SplittableRandom random = new SplittableRandom(seed);
        w1 = weight("head_w1", new Shape(in, hidden), gaussian(random.split(), (float) Math.sqrt(2.0 / (in + hidden))));
        b1 = weight("head_b1", new Shape(hidden), Initializer.ZEROS);
        w2 = weight("head_w2", new Shape(hidden, RelationHead.CLASSES),
                gaussian(random.split(), (float) Math.sqrt(2.0 / (hidden + RelationHead.CLASSES))));
        b2 = weight("head_b2", new Shape(RelationHead.CLASSES), Initializer.ZEROS);
        wc = weight("claim_w", new Shape(d, 1), gaussian(random.split(), (float) Math.sqrt(1.0 / d)));
        bc = weight("claim_b", new Shape(1), Initializer.ZEROS);
        int taggers = SpanTagger.KINDS.size();
        tagW = new Parameter[taggers];
        tagB = new Parameter[taggers];
        for (int k = 0; k < taggers; k++) {
            int tags = tags(k);
            tagW[k] = weight("tagger" + k + "_w", new Shape(d, tags), gaussian(random.split(), (float) Math.sqrt(1.0 / d)));
            tagB[k] = weight("tagger" + k + "_b", new Shape(tags), Initializer.ZEROS);
        }
    }

    private Parameter weight(String name, Shape shape, Initializer initializer) {
        Parameter.Type type = shape.dimension() == 1 ? Parameter.Type.BIAS : Parameter.Type.WEIGHT;
        return addParameter(Parameter.builder().setName(name).setType(type).optShape(shape)
                .optInitializer(initializer).build());
    }

    /** The ids of the heads' parameters (the rest are the encoder's). */
    public java.util.Set<String> headParameters() {
        java.util.Set<String> ids = new java.util.HashSet<>(java.util.Set.of(w1.getId(), b1.getId(), w2.getId(),
                b2.getId(), wc.getId(), bc.getId()));
        for (int k = 0; k < tagW.length; k++) {
            ids.add(tagW[k].getId());
            ids.add(tagB[k].getId());
        }
        return java.util.Set.copyOf(ids);
    }

    /** The tags of tagger {@code k} of {@link SpanTagger#KINDS}. */
    public static int tags(int k) {
        return 1 + 2 * SpanTagger.KINDS.get(k).size();
    }

    public BertEncoderBlock encoder() {
        return encoder;
    }

    @Override
    protected NDList forwardInternal(ParameterStore store, NDList inputs, boolean training,
                                     PairList<String, Object> params) {
        NDArray ids = inputs.get(0);
        NDArray mask = inputs.get(1);
        NDArray pairPool = inputs.get(2);
        NDArray scalars = inputs.get(3);
        NDArray claimPool = inputs.get(4);
        NDArray types = ids.zerosLike();
        NDArray states = encoder.forward(store, new NDList(ids, mask, types), training).singletonOrThrow();
        long b = states.getShape().get(0);
        long t = states.getShape().get(1);
        NDArray flat = states.reshape(b * t, d);
        var device = flat.getDevice();
        NDArray pairLogits;
        long e = scalars.getShape().get(0);
        if (e > 0) {
            NDArray pooled = pairPool.matMul(flat); // [4E, d]: cause rows, effect rows, between rows, sentence rows
            NDArray features = pooled.reshape(4, e, d).transpose(1, 0, 2).reshape(e, 4 * d).concat(scalars, 1);
            NDArray h = features.matMul(value(store, w1, training)).add(value(store, b1, training));
            h = ai.djl.nn.Activation.relu(h);
            pairLogits = h.matMul(value(store, w2, training)).add(value(store, b2, training));
        } else {
            pairLogits = flat.getManager().zeros(new Shape(0, RelationHead.CLASSES), DataType.FLOAT32, device);
        }
        NDArray claimLogits;
        if (claimPool.getShape().get(0) > 0) {
            claimLogits = claimPool.matMul(flat).matMul(value(store, wc, training)).add(value(store, bc, training))
                    .reshape(-1);
        } else {
            claimLogits = flat.getManager().zeros(new Shape(0), DataType.FLOAT32, device);
        }
        NDList out = new NDList(pairLogits, claimLogits);
        for (int k = 0; k < tagW.length; k++) {
            out.add(flat.matMul(value(store, tagW[k], training)).add(value(store, tagB[k], training)));
        }
        return out;
    }

    private NDArray value(ParameterStore store, Parameter p, boolean training) {
        return store.getValue(p, p.getArray().getDevice(), training);
    }

    @Override
    protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
        encoder.initialize(manager, dataType, inputShapes[0], inputShapes[1], inputShapes[0]);
    }

    @Override
    public Shape[] getOutputShapes(Shape[] inputShapes) {
        long pieces = inputShapes[0].get(0) * inputShapes[0].get(1);
        Shape[] out = new Shape[2 + tagW.length];
        out[0] = new Shape(inputShapes[3].get(0), RelationHead.CLASSES);
        out[1] = new Shape(inputShapes[4].get(0));
        for (int k = 0; k < tagW.length; k++) {
            out[2 + k] = new Shape(pieces, tags(k));
        }
        return out;
    }

    /** The heads' weights as they stand, read out of the engine. */
    public Heads heads() {
        float[][] tw = new float[tagW.length][];
        float[][] tb = new float[tagW.length][];
        for (int k = 0; k < tagW.length; k++) {
            tw[k] = values(tagW[k]);
            tb[k] = values(tagB[k]);
        }
        return new Heads(d, hidden, values(w1), values(b1), values(w2), values(b2), values(wc), values(bc)[0], tw, tb);
    }

    /**
     * The heads' weights copied out of the engine (the trainer's layout: weights [in, out]), turned into the
     * extractor's {@link RelationHead} and {@link ClaimHead}.
     */
    public record Heads(int d, int hidden, float[] w1, float[] b1, float[] w2, float[] b2, float[] wc, float bc,
                        float[][] tagW, float[][] tagB) {

        /** The relation head as the extractor runs it ({@link RelationHead}'s [hidden][in] layout), threshold 0.5. */
        public RelationHead relationHead(String encoderName) {
            int in = SentenceFeatures.dimension(d);
            float[] w1t = new float[w1.length];
            for (int k = 0; k < in; k++) {
                for (int h = 0; h < hidden; h++) {
                    w1t[h * in + k] = w1[k * hidden + h];
                }
            }
            float[] w2t = new float[w2.length];
            for (int h = 0; h < hidden; h++) {
                for (int k = 0; k < RelationHead.CLASSES; k++) {
                    w2t[k * hidden + h] = w2[h * RelationHead.CLASSES + k];
                }
            }
            return new RelationHead(encoderName, d, hidden, 0.5f, new RelationHead.Weights(w1t, b1, w2t, b2));
        }

        /** The claim detector, threshold 0.5. */
        public ClaimHead claimHead() {
            return new ClaimHead(wc, bc, 0.5f);
        }

        /** The taggers, in {@link SpanTagger#KINDS}' order. */
        public java.util.List<SpanTagger> taggers() {
            java.util.List<SpanTagger> out = new java.util.ArrayList<>();
            for (int k = 0; k < tagW.length; k++) {
                out.add(tagger(SpanTagger.KINDS.get(k), tagW[k], tagB[k]));
            }
            return out;
        }

        /** The trainer's [d][tags] weights as the tagger's [tags][d]. */
        private SpanTagger tagger(java.util.List<String> kinds, float[] w, float[] b) {
            int tags = b.length;
            float[] t = new float[w.length];
            for (int k = 0; k < d; k++) {
                for (int c = 0; c < tags; c++) {
                    t[c * d + k] = w[k * tags + c];
                }
            }
            return new SpanTagger(kinds, d, t, b);
        }
    }

    private static float[] values(Parameter p) {
        return p.getArray().toFloatArray();
    }

    private static Initializer gaussian(SplittableRandom random, float std) {
        return (NDManager manager, Shape shape, DataType type) -> {
            float[] values = new float[Math.toIntExact(shape.size())];
            for (int i = 0; i < values.length; i++) {
                double u1 = random.nextDouble();
                double u2 = random.nextDouble();
                values[i] = (float) (Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2) * std);
            }
            return EngineMemory.own(manager.create(values, shape)).toType(type, false);
        };
    }
}
