package io.causalstream.encoder.tune;

import ai.djl.ndarray.NDArray;

/**
 * Arrays moved into memory the engine allocated itself.
 *
 * <p>An array DJL's PyTorch engine makes from Java values does not own its memory: it wraps a direct buffer, which
 * the JVM frees when the garbage collector finds the buffer unreachable, whether or not PyTorch still uses it. Closing
 * the array drops the buffer, but autograd may still hold the tensor for the backward pass: {@code x.div(8f)} makes a
 * tensor of the 8, closes it at once, and the gradient of {@code x} divides by it later. If a collection runs in
 * between and the memory is handed out again, the gradient divides by whatever is written there: training then
 * depends on when the collector runs (runs of one seed drift apart, and now and then a step goes non-finite).
 * So an array that enters a training graph is copied into memory PyTorch owns ({@link #own}), and a number that an
 * operation's gradient needs (a factor, a divisor, an exponent, a bound) enters as such an array ({@link #constant}).
 * The engine's copy also sits on a 64-byte boundary in every run.
 */
public final class EngineMemory {

    /** A copy of {@code fromJava} in engine-allocated memory; {@code fromJava} is closed. */
    public static NDArray own(NDArray fromJava) {
        NDArray copy = fromJava.duplicate();
        fromJava.close();
        return copy;
    }

    /**
     * {@code value} as a scalar array in engine-allocated memory, in {@code like}'s manager: use it instead of a Java
     * number in {@code mul}, {@code div}, {@code pow} or {@code maximum} on an array that needs a gradient.
     */
    public static NDArray constant(NDArray like, float value) {
        return own(like.getManager().create(value));
    }

    private EngineMemory() {
    }
}
