package io.causalstream.encoder.tune;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.ndarray.types.SparseFormat;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Activation;
import ai.djl.nn.Parameter;
import ai.djl.nn.norm.LayerNorm;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import ai.djl.util.PairList;
import io.causalstream.encoder.onnx.FloatTensor;
import io.causalstream.encoder.onnx.OnnxModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A BERT encoder (embeddings and transformer layers, no pooler) as a DJL block whose parameters are the weights of an
 * ONNX export, so the encoder the services run through ONNX Runtime can be fine-tuned in Java and written back
 * ({@code model.withWeights(block.weights())}). It computes what Hugging Face's {@code BertModel} computes in eval
 * mode (no dropout): embeddings summed and normalised, then per layer self-attention with padding masked out,
 * residual and LayerNorm, an exact (erf) GELU feed-forward layer, residual and LayerNorm. DJL's own
 * {@code BertBlock} differs from this (its normalisation, residuals and pooling), hence a block of its own.
 *
 * <p>Parameters are named by their Hugging Face names and laid out as in {@link OnnxModel#floatWeights()}: the
 * weights of linear layers [in, out], used by {@code x.matMul(w)} without a transpose. Whenever the block is
 * initialized ({@code block.initialize}, {@code Trainer.initialize}), a parameter without an array gets the ONNX
 * values, whatever initializer a training config set; one that has an array (already trained) keeps it.
 *
 * <p>Input: {@code input_ids}, {@code attention_mask} and {@code token_type_ids}, each int64 [batch, tokens], padding
 * marked by 0 in the mask. Output: the last hidden state, float32 [batch, tokens, hidden]; at padding positions it
 * is computed but means nothing.
 */
public final class BertEncoderBlock extends AbstractBlock {

    static final String WORD_EMBEDDINGS = "embeddings.word_embeddings.weight";
    static final String POSITION_EMBEDDINGS = "embeddings.position_embeddings.weight";
    static final String TOKEN_TYPE_EMBEDDINGS = "embeddings.token_type_embeddings.weight";
    private static final String EMBEDDINGS_NORM = "embeddings.LayerNorm";
    private static final byte VERSION = 1;
    /** Added to the attention scores of padding positions: softmax gives them weight 0 (as Hugging Face does). */
    private static final float MASKED = -Float.MAX_VALUE;

    private final BertConfig config;
    /** The ONNX weights each parameter starts from, by name. */
    private final Map<String, FloatTensor> base;
    /** The parameters by name, in the order of the ONNX graph's initializers (as {@link #base} has them). */
    private final Map<String, Parameter> byName = new LinkedHashMap<>();

    private BertEncoderBlock(BertConfig config, Map<String, FloatTensor> base) {
        super(VERSION);
        this.config = config;
        this.base = base;
        int h = config.hidden();
        table(WORD_EMBEDDINGS);
        table(POSITION_EMBEDDINGS);
        table(TOKEN_TYPE_EMBEDDINGS);
        norm(EMBEDDINGS_NORM);
        for (int layer = 0; layer < config.layers(); layer++) {
            String p = layerPrefix(layer);
            linear(p + "attention.self.query", h, h);
            linear(p + "attention.self.key", h, h);
            linear(p + "attention.self.value", h, h);
            linear(p + "attention.output.dense", h, h);
            norm(p + "attention.output.LayerNorm");
            linear(p + "intermediate.dense", h, config.intermediate());
            linear(p + "output.dense", config.intermediate(), h);
            norm(p + "output.LayerNorm");
        }
        Map<String, Parameter> added = Map.copyOf(byName);
        byName.clear();
        base.keySet().stream().filter(added::containsKey).forEach(name -> byName.put(name, added.get(name)));
        trainableLayers(config.layers());
    }

    /**
     * The encoder held by an ONNX export of a Hugging Face BERT model (all-MiniLM-L6-v2, bge-small-en-v1.5), its
     * geometry from {@link BertConfig#of}. Every layer is trainable, the embedding tables are not
     * ({@link #trainableLayers}). IllegalArgumentException naming the weight the model lacks or has in another shape.
     */
    public static BertEncoderBlock from(OnnxModel model) {
        Map<String, FloatTensor> weights = model.floatWeights();
        return new BertEncoderBlock(BertConfig.of(weights), weights);
    }

    public BertConfig config() {
        return config;
    }

    /**
     * Trains only the top {@code top} layers: the parameters of the others, and the embeddings, stop requiring
     * gradients; with {@code top} equal to the number of layers every layer trains, and so does the embeddings'
     * LayerNorm. The embedding tables never train (a token's row would move only when the token is seen, and the
     * word table alone holds half of MiniLM's weights). Returns this block.
     */
    public BertEncoderBlock trainableLayers(int top) {
        if (top < 0 || top > config.layers()) {
            throw new IllegalArgumentException("trainable layers must be within 0.." + config.layers() + ", got "
                    + top);
        }
        int firstTrained = config.layers() - top;
        for (Map.Entry<String, Parameter> e : byName.entrySet()) {
            String name = e.getKey();
            boolean trains;
            if (name.startsWith("encoder.layer.")) {
                int layer = Integer.parseInt(name.substring("encoder.layer.".length(), name.indexOf('.',
                        "encoder.layer.".length())));
                trains = layer >= firstTrained;
            } else {
                trains = name.startsWith(EMBEDDINGS_NORM) && firstTrained == 0;
            }
            e.getValue().freeze(!trains);
        }
        return this;
    }

    /** The names of the parameters that require gradients, in the order of {@link OnnxModel#floatWeights()}. */
    public List<String> trainableNames() {
        List<String> out = new ArrayList<>();
        byName.forEach((name, p) -> {
            if (p.requiresGradient()) {
                out.add(name);
            }
        });
        return out;
    }

    /**
     * The current value of every parameter by Hugging Face name, in the order and layout of
     * {@link OnnxModel#floatWeights()} (the ONNX values for a parameter not yet initialized), so that
     * {@code model.withWeights(block.weights())} is the tuned model.
     */
    public Map<String, float[]> weights() {
        Map<String, float[]> out = new LinkedHashMap<>();
        byName.forEach((name, p) -> out.put(name, p.isInitialized() ? p.getArray().toFloatArray()
                : base.get(name).values().clone()));
        return out;
    }

    /** Gives every parameter without an array the ONNX values (see the class comment), then initializes. */
    @Override
    public void initialize(NDManager manager, DataType dataType, Shape... inputShapes) {
        byName.forEach((name, p) -> p.setInitializer(fromOnnx(base.get(name))));
        super.initialize(manager, dataType, inputShapes);
    }

    @Override
    protected NDList forwardInternal(ParameterStore store, NDList inputs, boolean training,
                                     PairList<String, Object> params) {
        if (inputs.size() != 3) {
            throw new IllegalArgumentException("expected input_ids, attention_mask and token_type_ids, got "
                    + inputs.size() + " arrays");
        }
        NDArray ids = inputs.get(0);
        NDArray mask = inputs.get(1);
        NDArray types = inputs.get(2);
        Shape shape = ids.getShape();
        if (shape.dimension() != 2 || !shape.equals(mask.getShape()) || !shape.equals(types.getShape())) {
            throw new IllegalArgumentException("inputs must be three arrays of one shape [batch, tokens], got "
                    + ids.getShape() + ", " + mask.getShape() + ", " + types.getShape());
        }
        long batch = shape.get(0);
        long tokens = shape.get(1);
        long positions = base.get(POSITION_EMBEDDINGS).shape()[0];
        if (tokens > positions) {
            throw new IllegalArgumentException(tokens + " tokens, the encoder has " + positions + " positions");
        }
        Weights w = new Weights(store, ids.getDevice(), training);
        NDArray positionIds = ids.getManager().arange(0, (int) tokens, 1, DataType.INT64)
                .reshape(1, tokens);
        NDArray x = embed(ids, w.get(WORD_EMBEDDINGS))
                .add(embed(positionIds, w.get(POSITION_EMBEDDINGS)))
                .add(embed(types, w.get(TOKEN_TYPE_EMBEDDINGS)));
        x = layerNorm(x, w, EMBEDDINGS_NORM);
        NDArray additiveMask = mask.toType(DataType.FLOAT32, false).neg().add(1f).mul(MASKED)
                .reshape(batch, 1, 1, tokens);
        for (int layer = 0; layer < config.layers(); layer++) {
            x = layer(x, additiveMask, w, layerPrefix(layer), batch, tokens);
        }
        return new NDList(x);
    }

    private NDArray layer(NDArray x, NDArray additiveMask, Weights w, String p, long batch, long tokens) {
        NDArray q = heads(linear(x, w, p + "attention.self.query"), batch, tokens);
        NDArray k = heads(linear(x, w, p + "attention.self.key"), batch, tokens);
        NDArray v = heads(linear(x, w, p + "attention.self.value"), batch, tokens);
        NDArray scores = q.matMul(k.transpose(0, 1, 3, 2))
                .div(EngineMemory.constant(q, (float) Math.sqrt(config.headSize())))
                .add(additiveMask);
        NDArray context = scores.softmax(-1).matMul(v).transpose(0, 2, 1, 3).reshape(batch, tokens, config.hidden());
        x = layerNorm(linear(context, w, p + "attention.output.dense").add(x), w, p + "attention.output.LayerNorm");
        NDArray intermediate = Activation.gelu(linear(x, w, p + "intermediate.dense"));
        return layerNorm(linear(intermediate, w, p + "output.dense").add(x), w, p + "output.LayerNorm");
    }

    /** [batch, tokens, hidden] -> [batch, heads, tokens, head size]. */
    private NDArray heads(NDArray x, long batch, long tokens) {
        return x.reshape(batch, tokens, config.heads(), config.headSize()).transpose(0, 2, 1, 3);
    }

    private static NDArray linear(NDArray x, Weights w, String prefix) {
        return x.matMul(w.get(prefix + ".weight")).add(w.get(prefix + ".bias"));
    }

    private NDArray layerNorm(NDArray x, Weights w, String prefix) {
        return LayerNorm.layerNorm(x, new Shape(config.hidden()), w.get(prefix + ".weight"), w.get(prefix + ".bias"),
                config.layerNormEps()).singletonOrThrow();
    }

    private static NDArray embed(NDArray ids, NDArray table) {
        return ids.getNDArrayInternal().embedding(ids, table, SparseFormat.DENSE).singletonOrThrow();
    }

    @Override
    public Shape[] getOutputShapes(Shape[] inputShapes) {
        return new Shape[] {new Shape(inputShapes[0].get(0), inputShapes[0].get(1), config.hidden())};
    }

    /** The parameters' values for one forward pass. */
    private final class Weights {
        private final ParameterStore store;
        private final Device device;
        private final boolean training;

        Weights(ParameterStore store, Device device, boolean training) {
            this.store = store;
            this.device = device;
            this.training = training;
        }

        NDArray get(String name) {
            return store.getValue(byName.get(name), device, training);
        }
    }

    private static String layerPrefix(int layer) {
        return "encoder.layer." + layer + ".";
    }

    private void table(String name) {
        long[] shape = expect(name, Parameter.Type.WEIGHT, -1, config.hidden());
        if (shape[0] < 1) {
            throw new IllegalArgumentException("embedding table " + name + " is empty");
        }
    }

    private void linear(String prefix, int in, int out) {
        expect(prefix + ".weight", Parameter.Type.WEIGHT, in, out);
        expect(prefix + ".bias", Parameter.Type.BIAS, out);
    }

    private void norm(String prefix) {
        expect(prefix + ".weight", Parameter.Type.GAMMA, config.hidden());
        expect(prefix + ".bias", Parameter.Type.BETA, config.hidden());
    }

    /** Adds the parameter of that name after checking the ONNX weight's shape (-1: any size). */
    private long[] expect(String name, Parameter.Type type, long... dims) {
        FloatTensor t = base.get(name);
        if (t == null) {
            throw new IllegalArgumentException("the model has no weight " + name);
        }
        long[] shape = t.shape();
        boolean fits = shape.length == dims.length;
        for (int i = 0; fits && i < dims.length; i++) {
            fits = dims[i] < 0 || dims[i] == shape[i];
        }
        if (!fits) {
            throw new IllegalArgumentException("weight " + name + " has shape " + Arrays.toString(shape)
                    + ", expected " + Arrays.toString(dims).replace("-1", "any"));
        }
        Parameter p = addParameter(Parameter.builder().setName(name).setType(type).optShape(new Shape(shape))
                .optInitializer(fromOnnx(t)).build());
        byName.put(name, p);
        return shape;
    }

    /** An initializer that gives the ONNX values whatever shape is asked (the parameter's own). */
    private static Initializer fromOnnx(FloatTensor t) {
        return (manager, shape, dataType) -> {
            NDArray array = EngineMemory.own(manager.create(t.values(), new Shape(t.shape())));
            return dataType == DataType.FLOAT32 ? array : array.toType(dataType, false);
        };
    }
}
