package io.causalstream.research.cesar.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.loss.Loss;

/**
 * The mean of (label - prediction)^2, as DJL's {@code L2Loss} with weight 1 computes it, without its
 * {@code mul(weight)}: on the PyTorch engine a Java number in the graph is a tensor over memory the JVM may free
 * before the backward pass reads it ({@code io.causalstream.encoder.tune.EngineMemory}).
 */
final class MeanSquaredError extends Loss {

    MeanSquaredError() {
        super("mse");
    }

    @Override
    public NDArray evaluate(NDList label, NDList prediction) {
        NDArray predicted = prediction.singletonOrThrow();
        return label.singletonOrThrow().reshape(predicted.getShape()).sub(predicted).square().mean();
    }
}
