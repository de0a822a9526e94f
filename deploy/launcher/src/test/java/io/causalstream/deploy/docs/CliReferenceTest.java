package io.causalstream.deploy.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deploy.cli.CausalStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md documents exactly the commands of {@code deploy/causal-stream}: one {@code ## `name`} section per
 * picocli subcommand, in the order {@code --help} lists them, and every nested subcommand ({@code elo replay},
 * {@code map build}, ...) named in its command's section.
 */
class CliReferenceTest {

    private static final Pattern SECTION = Pattern.compile("(?m)^## `([a-z0-9-]+)`\\s*$");

    @Test
    void theReferenceDocumentsExactlyTheSubcommands() {
        String page = RepositoryFiles.read(RepositoryFiles.root().resolve("docs/cli.md"));
        CommandLine cli = CausalStream.commandLine();
        assertThat(sections(page)).containsExactlyElementsOf(cli.getSubcommands().keySet());
        assertThat(nestedMissing(page, cli)).isEmpty();
    }

    @Test
    void everyUsageBlockIsTheCommandsOwn() {
        String page = RepositoryFiles.read(RepositoryFiles.root().resolve("docs/cli.md"));
        assertThat(staleUsage(page, CausalStream.commandLine())).isEmpty();
    }

    @Test
    void aStaleUsageBlockIsFound() {
        CommandLine cli = CausalStream.commandLine();
        String page = RepositoryFiles.read(RepositoryFiles.root().resolve("docs/cli.md"));
        String stale = page.replace("--idle-seconds=", "--idle-secs=");
        assertThat(stale).isNotEqualTo(page);
        assertThat(staleUsage(stale, cli)).anySatisfy(s -> assertThat(s).startsWith("read-topic:"));
    }

    /** Commands whose usage, as picocli prints it, is not on the page in a text block: name and the block to paste. */
    static List<String> staleUsage(String page, CommandLine cli) {
        List<String> stale = new ArrayList<>();
        cli.getSubcommands().forEach((name, sub) -> {
            check(page, name, sub, stale);
            primary(sub).forEach(nested -> check(page, name + " " + nested, sub.getSubcommands().get(nested), stale));
        });
        return stale;
    }

    private static void check(String page, String name, CommandLine command, List<String> stale) {
        String block = "```text\n" + command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing() + "\n```";
        if (!page.contains(block)) {
            stale.add(name + ": the page lacks its usage, which is\n" + block);
        }
    }

    @Test
    void aMissingOrStrangeCommandFails() {
        CommandLine cli = CausalStream.commandLine();
        String page = RepositoryFiles.read(RepositoryFiles.root().resolve("docs/cli.md"));
        String withoutMap = page.replace("## `map`", "## map");
        assertThat(sections(withoutMap)).doesNotContain("map").isNotEqualTo(List.copyOf(cli.getSubcommands().keySet()));
        String withAStranger = page + "\n## `no-such-command`\n";
        assertThat(sections(withAStranger)).isNotEqualTo(List.copyOf(cli.getSubcommands().keySet()));
        String withoutReplay = page.replace("elo replay", "elo rerun");
        assertThat(nestedMissing(withoutReplay, cli)).contains("elo replay");
    }

    static List<String> sections(String page) {
        List<String> names = new ArrayList<>();
        Matcher m = SECTION.matcher(page);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Nested subcommands ("map build") that their command's section does not name. */
    static Set<String> nestedMissing(String page, CommandLine cli) {
        Set<String> missing = new LinkedHashSet<>();
        cli.getSubcommands().forEach((name, sub) -> {
            String section = section(page, name);
            primary(sub).forEach(nested -> {
                if (!section.contains(name + " " + nested)) {
                    missing.add(name + " " + nested);
                }
            });
        });
        return missing;
    }

    /** The nested subcommands under their own names (picocli also lists each alias). */
    private static List<String> primary(CommandLine command) {
        return command.getSubcommands().entrySet().stream()
                .filter(e -> e.getKey().equals(e.getValue().getCommandName())).map(java.util.Map.Entry::getKey).toList();
    }

    private static String section(String page, String name) {
        int start = page.indexOf("## `" + name + "`");
        if (start < 0) {
            return "";
        }
        int end = page.indexOf("\n## ", start + 1);
        return end < 0 ? page.substring(start) : page.substring(start, end);
    }
}
