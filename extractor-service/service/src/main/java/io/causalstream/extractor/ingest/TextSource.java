package io.causalstream.extractor.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ingest text}: plain text from a file, or standard input with '-'. */
@Command(name = "text", mixinStandardHelpOptions = true,
        description = "Plain text, split into paragraphs (default), sentences or lines; '-' reads stdin.")
final class TextSource extends IngestSource {
    @Parameters(paramLabel = "FILE", description = "A UTF-8 text file, or - for standard input.")
    Path file;

    @Option(names = "--unit", defaultValue = "paragraphs",
            description = "paragraphs, sentences, lines or whole (default: ${DEFAULT-VALUE}).")
    String unit;

    private List<String> units;

    @Override
    String what() {
        return "passages";
    }

    @Override
    long total() throws IOException {
        try (BufferedReader in = open(file)) {
            java.io.StringWriter text = new java.io.StringWriter();
            in.transferTo(text);
            units = TextUnits.split(text.toString(), textUnit(spec, unit));
        }
        return units.size();
    }

    @Override
    void read() throws InterruptedException {
        String source = file.toString().equals("-") ? "stdin" : file.getFileName().toString();
        for (String u : units) {
            passage(u, null, null, null, null, Map.of("source", source, "unit", unit));
        }
    }

    /** The {@code --unit} of a text source, or a usage error that names the units there are. */
    static TextUnits.Unit textUnit(CommandSpec command, String unit) {
        for (TextUnits.Unit u : TextUnits.Unit.values()) {
            if (u.name().equalsIgnoreCase(unit)) {
                return u;
            }
        }
        throw new CommandLine.ParameterException(command.commandLine(), "--unit must be paragraphs, sentences, "
                + "lines or whole, got '" + unit + "'");
    }
}
