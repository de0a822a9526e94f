package io.causalstream.research.extraction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.dataset.PassageIds;
import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.files.JsonLines;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs an extractor backend on a file, without Kafka:
 * <pre>
 * deploy/causal-stream extract --backend rules --input passages.txt --format text --out graphs.json
 * </pre>
 * Input formats: {@code text} (passages separated by blank lines), {@code jsonl} (one object per line with
 * {@code text} and an optional {@code id}), {@code authors-json} (the soft-measures authors' annotation files,
 * {@code [{"text": ...}]}; their relations are ignored). Output by the name of {@code --out}: {@code .jsonl} writes
 * one extraction per line (passage id, annotator, triples with evidence spans, parse problems), anything else the
 * authors' annotation JSON {@code [{"text", "causal relations": [{"src", "tgt", "direction"}]}]}, which
 * {@code score} and {@code table3} read. The backend comes from the one backend factory ({@code ExtractorBackends});
 * LLM backends read their settings from the environment or {@code -D} properties, as the service does. Progress
 * goes to stderr.
 */
@Command(name = "extract", mixinStandardHelpOptions = true,
        description = "Runs an extractor backend on the passages of a file and writes their causal graphs.")
public final class ExtractCommand implements Callable<Integer> {

    /** Input formats. */
    public enum Format { text, jsonl, authors_json }

    /** Output formats. */
    public enum OutputFormat { authors_json, jsonl }

    @Option(names = "--backend", defaultValue = ExtractorBackends.DEFAULT,
            description = "Extractor backend: model (the trained one, as the service), rules, openai, djl or "
                    + "cascade (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--input", required = true, description = "The passages.")
    Path input;

    @Option(names = "--format", defaultValue = "text", converter = FormatConverter.class,
            description = "Input format: text (passages separated by blank lines), jsonl ({\"text\", \"id\"} per "
                    + "line), authors-json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--out", required = true, description = "Where to write: *.jsonl gives extraction JSON Lines, "
            + "anything else the authors' annotation JSON.")
    Path out;

    @Option(names = "--output-format", converter = OutputFormatConverter.class,
            description = "authors-json or jsonl, instead of choosing by the name of --out.")
    OutputFormat outputFormat;

    private final PrintStream err;
    private final Function<String, String> settings;

    public ExtractCommand() {
        this(System.err, environment());
    }

    private static Function<String, String> environment() {
        Config config = Config.fromEnvironment();
        return key -> config.find(key).orElse(null);
    }

    ExtractCommand(PrintStream err, Function<String, String> settings) {
        this.err = err;
        this.settings = settings;
    }

    /** One passage read from the input. */
    record InputPassage(String id, String text) {
    }

    @Override
    public Integer call() throws IOException {
        List<InputPassage> passages = read(input, format);
        OutputFormat written = outputFormat != null ? outputFormat
                : out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jsonl") ? OutputFormat.jsonl
                : OutputFormat.authors_json;
        Extractor extractor;
        try {
            extractor = ExtractorBackends.create(BackendConfig.read(backend, settings));
        } catch (IllegalArgumentException e) {
            err.println("extract: " + e.getMessage());
            return 2;
        }
        ObjectMapper json = new ObjectMapper();
        long t0 = System.nanoTime();
        int triples = 0;
        try (extractor; BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            Annotator annotator = extractor.annotator();
            ArrayNode authors = json.createArrayNode();
            for (int i = 0; i < passages.size(); i++) {
                InputPassage p = passages.get(i);
                // as the service does by default (extractor.unsupported.language=report): a passage not in English
                // gets an empty graph whose parse problem says why, rather than silence
                Optional<ParseProblem> language = LanguageSupport.unsupported(p.text());
                language.ifPresent(problem -> err.println("extract: passage " + p.id() + ": " + problem));
                ExtractionOutcome outcome = language.isPresent() ? LanguageSupport.reported(language.get())
                        : extractor.extract(new Passage(p.id(), p.text(), null, null, null, Map.of(), Instant.EPOCH));
                triples += outcome.triples().size();
                if (written == OutputFormat.jsonl) {
                    w.write(json.writeValueAsString(extractionLine(json, p, annotator, outcome)));
                    w.newLine();
                } else {
                    authors.add(authorsEntry(json, p.text(), outcome.triples()));
                }
                if ((i + 1) % 50 == 0 || i + 1 == passages.size()) {
                    err.printf(Locale.ROOT, "extract: %d/%d passages, %d triples, %.1f s%n", i + 1, passages.size(),
                            triples, (System.nanoTime() - t0) / 1e9);
                }
            }
            if (written == OutputFormat.authors_json) {
                w.write(json.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(authors));
                w.newLine();
            }
        }
        err.printf(Locale.ROOT, "extract: %s wrote %d passages, %d triples to %s%n", backend, passages.size(),
                triples, out);
        return 0;
    }

