package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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

    @Test
    void theGraphDatabaseIsOffByDefaultAndHasPortsOfItsOwn() {
        LocalLauncher plain = parse();
        assertFalse(plain.graphDb);
        plain.checkGraphDbOptions();

        LocalLauncher graph = parse("--graph-db", "--neo4j-bolt-port=17687", "--connect-port", "18083");
        assertTrue(graph.graphDb);
        assertThat(graph.neo4jBoltPort).isEqualTo(17687);
        assertThat(graph.neo4jHttpPort).isEqualTo(7474);
        assertThat(graph.connectPort).isEqualTo(18083);
        graph.checkGraphDbOptions();
    }

    @Test
    void theGraphDatabaseRefusesASecuredBrokerWithAReason() {
        assertThatThrownBy(() -> parse("--graph-db", "--secure").checkGraphDbOptions())
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("--graph-db")
                .hasMessageContaining("--secure");
        parse("--secure").checkGraphDbOptions();
    }
}
