package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * For tests that a block's gradients do not depend on when the garbage collector runs (see {@link EngineMemory}): a
 * collection between forward and backward that hands the freed memory out again, and the gradients to compare.
 */
public final class GarbageCollection {

    /** Runs the collector (so unreachable direct buffers are freed), then allocates small buffers full of 1e30. */
    public static void collectAndScribble() {
        try {
            for (int round = 0; round < 3; round++) {
                System.gc();
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        List<ByteBuffer> kept = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(4 << (i % 3)).order(ByteOrder.nativeOrder());
            while (b.remaining() >= Float.BYTES) {
                b.putFloat(1e30f);
            }
            kept.add(b);
        }
        assertThat(kept).hasSize(20_000);
    }

    /** Every trainable parameter's gradient, flattened in the block's order. */
    public static float[] gradients(Block block) {
        List<float[]> parts = new ArrayList<>();
        int size = 0;
        for (Pair<String, Parameter> p : block.getParameters()) {
            if (p.getValue().requiresGradient()) {
                float[] g = p.getValue().getArray().getGradient().toFloatArray();
                parts.add(g);
                size += g.length;
            }
        }
        float[] flat = new float[size];
        int at = 0;
        for (float[] g : parts) {
            System.arraycopy(g, 0, flat, at, g.length);
            at += g.length;
        }
        return flat;
    }

    private GarbageCollection() {
    }
}
