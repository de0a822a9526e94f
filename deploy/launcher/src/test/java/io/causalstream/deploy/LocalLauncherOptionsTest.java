package io.causalstream.deploy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LocalLauncherOptionsTest {

    private static LocalLauncher parse(String... args) {
        LocalLauncher launcher = new LocalLauncher();
        new CommandLine(launcher).parseArgs(args);
        return launcher;
    }

    @Test
    void theSampleIsPublishedUnlessNoSampleIsGiven() {
        assertTrue(parse().sample);
        assertFalse(parse("--no-sample").sample);
        assertTrue(parse("--sample").sample);
    }
}
