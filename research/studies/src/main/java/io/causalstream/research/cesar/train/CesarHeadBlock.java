package io.causalstream.research.cesar.train;

import static io.causalstream.encoder.tune.EngineMemory.constant;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import ai.djl.util.PairList;
import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarStrength;
import io.causalstream.cesar.ContextLayer;
import java.util.SplittableRandom;

/**
 * {@link CesarStrength} as a DJL block, batched over padded sequences, so the head can be trained with DJL's
 * training API. Inputs: token embeddings [B, L, d], cause mask [B, L] and effect mask [B, L] (1 for the tokens of
 * each side, 0 elsewhere and on padding). Output: CS per example [B].
 *
 * <p>Same computation as {@link CesarStrength} (checked by a test): optional residual projection, Q = C Wq,
 * K = E Wk, softmax over every (cause, effect) pair of the example, |cos| of the projected embeddings.
 * Parameters start from a seeded generator of this class, not the engine's, so initial weights are identical on
 * every engine and machine.
 */
public final class CesarHeadBlock extends AbstractBlock {

    private static final byte VERSION = 1;
    /**
     * What a masked logit is replaced with (never added to): the lowest finite float. A fixed "large negative"
     * such as -1e9 is only large next to small logits: once trained weights push every real logit of an example
     * below it, the softmax puts its mass on masked pairs (score 0, gradient 0), and an added mask loses the real
     * score's digits. Replacing with the lowest float keeps masked weights exactly 0 at any logit size, and it is
     * finite, so even a row with nothing unmasked could not turn into NaN (-inf - -inf).
     */
    static final float MASKED = -Float.MAX_VALUE;

    private final int dimension;
    private final boolean projected;
    private final float logitScale;
    private final Parameter projection;
    private final Parameter bias;
    private final Parameter wq;
    private final Parameter wk;
    private final int heads;
    private final int hidden;
    private final java.util.Map<String, Parameter> context = new java.util.LinkedHashMap<>();

    /**
     * How a block starts and what it holds besides the encoder's dimension.
     *
     * @param projected   whether to learn the residual projection
     * @param initStd     standard deviation of the initial Wq, Wk entries
     * @param seed        seed of the initial weights
     * @param logitScale  factor on Q K^T during training (1/sqrt(d) keeps early softmax gradients alive); it is
     *                    folded into Wq by {@link #toHead}, so the shipped head computes softmax(Q K^T) exactly
     * @param heads       heads of the {@link io.causalstream.cesar.ContextLayer}; 0 for no context layer
     * @param hidden      feed-forward size of the context layer
     */
    public record Settings(boolean projected, float initStd, long seed, float logitScale, int heads, int hidden) {
    }

    /** @param dimension d of the encoder */
    public CesarHeadBlock(int dimension, Settings settings) {
        super(VERSION);
        this.dimension = dimension;
        this.projected = settings.projected();
        this.logitScale = settings.logitScale();
        this.heads = settings.heads();
        this.hidden = settings.hidden();
        float initStd = settings.initStd();
        SplittableRandom random = new SplittableRandom(settings.seed());
        if (heads > 0) {
            Shape square = new Shape(dimension, dimension);
            Shape vector = new Shape(dimension);
            contextParameter("ln1_gain", vector, Initializer.ONES);
            contextParameter("ln1_bias", vector, Initializer.ZEROS);
            contextParameter("wq", square, gaussian(random.split(), 0.02f));
            contextParameter("wk", square, gaussian(random.split(), 0.02f));
            contextParameter("wv", square, gaussian(random.split(), 0.02f));
            contextParameter("wo", square, Initializer.ZEROS);
            contextParameter("bo", vector, Initializer.ZEROS);
            contextParameter("ln2_gain", vector, Initializer.ONES);
            contextParameter("ln2_bias", vector, Initializer.ZEROS);
            contextParameter("w1", new Shape(dimension, hidden), gaussian(random.split(), 0.02f));
            contextParameter("b1", new Shape(hidden), Initializer.ZEROS);
            contextParameter("w2", new Shape(hidden, dimension), Initializer.ZEROS);
            contextParameter("b2", vector, Initializer.ZEROS);
        } else {
            random.split();
            random.split();
            random.split();
            random.split();
        }
        Shape square = new Shape(dimension, dimension);
        wq = addParameter(Parameter.builder().setName("wq").setType(Parameter.Type.WEIGHT).optShape(square)
                .optInitializer(gaussian(random.split(), initStd)).build());
        wk = addParameter(Parameter.builder().setName("wk").setType(Parameter.Type.WEIGHT).optShape(square)
                .optInitializer(gaussian(random.split(), initStd)).build());
        if (projected) {
            projection = addParameter(Parameter.builder().setName("projection").setType(Parameter.Type.WEIGHT)
                    .optShape(square).optInitializer(Initializer.ZEROS).build());
            bias = addParameter(Parameter.builder().setName("bias").setType(Parameter.Type.BIAS)
                    .optShape(new Shape(dimension)).optInitializer(Initializer.ZEROS).build());
        } else {
            projection = null;
            bias = null;
        }
    }

