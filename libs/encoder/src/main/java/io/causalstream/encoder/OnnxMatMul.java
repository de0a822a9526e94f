package io.causalstream.encoder;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Map;

/**
 * A fixed weight matrix W (in x out) as a one-node ONNX Runtime model, {@code y = x W} for any number of rows x
 * ({@link #of}), or a transformer's feed-forward block {@code y = GELU(x W1 + b1) W2} ({@link #feedForward}, GELU in
 * its tanh form): the products of a small head on top of the encoder (CESAR's) run through ONNX Runtime's CPU GEMM
 * (MLAS, with the machine's widest vector instructions) instead of plain Java loops. The model (the weights as
 * initializers) is written here in ONNX's protobuf encoding, so no model file and no protobuf library is needed.
 *
 * <p>One intra-op thread per call: callers that have several products to run spread them over their own threads
 * (ONNX Runtime sessions accept concurrent runs). Thread-safe; the native session is freed by {@link #close} or,
 * failing that, when this object becomes unreachable.
 */
public final class OnnxMatMul implements AutoCloseable {

    private static final Cleaner CLEANER = Cleaner.create();
    private static volatile Boolean available;

    private final int in;
    private final int out;
    private final OrtEnvironment env;
    private final OrtSession session;
    private final Cleaner.Cleanable cleanable;

    private OnnxMatMul(int in, int out, OnnxGraph graph) throws OrtException {
        this.in = in;
        this.out = out;
        env = environment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            session = env.createSession(graph.input("x", OnnxGraph.FLOAT, "rows", in)
                    .output("y", OnnxGraph.FLOAT, "rows", out).model("product", 13), options);
        }
        OrtSession s = session;
        cleanable = CLEANER.register(this, () -> closeQuietly(s));
    }

    /**
     * The process's ONNX Runtime environment, created by DJL's engine first: DJL creates it with its own thread
     * options and fails when it exists already, so the encoder keeps loading after a product was built.
     */
    static OrtEnvironment environment() {
        ai.djl.engine.Engine.getEngine("OnnxRuntime");
        return OrtEnvironment.getEnvironment();
    }

    /** The product with {@code w} (rows of equal length); fails when ONNX Runtime cannot load. */
    public static OnnxMatMul of(float[][] w) {
        checkMatrix(w);
        OnnxGraph graph = new OnnxGraph().node("MatMul", "y", "x", "w").weights("w", w);
        return build(w.length, w[0].length, graph);
    }

    /**
     * {@code y = GELU(x W1 + b1) W2}, GELU in its tanh form {@code 0.5 u (1 + tanh(sqrt(2/pi) (u + 0.044715 u^3)))}
     * computed in float: the feed-forward block of a transformer layer, its hidden activations never leaving the
     * native side.
     */
    public static OnnxMatMul feedForward(float[][] w1, float[] b1, float[][] w2) {
        checkMatrix(w1);
        checkMatrix(w2);
        int hidden = w1[0].length;
        if (b1.length != hidden || w2.length != hidden) {
            throw new IllegalArgumentException("W1 (" + w1.length + " x " + hidden + "), b1 (" + b1.length
                    + ") and W2 (" + w2.length + " x " + w2[0].length + ") do not fit");
        }
        OnnxGraph graph = new OnnxGraph()
                .node("MatMul", "xw", "x", "w1")
                .node("Add", "u", "xw", "b1")
                .node("Mul", "u2", "u", "u")
                .node("Mul", "u3", "u2", "u")
                .node("Mul", "cu3", "u3", "c")
                .node("Add", "inner", "u", "cu3")
                .node("Mul", "z", "inner", "k")
                .node("Tanh", "th", "z")
                .node("Add", "onePlus", "th", "one")
                .node("Mul", "uOnePlus", "u", "onePlus")
                .node("Mul", "gelu", "uOnePlus", "half")
                .node("MatMul", "y", "gelu", "w2")
                .weights("w1", w1)
                .weights("b1", new float[][] {b1})
                .weights("w2", w2)
                .scalar("c", 0.044715f)
                .scalar("k", (float) Math.sqrt(2 / Math.PI))
                .scalar("one", 1f)
                .scalar("half", 0.5f);
        return build(w1.length, w2[0].length, graph);
    }

    private static OnnxMatMul build(int in, int out, OnnxGraph graph) {
        try {
            return new OnnxMatMul(in, out, graph);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot build a " + in + " -> " + out + " product: "
                    + e.getMessage(), e);
        }
    }

    private static void checkMatrix(float[][] w) {
        if (w.length == 0 || w[0].length == 0) {
            throw new IllegalArgumentException("empty weight matrix");
        }
        for (float[] row : w) {
            if (row.length != w[0].length) {
                throw new IllegalArgumentException("weight rows differ in length");
            }
        }
    }

    /** Whether ONNX Runtime loads on this machine (checked once, with a 2 x 2 product). */
    public static boolean available() {
        Boolean a = available;
        if (a == null) {
            try (OnnxMatMul probe = of(new float[][] {{1, 2}, {3, 4}})) {
                float[] y = probe.multiply(new float[][] {{1, 1}})[0];
                a = y[0] == 4 && y[1] == 6;
            } catch (RuntimeException | LinkageError e) {
                a = false;
            }
            available = a;
        }
        return a;
    }

    public int inputs() {
        return in;
    }

    public int outputs() {
        return out;
    }

    /** x (rows x in) times W; a new array. */
    public float[][] multiply(float[][] x) {
        int rows = x.length;
        float[][] y = new float[rows][out];
        if (rows == 0) {
            return y;
        }
        FloatBuffer input = ByteBuffer.allocateDirect(rows * in * Float.BYTES).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        for (float[] row : x) {
            if (row.length != in) {
                throw new IllegalArgumentException("row of length " + row.length + ", the product takes " + in);
            }
            input.put(row);
        }
        input.rewind();
        try (OnnxTensor tensor = OnnxTensor.createTensor(env, input, new long[] {rows, in});
             OrtSession.Result result = session.run(Map.of("x", tensor))) {
            FloatBuffer output = ((OnnxTensor) result.get(0)).getFloatBuffer();
            for (float[] row : y) {
                output.get(row);
            }
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime MatMul failed: " + e.getMessage(), e);
        }
        return y;
    }

    @Override
    public void close() {
        cleanable.clean();
    }

    private static void closeQuietly(OrtSession session) {
        try {
            session.close();
        } catch (OrtException e) {
            // nothing left to free
        }
    }
}
