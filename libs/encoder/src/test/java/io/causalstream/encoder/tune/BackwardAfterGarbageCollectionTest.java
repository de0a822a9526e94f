package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.onnx.TestModels;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The encoder's gradients do not depend on when the garbage collector runs. An array DJL's PyTorch engine makes from
 * a Java value wraps a direct buffer the JVM frees once the buffer is unreachable; autograd can still hold that
 * tensor for the backward pass (a divisor, a factor). Here the collector runs between forward and backward and the
 * memory it freed is filled with other values: the gradients must be the ones computed without it, bit for bit.
 */
class BackwardAfterGarbageCollectionTest {

    private static final int ATTEMPTS = 4;
    private static OnnxModel miniLm;
    private static TokenBatch batch;

    @BeforeAll
    static void load() {
        Engines.pytorchOffline();
        miniLm = TestModels.miniLm();
        batch = TokenBatch.of(BertEncoderBlockTest.SENTENCES);
    }

    @Test
    void gradientsAreTheSameWhenTheCollectorRunsBetweenForwardAndBackward() {
        float[] quiet = gradients(false);
        assertThat(quiet).isNotEmpty();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            float[] collected = gradients(true);
            assertThat(collected).hasSameSizeAs(quiet);
            int differing = 0;
            for (int i = 0; i < quiet.length; i++) {
                differing += Float.floatToIntBits(collected[i]) == Float.floatToIntBits(quiet[i]) ? 0 : 1;
            }
            assertThat(differing).as("gradient values that differ, attempt %d, of %d", attempt, quiet.length)
                    .isZero();
        }
    }

    /** Every trainable parameter's gradient of the summed squared states, flattened in the block's order. */
    private static float[] gradients(boolean collectBetween) {
        BertEncoderBlock block = BertEncoderBlock.from(miniLm).trainableLayers(2);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu(), "PyTorch")) {
            block.initialize(manager, DataType.FLOAT32, batch.shape(), batch.shape(), batch.shape());
            NDList inputs = new NDList();
            for (NDArray input : batch.toNDList(manager)) {
                inputs.add(EngineMemory.own(input));
            }
            try (GradientCollector collector = Engine.getEngine("PyTorch").newGradientCollector()) {
                NDArray states = block.forward(new ParameterStore(manager, false), inputs, true).singletonOrThrow();
                NDArray loss = states.mul(states).sum();
                if (collectBetween) {
                    GarbageCollection.collectAndScribble();
                }
                collector.backward(loss);
            }
            return GarbageCollection.gradients(block);
        }
    }
}
