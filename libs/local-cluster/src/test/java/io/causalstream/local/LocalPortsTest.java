package io.causalstream.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalPortsTest {

    @Test
    void aPortAlreadyHandedOutIsNotHandedOutAgain() {
        // the OS may offer the same just-released port twice in a row (ports below 1024 stand in: never offered)
        ArrayDeque<Integer> offered = new ArrayDeque<>(List.of(101, 101, 101, 102));
        assertThat(LocalPorts.pickNew(offered::pop)).isEqualTo(101);
        assertThat(LocalPorts.pickNew(offered::pop)).isEqualTo(102);
        assertThat(offered).isEmpty();
        assertThat(LocalPorts.pickFree()).isNotEqualTo(LocalPorts.pickFree());
    }
}
