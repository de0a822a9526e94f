package io.causalstream.extractor.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ingest wikicausal}: WikiCausal-style JSON lines. */
@Command(name = "wikicausal", mixinStandardHelpOptions = true,
        description = "WikiCausal corpus JSONL (id, title, url, text, first_section): one passage per paragraph "
                + "of the text, or the first section of each article.")
final class WikiCausalSource extends IngestSource {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(paramLabel = "FILE", description = "The corpus JSONL, or - for standard input.")
    Path file;

    @Option(names = "--unit", defaultValue = "first-section",
            description = "first-section or paragraphs (default: ${DEFAULT-VALUE}).")
    String unit;

    @Override
    String what() {
        return "passages";
    }

    @Override
    void read() throws IOException, InterruptedException {
        if (!unit.equals("first-section") && !unit.equals("paragraphs")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--unit must be first-section or paragraphs, got '" + unit + "'");
        }
        try (BufferedReader in = open(file)) {
            int lineNo = 0;
            for (String line; (line = in.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode doc;
                try {
                    doc = JSON.readTree(line);
                } catch (IOException e) {
                    io.err().println("\nline " + lineNo + " is not JSON, skipped: " + e.getMessage());
                    continue;
                }
                String docId = doc.path("id").asText(null);
                String title = doc.path("title").asText(null);
                String url = doc.path("url").asText(null);
                Map<String, String> meta = new HashMap<>(Map.of("source", "wikicausal", "unit", unit));
                if (unit.equals("first-section")) {
                    JsonNode first = doc.has("first_section") ? doc.get("first_section") : doc.path("first section");
                    String text = first.asText("");
                    passage(text, docId == null ? null : docId + "-first", docId, url, title, meta);
                } else {
                    int n = 0;
                    for (String para : TextUnits.split(doc.path("text").asText(""), TextUnits.Unit.PARAGRAPHS)) {
                        n++;
                        passage(para, docId == null ? null : docId + "-p" + n, docId, url, title, meta);
                    }
                }
            }
        }
    }
}
