package io.causalstream.encoder.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.nio.Buffer;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Arrays from Java values move into the engine's own memory, on 64-byte boundaries, with the same values. */
class EngineMemoryTest {

    @BeforeAll
    static void engine() {
        Engines.pytorchOffline();
    }

    @Test
    void copiesSitOnSixtyFourByteBoundariesWithTheSameValues() throws ReflectiveOperationException {
        assumeThat(Runtime.version().feature()).as("MemorySegment.address needs Java 22").isGreaterThanOrEqualTo(22);
        Set<Long> javaOffsets = new HashSet<>();
        try (NDManager manager = NDManager.newBaseManager("PyTorch")) {
            for (int n = 1; n <= 40; n++) {
                float[] values = new float[n];
                for (int i = 0; i < n; i++) {
                    values[i] = i * 0.25f - n;
                }
                NDArray fromJava = manager.create(values);
                javaOffsets.add(address(fromJava) % 64);
                NDArray owned = EngineMemory.own(fromJava);
                assertThat(owned).isNotSameAs(fromJava);
                assertThat(owned.toFloatArray()).containsExactly(values);
                assertThat(address(owned) % 64).as("offset of a copy of %d floats", n).isZero();
            }
        }
        // the reason for the copies: Java's direct buffers land on 16-byte boundaries only
        System.out.println("offsets mod 64 of arrays made from Java values: " + javaOffsets);
    }

    private static long address(NDArray array) throws ReflectiveOperationException {
        Buffer data = array.toByteBuffer(true);
        assertThat(data.isDirect()).as("the array's own memory").isTrue();
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        Object s = segment.getMethod("ofBuffer", Buffer.class).invoke(null, data);
        return (long) segment.getMethod("address").invoke(s);
    }
}
