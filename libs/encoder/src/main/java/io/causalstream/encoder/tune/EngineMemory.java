package io.causalstream.encoder.tune;

import ai.djl.ndarray.NDArray;

/**
 * Arrays moved into memory the engine allocated itself.
 *
 * <p>An array DJL makes from Java values wraps a direct buffer wherever the JVM's {@code malloc} put it: 16-byte
 * boundaries, at an offset that depends on everything allocated before (JIT and GC threads included). MKL's matrix
 * products may sum in another order for another alignment, so the same seeded training step could round
 * differently from one run to the next. The engine's own copy sits on a 64-byte boundary in every run.
 */
public final class EngineMemory {

    /** A copy of {@code fromJava} in engine-allocated memory; {@code fromJava} is closed. */
    public static NDArray own(NDArray fromJava) {
        NDArray copy = fromJava.duplicate();
        fromJava.close();
        return copy;
    }

    private EngineMemory() {
    }
}