    @Override
    protected NDList forwardInternal(ParameterStore store, NDList inputs, boolean training,
                                     PairList<String, Object> params) {
        NDArray x = inputs.get(0);
        NDArray causeMask = inputs.get(1);
        NDArray effectMask = inputs.get(2);
        var device = x.getDevice();
        if (heads > 0) {
            x = contextLayer(store, x, causeMask.add(effectMask), training);
        }
        if (projected) {
            NDArray p = store.getValue(projection, device, training);
            NDArray b = store.getValue(bias, device, training);
            x = x.add(x.matMul(p)).add(b);
        }
        NDArray q = x.matMul(store.getValue(wq, device, training));
        NDArray k = x.matMul(store.getValue(wk, device, training));
        NDArray logits = q.matMul(k.transpose(0, 2, 1)).mul(constant(q, logitScale));
        NDArray pairs = causeMask.expandDims(2).mul(effectMask.expandDims(1));
        logits = NDArrays.where(pairs.gt(0), logits, logits.getManager().create(MASKED));
        long batch = x.getShape().get(0);
        long length = x.getShape().get(1);
        NDArray attention = logits.reshape(batch, length * length).softmax(1).reshape(batch, length, length);
        // sqrt(|x|^2 + eps), not |x| + eps: the gradient of a norm at a zero (padding) row is 0/0
        NDArray unit = x.div(x.square().sum(new int[] {2}, true).add(1e-12f).sqrt());
        NDArray association = unit.matMul(unit.transpose(0, 2, 1)).abs();
        NDArray score = attention.mul(association).mul(pairs).sum(new int[] {1, 2});
        return new NDList(score);
    }

    /** {@link io.causalstream.cesar.ContextLayer#apply} over padded batches; padding keys are masked. */
    private NDArray contextLayer(ParameterStore store, NDArray x, NDArray tokenMask, boolean training) {
        var device = x.getDevice();
        long batch = x.getShape().get(0);
        long length = x.getShape().get(1);
        int dh = dimension / heads;
        NDArray n1 = layerNorm(x, value(store, "ln1_gain", device, training), value(store, "ln1_bias", device,
                training));
        NDArray q = splitHeads(n1.matMul(value(store, "wq", device, training)), batch, length, dh);
        NDArray k = splitHeads(n1.matMul(value(store, "wk", device, training)), batch, length, dh);
        NDArray v = splitHeads(n1.matMul(value(store, "wv", device, training)), batch, length, dh);
        NDArray scores = q.matMul(k.transpose(0, 1, 3, 2)).mul(constant(q, (float) (1 / Math.sqrt(dh))));
        scores = NDArrays.where(tokenMask.reshape(batch, 1, 1, length).gt(0).broadcast(scores.getShape()), scores,
                scores.getManager().create(MASKED));
        NDArray attended = scores.softmax(-1).matMul(v).transpose(0, 2, 1, 3).reshape(batch, length, dimension);
        NDArray h1 = x.add(attended.matMul(value(store, "wo", device, training)))
                .add(value(store, "bo", device, training));
        NDArray n2 = layerNorm(h1, value(store, "ln2_gain", device, training), value(store, "ln2_bias", device,
                training));
        NDArray inner = gelu(n2.matMul(value(store, "w1", device, training)).add(value(store, "b1", device,
                training)));
        return h1.add(inner.matMul(value(store, "w2", device, training))).add(value(store, "b2", device, training));
    }

