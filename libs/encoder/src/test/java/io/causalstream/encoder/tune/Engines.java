package io.causalstream.encoder.tune;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.ParameterStore;

/** PyTorch for the tuning tests (offline, from the native library on the test classpath) and their arithmetic. */
final class Engines {

    static void pytorchOffline() {
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
    }

    /** The block's token states for the batch, [sentence][token][d], initializing it first if needed. */
    static float[][][] forward(BertEncoderBlock block, NDManager parent, TokenBatch batch) {
        try (NDManager manager = parent.newSubManager()) {
            if (!block.isInitialized()) {
                block.initialize(manager.getParentManager(), DataType.FLOAT32, batch.shape(), batch.shape(),
                        batch.shape());
            }
            float[] flat = block.forward(new ParameterStore(manager, false), batch.toNDList(manager), false)
                    .singletonOrThrow().toFloatArray();
            return unflatten(flat, batch.size(), batch.width(), block.config().hidden());
        }
    }

    static float[][][] unflatten(float[] flat, int batch, int tokens, int d) {
        float[][][] out = new float[batch][tokens][d];
        for (int b = 0; b < batch; b++) {
            for (int t = 0; t < tokens; t++) {
                System.arraycopy(flat, (b * tokens + t) * d, out[b][t], 0, d);
            }
        }
        return out;
    }

    /** max |expected - actual| over the first {@code tokens} token vectors. */
    static double maxDifference(float[][] expected, float[][] actual, int tokens) {
        double max = 0;
        for (int t = 0; t < tokens; t++) {
            for (int i = 0; i < expected[t].length; i++) {
                max = Math.max(max, Math.abs((double) expected[t][i] - actual[t][i]));
            }
        }
        return max;
    }


    private Engines() {
    }
}
