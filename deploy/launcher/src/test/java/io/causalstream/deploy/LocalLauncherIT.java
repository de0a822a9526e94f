package io.causalstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.deploy.demo.DemoSummary;
import io.causalstream.deploy.demo.SampleData;
import io.causalstream.local.LocalPorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/getting-started.md's first command minus the build: a broker process from the Kafka jars, the registry process, the
 * three services and the sample, on free ports. Replaying the released judgments with ties skipped, in the
 * authors' order, must give the paper's published winner for every passage.
 */
class LocalLauncherIT {

    @Test
    void sampleRunReproducesThePublishedWinnersAndScoresEveryPassage() throws Exception {
        Path dataDir = Files.createTempDirectory("local-launcher-it");
        LocalLauncher launcher = new LocalLauncher();
        List<Integer> ports = java.util.stream.Stream.generate(LocalPorts::pickFree).distinct().limit(6).toList();
        int exit = new CommandLine(launcher).execute("--data-dir", dataDir.toString(), "--exit-after-sample",
                "--kafka-port", ports.get(0).toString(), "--controller-port", ports.get(1).toString(),
                "--registry-port", ports.get(2).toString(), "--elo-port", ports.get(3).toString(),
                "--extractor-port", ports.get(4).toString(), "--scorer-port", ports.get(5).toString());
        assertThat(exit).isZero();

        List<DemoSummary.Row> rows = launcher.sampleSummary();
        var published = SampleData.load().publishedWinners();
        assertThat(rows).hasSize(20);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.leader()).as(r.passageId()).isEqualTo(published.get(r.passageId()));
            assertThat(r.scoredGraphs()).as(r.passageId()).isPositive();
            // the service's own extractor (the trained model by default) scored against the passage's leader
            assertThat(r.extractor()).as(r.passageId()).isNotNull();
            assertThat(r.extractor().annotator()).isEqualTo(io.causalstream.extractor.backend.model.ModelExtractor.TUNED_NAME);
            assertThat(r.extractor().meteorF1()).as(r.passageId()).isBetween(0.0, 1.0);
        });
        // staged validation ran on the passages' edges (the sample's texts arrive through `passages`)
        assertThat(rows.stream().mapToInt(DemoSummary.Row::edgesChecked).sum()).isPositive();
        assertThat(rows.stream().mapToInt(DemoSummary.Row::edgesValidated).sum()).isPositive();
        // everything it started is gone: broker, controller, registry and services no longer listen
        assertThat(ports).allMatch(LocalPorts::isFree);

        // the summary the README and getting-started show is what the command prints today, line for line
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        DemoSummary.print(rows, published, new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        List<String> lines = printed.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
                .map(LocalLauncherIT::withoutScoredCount).toList();
        for (String page : List.of("README.md", "docs/getting-started.md")) {
            List<String> shown = demoBlock(io.causalstream.deploy.docs.RepositoryFiles.read(
                    io.causalstream.deploy.docs.RepositoryFiles.root().resolve(page)));
            assertThat(shown).as(page + " shows the demo's summary").hasSizeGreaterThan(3);
            for (String line : shown) {
                assertThat(lines).as(page + ": its demo output line is printed today:%n%s", line)
                        .anyMatch(printedLine -> shows(line, printedLine));
            }
        }
    }

    /**
     * Whether a printed line is the page's line. The Elo columns must be equal. The extractor's figures (a row's
     * meteor/exact and validated columns, the summary's mean F1 and edge count) may differ a little: ONNX Runtime
     * picks its fp32 kernels by the CPU's instruction set (AVX2, AVX-512), and the sums they add in another order
     * can move a pair near the edge threshold to the other side. The pages show a run on one CPU; on another the
     * extractor's figures differ by at most one or two edges (64 edges instead of 65 on an AVX-512 Xeon).
     */
    static boolean shows(String shown, String printed) {
        if (shown.equals(printed)) {
            return true;
        }
        int from = shown.matches("elo-\\d\\d .*") ? SCORED_END
                : shown.startsWith(io.causalstream.extractor.backend.model.ModelExtractor.TUNED_NAME + " against")
                ? 0 : -1;
        if (from < 0 || printed.length() < from || !shown.substring(0, from).equals(printed.substring(0, from))) {
            return false;
        }
        String a = shown.substring(from);
        String b = printed.substring(from);
        if (!blanked(a).equals(blanked(b))) {
            return false;
        }
        List<String> x = NUMBER.matcher(a).results().map(java.util.regex.MatchResult::group).toList();
        List<String> y = NUMBER.matcher(b).results().map(java.util.regex.MatchResult::group).toList();
        for (int i = 0; i < x.size(); i++) {
            double u = Double.parseDouble(x.get(i));
            double v = Double.parseDouble(y.get(i));
            boolean decimal = x.get(i).contains(".");
            if (decimal != y.get(i).contains(".") || Math.abs(u - v) > (decimal ? 0.05 : Math.max(2, 0.05 * u))) {
                return false;
            }
        }
        return true;
    }

    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("\\d+(?:\\.\\d+)?");

    private static String blanked(String s) {
        return NUMBER.matcher(s).replaceAll("#").replaceAll("\\s+", " ").strip();
    }

    /**
     * A summary line with its {@code scored} column blanked: how often a passage was re-scored depends on how the
     * leader changes fell into the scorer's commits, so only that count may differ from run to run.
     */
    private static String withoutScoredCount(String line) {
        String l = line.stripTrailing();
        return l.length() > SCORED_END && l.matches("elo-\\d\\d .*")
                ? l.substring(0, SCORED_START) + " ".repeat(SCORED_END - SCORED_START) + l.substring(SCORED_END) : l;
    }

    /** Where DemoSummary.print writes the scored count: after 8 + 10 + 8 + 9 + 18 characters and five spaces. */
    private static final int SCORED_START = 58;
    private static final int SCORED_END = 65;

    /** The lines of a page's demo output block (the one that opens with the summary's header), "..." left out. */
    private static List<String> demoBlock(String page) {
        List<String> all = page.lines().toList();
        int header = -1;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).startsWith("passage  leader")) {
                header = i;
                break;
            }
        }
        if (header < 0) {
            return List.of();
        }
        List<String> block = new java.util.ArrayList<>();
        for (int i = header; i < all.size() && !all.get(i).startsWith("```"); i++) {
            String line = all.get(i).stripTrailing();
            if (!line.isEmpty() && !line.equals("...")) {
                block.add(withoutScoredCount(line));
            }
        }
        return block;
    }
}
