package io.causalstream.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CausalStreamTest {

    /** Every offline tool of the project, as docs/cli.md lists them. */
    private static final List<String> COMMANDS = List.of("ingest", "extract", "evaluate", "score", "table3", "study",
            "elo", "validation-eval", "align", "cesar-eval", "cesar-train", "extractor-train", "extractor-tune", "extractor-calibrate",
            "wikicausal", "map", "read-topic", "dlq", "registry",
            "curation-export", "rater-token", "run-local", "acls", "load", "bench");

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cli = CausalStream.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void everyToolIsASubcommandUnderItsOwnName() {
        CommandLine cli = CausalStream.commandLine();
        assertEquals(COMMANDS, List.copyOf(cli.getSubcommands().keySet()));
        // the tools' own @Command names match, so their usage lines read "causal-stream <name> ..."
        cli.getSubcommands().forEach((name, sub) -> assertEquals(name, sub.getCommandSpec().name()));
        assertEquals(List.of("score", "table3"), List.of(cli.getSubcommands().get("score").getCommandName(),
                cli.getSubcommands().get("table3").getCommandName()));
    }

    @Test
    void helpListsEveryCommandOnOneLine() {
        Run help = run("--help");
        assertEquals(0, help.exit());
        for (String command : COMMANDS) {
            assertEquals(1, help.out().lines().filter(l -> l.startsWith("  " + command + " ")).count(),
                    command + " in\n" + help.out());
        }
        // nothing wraps: every line of the command list starts with a command
        List<String> listed = help.out().lines().dropWhile(l -> !l.equals("Commands:")).skip(1)
                .takeWhile(l -> !l.isBlank()).toList();
        assertEquals(COMMANDS.size(), listed.size(), help.out());
    }

    /** -V on any command, nested ones included, prints the product's version. */
    @Test
    void everyCommandPrintsTheVersion() {
        for (String[] args : List.of(new String[]{"ingest", "-V"}, new String[]{"ingest", "text", "-V"},
                new String[]{"read-topic", "-V"}, new String[]{"dlq", "replay", "--version"})) {
            Run v = run(args);
            assertEquals(0, v.exit(), String.join(" ", args));
            assertEquals("causal-stream " + CausalStream.version(), v.out().strip(), String.join(" ", args));
        }
    }

    /** -V at the root too, as docs/cli.md says of every command. */
    @Test
    void theRootPrintsTheVersion() {
        for (String flag : List.of("-V", "--version")) {
            Run v = run(flag);
            assertEquals(0, v.exit(), v.err());
            assertEquals("causal-stream " + CausalStream.version(), v.out().strip());
        }
    }

    /** A help option does not excuse an unknown command: it is named, with the usage, and the exit code is 2. */
    @Test
    void anUnknownCommandWithHelpIsNamedAndRefused() {
        Run unknown = run("no-such-command", "--help");
        assertEquals(2, unknown.exit(), unknown.out());
        assertTrue(unknown.err().contains("Unknown command 'no-such-command'"), unknown.err());
        assertTrue(unknown.out().isEmpty(), unknown.out());
        Run nested = run("dlq", "no-such-command", "--help");
        assertEquals(2, nested.exit(), nested.out());
        assertTrue(nested.err().contains("Unknown command 'no-such-command'"), nested.err());
    }

    @Test
    void benchListsTheBenchmarksAndRefusesAnUnknownOne() {
        Run list = run("bench", "--list");
        assertEquals(0, list.exit(), list.err());
        for (var b : io.causalstream.research.harness.BenchmarkCatalog.ALL) {
            assertTrue(list.out().lines().anyMatch(l -> l.strip().startsWith(b.name() + " ")), b.name());
        }
        Run help = run("bench", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Usage: causal-stream bench "), help.out());
        Run unknown = run("bench", "no-such-bench");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("no benchmark 'no-such-bench'; known: rules-throughput"), unknown.err());
    }

    /** read-topic and ingest name the registry the same way, and take the other spelling too. */
    @Test
    void theRegistryOptionHasOneNameEverywhere() {
        CommandLine cli = CausalStream.commandLine();
        for (String command : List.of("ingest text", "read-topic", "dlq replay", "curation-export")) {
            CommandLine c = cli;
            for (String part : command.split(" ")) {
                c = c.getSubcommands().get(part);
            }
            assertEquals(List.of("--registry", "--registry-url"),
                    List.of(c.getCommandSpec().findOption("--registry").names()), command);
        }
    }

    @Test
    void aCommandsHelpIsItsOwn() {
        Run help = run("table3", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Usage: causal-stream table3 "), help.out());
    }

    @Test
    void unknownOrMissingCommandPrintsTheUsageAndExits2() {
        Run unknown = run("no-such-command");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("no-such-command"), unknown.err());
        assertTrue(unknown.err().contains("Usage: causal-stream"), unknown.err());
        Run none = run();
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("Usage: causal-stream"), none.err());
    }

    @Test
    void runLocalLogsAsTheServicesEveryToolQuietly() {
        assertEquals(CausalStream.LOCAL_LOGGING, CausalStream.loggingFor(new String[] {"run-local", "--fresh"}));
        assertEquals(CausalStream.CLI_LOGGING, CausalStream.loggingFor(new String[] {"table3", "--data", "x"}));
        assertEquals(CausalStream.CLI_LOGGING, CausalStream.loggingFor(new String[] {"--help"}));
    }

    @Test
    void raterTokenPrintsATokenOnceAndALineWithOnlyItsHash() {
        Run made = run("rater-token", "Human1");
        assertEquals(0, made.exit(), made.err());
        List<String> lines = made.out().lines().toList();
        assertEquals(2, lines.size(), made.out());
        String token = lines.get(0).substring(lines.get(0).lastIndexOf(' ') + 1);
        assertEquals(io.causalstream.runtime.access.AccessTokens.line("Human1", token), lines.get(1));
        assertTrue(!lines.get(1).contains(token) && lines.get(1).startsWith("Human1:sha256:"), lines.get(1));
        // the line is what the service accepts
        assertEquals(java.util.Map.of(io.causalstream.runtime.access.AccessTokens.hash(token), "Human1"),
                io.causalstream.runtime.access.AccessTokens.parse(lines.get(1), "test"));
        assertEquals(2, run("rater-token", "<bad>").exit());
    }
}