    static List<InputPassage> read(Path file, Format format) throws IOException {
        List<InputPassage> out = new ArrayList<>();
        switch (format) {
            case text -> {
                int n = 0;
                for (String block : Files.readString(file, StandardCharsets.UTF_8).split("\\R\\s*\\R")) {
                    if (!block.isBlank()) {
                        out.add(new InputPassage(PassageIds.DEFAULT.id(block.strip(), ++n), block.strip()));
                    }
                }
            }
            case jsonl -> JsonLines.forEach(file, (o, line) -> {
                String text = JsonLines.text(o, "text");
                out.add(new InputPassage(o.hasNonNull("id") ? o.get("id").asText() : PassageIds.DEFAULT.id(text, line),
                        text));
            });
            case authors_json -> {
                JsonNode root = new ObjectMapper().readTree(file.toFile());
                if (!root.isArray()) {
                    throw new IOException(file + ": expected a JSON array of {\"text\": ...} objects");
                }
                int n = 0;
                for (JsonNode o : root) {
                    n++;
                    String text = JsonLines.text(o, "text");
                    out.add(new InputPassage(PassageIds.DEFAULT.id(text, n), text));
                }
            }
        }
        return out;
    }

    private static ObjectNode authorsEntry(ObjectMapper json, String text, List<Triple> triples) {
        ObjectNode entry = json.createObjectNode();
        entry.put("text", text);
        ArrayNode relations = entry.putArray("causal relations");
        for (Triple t : triples) {
            relations.addObject().put("src", t.getSource()).put("tgt", t.getTarget())
                    .put("direction", t.getDirection().name().charAt(0)
                            + t.getDirection().name().substring(1).toLowerCase(Locale.ROOT));
        }
        return entry;
    }

    private static ObjectNode extractionLine(ObjectMapper json, InputPassage p, Annotator annotator,
                                             ExtractionOutcome outcome) {
        ObjectNode line = json.createObjectNode();
        line.put("passageId", p.id());
        line.put("annotationId", annotator.getId());
        ObjectNode a = line.putObject("annotator");
        a.put("id", annotator.getId());
        a.put("kind", annotator.getKind().name());
        a.put("model", annotator.getModel());
        a.put("promptFormat", annotator.getPromptFormat() == null ? null : annotator.getPromptFormat().toString());
        ArrayNode triples = line.putArray("triples");
        for (Triple t : outcome.triples()) {
            ObjectNode o = triples.addObject();
            o.put("source", t.getSource());
            o.put("target", t.getTarget());
            o.put("direction", t.getDirection().name());
            ArrayNode evidence = o.putArray("evidence");
            for (EvidenceSpan s : t.getEvidence()) {
                evidence.addObject().put("start", s.getStart()).put("end", s.getEnd());
            }
            if (t.getConfidence() != null) {
                o.put("confidence", t.getConfidence());
            } else {
                o.putNull("confidence");
            }
        }
        line.put("rawOutput", outcome.rawOutput());
        ArrayNode problems = line.putArray("parseProblems");
        outcome.problems().forEach(pp -> problems.add(pp.toString()));
        return line;
    }

    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            return Format.valueOf(value.strip().toLowerCase(Locale.ROOT).replace('-', '_'));
        }
    }

    static final class OutputFormatConverter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            return OutputFormat.valueOf(value.strip().toLowerCase(Locale.ROOT).replace('-', '_'));
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ExtractCommand()).execute(args));
    }
}
