package io.causalstream.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
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

    @Test
    void aPortClaimedElsewhereIsSkipped() {
        // 103 stands for a port whose lock file another test JVM holds
        ArrayDeque<Integer> offered = new ArrayDeque<>(List.of(103, 104));
        assertThat(LocalPorts.pickNew(offered::pop, port -> port != 103)).isEqualTo(104);
        assertThat(offered).isEmpty();
    }

    @Test
    void aPortWhoseLockFileIsHeldIsNotClaimed() throws IOException {
        // the lock another JVM would hold (ports below 1024 stand in: never offered)
        Files.createDirectories(LocalPorts.CLAIM_DIR);
        try (FileChannel other = FileChannel.open(LocalPorts.CLAIM_DIR.resolve("106.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = other.lock()) {
            assertThat(held.isValid()).isTrue();
            assertThat(LocalPorts.claim(106)).isFalse();
        }
        assertThat(LocalPorts.claim(106)).isTrue();
        assertThat(LocalPorts.claim(106)).isFalse();
    }
}
