package io.causalstream.encoder.onnx;

import java.util.Arrays;

/**
 * A named fp32 tensor: its shape and its values in row-major order. Equal when name, shape and values are (values
 * compared as {@link Arrays#equals(float[], float[])} does). The values are held as given, not copied: an encoder's
 * weights run to tens of megabytes.
 *
 * @param name   the tensor's name (an encoder weight's Hugging Face name: {@code embeddings.LayerNorm.weight})
 * @param shape  its dimensions; empty for a scalar
 * @param values as many values as the shape holds
 */
public record FloatTensor(String name, long[] shape, float[] values) {

    public FloatTensor {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a tensor needs a name");
        }
        shape = shape.clone();
        long size = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("tensor " + name + " has a negative dimension: "
                        + Arrays.toString(shape));
            }
            size *= d;
        }
        if (size != values.length) {
            throw new IllegalArgumentException("tensor " + name + " of shape " + Arrays.toString(shape) + " holds "
                    + size + " values, got " + values.length);
        }
    }

    /** A copy of the shape (the record's own stays unchanged). */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** The number of values. */
    public int size() {
        return values.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FloatTensor t && name.equals(t.name) && Arrays.equals(shape, t.shape)
                && Arrays.equals(values, t.values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(shape)) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "FloatTensor[" + name + " " + Arrays.toString(shape) + "]";
    }
}
