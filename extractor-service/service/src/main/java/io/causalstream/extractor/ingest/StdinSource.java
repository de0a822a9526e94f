package io.causalstream.extractor.ingest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ingest stdin}: plain text from standard input. */
@Command(name = "stdin", mixinStandardHelpOptions = true,
        description = "Standard input, one passage per line (default) or per paragraph or sentence.")
final class StdinSource extends IngestSource {
    @Option(names = "--unit", defaultValue = "lines",
            description = "lines, paragraphs, sentences or whole (default: ${DEFAULT-VALUE}).")
    String unit;

    @Override
    String what() {
        return "passages";
    }

    @Override
    void read() throws IOException, InterruptedException {
        String all = new String(io.in().readAllBytes(), StandardCharsets.UTF_8);
        for (String u : TextUnits.split(all, TextSource.textUnit(spec, unit))) {
            passage(u, null, null, null, null, Map.of("source", "stdin", "unit", unit));
        }
    }
}