    private NDArray splitHeads(NDArray x, long batch, long length, int dh) {
        return x.reshape(batch, length, heads, dh).transpose(0, 2, 1, 3);
    }

    private static NDArray layerNorm(NDArray x, NDArray gain, NDArray bias) {
        NDArray mean = x.mean(new int[] {-1}, true);
        NDArray centred = x.sub(mean);
        NDArray variance = centred.square().mean(new int[] {-1}, true);
        return centred.div(variance.add(1e-5f).sqrt()).mul(gain).add(bias);
    }

    /** GELU, tanh form (as {@link io.causalstream.cesar.ContextLayer}). */
    private static NDArray gelu(NDArray x) {
        NDArray inner = x.add(x.pow(constant(x, 3f)).mul(constant(x, 0.044715f)))
                .mul(constant(x, (float) Math.sqrt(2 / Math.PI)));
        return x.mul(inner.tanh().add(1f)).mul(constant(x, 0.5f));
    }

    private NDArray value(ParameterStore store, String name, ai.djl.Device device, boolean training) {
        return store.getValue(context.get(name), device, training);
    }

    private void contextParameter(String name, Shape shape, Initializer initializer) {
        Parameter.Type type = shape.dimension() == 1 ? Parameter.Type.BIAS : Parameter.Type.WEIGHT;
        context.put(name, addParameter(Parameter.builder().setName("ctx_" + name).setType(type).optShape(shape)
                .optInitializer(initializer).build()));
    }

    @Override
    public Shape[] getOutputShapes(Shape[] inputShapes) {
        return new Shape[] {new Shape(inputShapes[0].get(0))};
    }

    /** The trained weights as a {@link CesarHead} (float copies; the block may be closed afterwards). */
    public CesarHead toHead(String encoder, String description) {
        float[][] wqValues = matrix(wq.getArray());
        for (float[] row : wqValues) {
            for (int k = 0; k < row.length; k++) {
                row[k] *= logitScale;
            }
        }
        float[][] wkValues = matrix(wk.getArray());
        ContextLayer layer = null;
        if (heads > 0) {
            layer = new ContextLayer(heads, vector("ln1_gain"), vector("ln1_bias"), matrix("wq"), matrix("wk"),
                    matrix("wv"), matrix("wo"), vector("bo"), vector("ln2_gain"), vector("ln2_bias"), matrix("w1"),
                    vector("b1"), matrix("w2"), vector("b2"));
        }
        if (!projected) {
            return new CesarHead(encoder, layer, null, null, wqValues, wkValues, description);
        }
        return new CesarHead(encoder, layer, matrix(projection.getArray()), bias.getArray().toFloatArray(), wqValues,
                wkValues, description);
    }

    private float[] vector(String name) {
        return context.get(name).getArray().toFloatArray();
    }

    private float[][] matrix(String name) {
        return matrix(context.get(name).getArray());
    }

    private static float[][] matrix(NDArray array) {
        int rows = (int) array.getShape().get(0);
        int cols = (int) array.getShape().get(1);
        float[] flat = array.toFloatArray();
        float[][] out = new float[rows][cols];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(flat, r * cols, out[r], 0, cols);
        }
        return out;
    }

    private static Initializer gaussian(SplittableRandom random, float std) {
        return (NDManager manager, Shape shape, DataType type) -> {
            float[] values = new float[Math.toIntExact(shape.size())];
            for (int i = 0; i < values.length; i++) {
                values[i] = (float) (gaussian(random) * std);
            }
            return manager.create(values, shape).toType(type, false);
        };
    }

    private static double gaussian(SplittableRandom random) {
        double u1 = random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
    }
}
