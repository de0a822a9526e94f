package io.causalstream.extractor.ingest;

import static io.causalstream.text.files.Csv.maps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.PassageIds;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.openai.resilience.Ticker;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Triple;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The ingestion CLI: publishes passages from plain text, the released CSV splits, WikiCausal-style JSONL or stdin,
 * and human annotations from the released JSON format or CSV, with a progress bar, a rate limit and a summary.
 * <pre>
 * deploy/causal-stream ingest text notes.txt --unit sentences
 * deploy/causal-stream ingest csv ../shared/data/soft-measures-causal-intelligence/data/test_data.csv --with-gold
 * deploy/causal-stream ingest wikicausal corpus.jsonl --unit first-section --rate 50
 * cat notes.txt | deploy/causal-stream ingest stdin --unit lines
 * deploy/causal-stream ingest annotations Maryam_annotation.json --annotator Human4
 * deploy/causal-stream ingest annotations gold.csv --annotator curated
 * </pre>
 * Kafka and the registry come from {@code --bootstrap-servers}/{@code --registry-url} or the usual settings
 * (KAFKA_BOOTSTRAP_SERVERS, SCHEMA_REGISTRY_URL); {@code --dry-run} prints the records instead.
 */
@Command(name = "ingest", mixinStandardHelpOptions = true, subcommands = {
        IngestCommand.Text.class, IngestCommand.Csv.class, IngestCommand.WikiCausal.class, IngestCommand.Stdin.class,
        IngestCommand.Annotations.class},
        description = "Publishes passages and human annotations to causal-stream.")
public final class IngestCommand implements Runnable {

    /** Where records go and where the CLI talks; replaced in tests. */
    public record Io(PrintStream out, PrintStream err, InputStream in, Function<Common, Publisher> publishers) {

        public static Io system() {
            return new Io(System.out, System.err, System.in, Io::publisherFor);
        }

        static Publisher publisherFor(Common c) {
            if (c.dryRun) {
                return new DryRunPublisher(System.out);
            }
            // the common settings (security, registry credentials) from the environment; the options win
            Map<String, String> options = new HashMap<>();
            Optional.ofNullable(c.bootstrapServers).ifPresent(b -> options.put(CommonSettings.BOOTSTRAP_SERVERS, b));
            Optional.ofNullable(c.registryUrl).ifPresent(r -> options.put(CommonSettings.SCHEMA_REGISTRY_URL, r));
            CommonSettings settings = CommonSettings.from(Config.withOverrides(options, c.config), "ingest", 0);
            return new KafkaPublisher(KafkaClients.properties(settings), KafkaClients.serdes(settings));
        }
    }

    /** Options every subcommand has. */
    public static final class Common {
        @Option(names = "--bootstrap-servers", description = "Kafka brokers (default: KAFKA_BOOTSTRAP_SERVERS or "
                + "localhost:9092).")
        String bootstrapServers;

        @Option(names = {"--registry", "--registry-url"}, paramLabel = "URL", description = "Schema registry "
                + "(default: SCHEMA_REGISTRY_URL or "
                + "http://localhost:8085).")
        String registryUrl;

        @Option(names = "--config", paramLabel = "FILE", description = "Properties file of settings, as for the "
                + "services (default: the file named by CAUSAL_STREAM_CONFIG): kafka.security.protocol, "
                + "kafka.sasl.*, kafka.ssl.*, schema.registry.username/password...")
        java.nio.file.Path config;

        @Option(names = "--rate", defaultValue = "0", description = "Records per second, 0 for no limit "
                + "(default: ${DEFAULT-VALUE}).")
        double rate;

        @Option(names = "--dry-run", description = "Print the records as JSON instead of publishing them.")
        boolean dryRun;

        @Option(names = "--ids", defaultValue = "hash", description = "Passage ids: hash (of the text, the same "
                + "from every file) or index (position in the file). Default: ${DEFAULT-VALUE}.")
        String ids;

        @Option(names = "--id-prefix", defaultValue = "p-", description = "Prefix of generated passage ids "
                + "(default: ${DEFAULT-VALUE}).")
        String idPrefix;

        @Option(names = "--id-width", defaultValue = "4", description = "Digits of index ids (default: "
                + "${DEFAULT-VALUE}).")
        int idWidth;

        @Option(names = "--dataset", description = "Written to each passage's metadata as 'dataset'.")
        String dataset;

        PassageIds passageIds() {
            return new PassageIds(ids, idPrefix, idWidth);
        }
    }

    private final Io io;

    public IngestCommand(Io io) {
        this.io = io;
    }

    @Override
    public void run() {
        io.err().println(new CommandLine(this).getUsageMessage());
    }

    /** A command line wired to {@code io}; a failure prints its reason, not a stack trace. */
    public static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new IngestCommand(io), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (Base.class.isAssignableFrom(cls)) {
                    K k = cls.getDeclaredConstructor().newInstance();
                    ((Base) k).io = io;
                    return k;
                }
                return CommandLine.defaultFactory().create(cls);
            }
        });
        cl.setErr(new java.io.PrintWriter(io.err(), true));
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            io.err().println("\ningest failed: " + DeadLetters.reason(e));
            return 1;
        });
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine(Io.system()).execute(args));
    }

    /** Reads a source and publishes what it holds, paced, with progress and a summary. */
    abstract static class Base implements Callable<Integer> {

        @Mixin
        Common common = new Common();

        @Spec
        CommandSpec spec;

        Io io;
        private Publisher publisher;
        private Progress progress;
        private Pacer pacer;
        private final Instant now = Instant.now();
        private int index;

        /** What the source holds: "passages" or "annotations". */
        abstract String what();

        /** Records expected, or -1 when the source is streamed. */
        long total() throws IOException {
            return -1;
        }

        abstract void read() throws IOException, InterruptedException;

        @Override
        public Integer call() throws Exception {
            long total = total();
            progress = new Progress(io.err(), what(), total);
            pacer = new Pacer(common.rate, Ticker.SYSTEM);
            long failed;
            try (Publisher p = io.publishers().apply(common)) {
                publisher = p;
                read();
                failed = p.flush();
            }
            List<String> reasons = publisher.failures();
            if (!reasons.isEmpty()) {
                io.err().println();
                reasons.forEach(r -> io.err().println(r));
                if (failed > reasons.size()) {
                    io.err().println("... and " + (failed - reasons.size()) + " more failed");
                }
            }
            io.err().println(publisher.dryRun() ? progress.dryRunSummary() : progress.summary(failed));
            return failed == 0 ? 0 : 1;
        }

        /** Publishes a passage of text; blank text is skipped. */
        void passage(String text, String id, String documentId, String url, String title, Map<String, String> meta)
                throws InterruptedException {
            index++;
            if (text == null || text.isBlank()) {
                progress.skip();
                return;
            }
            Map<String, String> metadata = new LinkedHashMap<>(meta);
            if (common.dataset != null) {
                metadata.put("dataset", common.dataset);
            }
            String passageId = id != null ? id : common.passageIds().id(text, index);
            pacer.await();
            publisher.passage(Records.passage(passageId, text.strip(), documentId, url, title, metadata, now));
            progress.step();
        }

        void annotation(String passageText, String annotatorId, AnnotatorKind kind, List<Triple> triples)
                throws InterruptedException {
            index++;
            if (passageText == null || passageText.isBlank()) {
                progress.skip();
                return;
            }
            pacer.await();
            publisher.annotation(Records.annotation(common.passageIds().id(passageText, index), annotatorId, kind,
                    triples, now));
            progress.step();
        }

        void restartIndex() {
            index = 0;
        }

        BufferedReader open(Path file) throws IOException {
            if (file.toString().equals("-")) {
                return new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8));
            }
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        }
    }

    @Command(name = "text", mixinStandardHelpOptions = true,
            description = "Plain text, split into paragraphs (default), sentences or lines; '-' reads stdin.")
    static final class Text extends Base {
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

    @Command(name = "stdin", mixinStandardHelpOptions = true,
            description = "Standard input, one passage per line (default) or per paragraph or sentence.")
    static final class Stdin extends Base {
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
            for (String u : TextUnits.split(all, textUnit(spec, unit))) {
                passage(u, null, null, null, null, Map.of("source", "stdin", "unit", unit));
            }
        }
    }

    @Command(name = "csv", mixinStandardHelpOptions = true,
            description = "A released split (train/val/test_data.csv): one passage per distinct 'Causal claim'.")
    static final class Csv extends Base {
        @Parameters(paramLabel = "FILE")
        Path file;

        @Option(names = "--with-gold", description = "Also publish each passage's gold rows as the annotation "
                + "of --gold-annotator.")
        boolean withGold;

        @Option(names = "--gold-annotator", defaultValue = "released-gold",
                description = "Annotator id of the gold rows (default: ${DEFAULT-VALUE}).")
        String goldAnnotator;

        private List<GoldPassage> passages;

        @Override
        String what() {
            return withGold ? "records" : "passages";
        }

        @Override
        long total() throws IOException {
            try (BufferedReader in = open(file)) {
                passages = ReleasedSplit.read(in);
            }
            return (long) passages.size() * (withGold ? 2 : 1);
        }

        @Override
        void read() throws InterruptedException {
            String split = file.getFileName().toString().replace("_data.csv", "").replace(".csv", "");
            for (GoldPassage p : passages) {
                passage(p.text(), null, null, null, null, Map.of("source", file.getFileName().toString(), "split",
                        split));
            }
            if (withGold) {
                restartIndex(); // the gold of passage n gets passage n's id under --ids index too
                for (GoldPassage p : passages) {
                    annotation(p.text(), goldAnnotator, AnnotatorKind.HUMAN, p.gold());
                }
            }
        }
    }

    @Command(name = "wikicausal", mixinStandardHelpOptions = true,
            description = "WikiCausal corpus JSONL (id, title, url, text, first_section): one passage per paragraph "
                    + "of the text, or the first section of each article.")
    static final class WikiCausal extends Base {
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

    @Command(name = "annotations", mixinStandardHelpOptions = true,
            description = "Human annotations (annotator kind HUMAN) to 'extractions': the released annotation JSON "
                    + "([{text, \"causal relations\": [{src, tgt, direction}], meta_data: {labeler}}]) or CSV "
                    + "(the released split columns, or text,source,target,direction).")
    static final class Annotations extends Base {
        private static final ObjectMapper JSON = new ObjectMapper();

        @Parameters(paramLabel = "FILE")
        Path file;

        @Option(names = "--annotator", description = "Annotator id (default: the file's meta_data.labeler, or "
                + "the CSV's annotator column, or the file name).")
        String annotator;

        @Option(names = "--kind", defaultValue = "HUMAN", description = "HUMAN, MODEL or RULES (default: "
                + "${DEFAULT-VALUE}).")
        AnnotatorKind kind;

        private record Annotation(String text, String annotator, List<Triple> triples) {
        }

        private List<Annotation> annotations;
        private int droppedRelations;

        @Override
        String what() {
            return "annotations";
        }

        @Override
        long total() throws IOException {
            annotations = file.toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? fromCsv() : fromJson();
            return annotations.size();
        }

        @Override
        void read() throws InterruptedException {
            for (Annotation a : annotations) {
                annotation(a.text(), a.annotator(), kind, a.triples());
            }
            if (droppedRelations > 0) {
                io.err().println("\n" + droppedRelations + " relations without a known direction or with a blank "
                        + "node were left out");
            }
        }

        private String defaultAnnotator() {
            String name = file.getFileName().toString();
            return name.substring(0, name.lastIndexOf('.') < 0 ? name.length() : name.lastIndexOf('.'));
        }

        private List<Annotation> fromJson() throws IOException {
            JsonNode root;
            try (BufferedReader in = open(file)) {
                root = JSON.readTree(in);
            }
            List<Annotation> out = new ArrayList<>();
            for (JsonNode item : root.isArray() ? root : JSON.createArrayNode().add(root)) {
                String who = annotator != null ? annotator
                        : item.path("meta_data").path("labeler").asText(defaultAnnotator());
                List<Triple> triples = new ArrayList<>();
                for (JsonNode r : item.path("causal relations")) {
                    Records.triple(r.path("src").asText(null), r.path("tgt").asText(null),
                            r.path("direction").asText("")).ifPresentOrElse(triples::add, () -> droppedRelations++);
                }
                out.add(new Annotation(item.path("text").asText(""), who, triples));
            }
            return out;
        }

        private List<Annotation> fromCsv() throws IOException {
            List<Map<String, String>> rows;
            try (BufferedReader in = open(file)) {
                rows = maps(in); // the toolkit's Csv.maps: this class has its own Csv command (and an io variable)
            }
            // one annotation per (text, annotator), rows in file order
            Map<List<String>, List<Triple>> grouped = new LinkedHashMap<>();
            for (Map<String, String> row : rows) {
                String text = first(row, ReleasedSplit.TEXT, "text", "passage");
                String who = annotator != null ? annotator
                        : Optional.ofNullable(first(row, "annotator", "labeler")).filter(s -> !s.isBlank())
                        .orElse(defaultAnnotator());
                List<Triple> triples = grouped.computeIfAbsent(List.of(text == null ? "" : text, who),
                        k -> new ArrayList<>());
                Records.triple(first(row, ReleasedSplit.SOURCE, "source", "src"),
                        first(row, ReleasedSplit.TARGET, "target", "tgt"),
                        Optional.ofNullable(first(row, ReleasedSplit.RELATION, "direction", "relation")).orElse(""))
                        .ifPresentOrElse(triples::add, () -> droppedRelations++);
            }
            List<Annotation> out = new ArrayList<>();
            grouped.forEach((key, triples) -> out.add(new Annotation(key.get(0), key.get(1), triples)));
            return out;
        }

        private static String first(Map<String, String> row, String... columns) {
            for (String c : columns) {
                if (row.containsKey(c)) {
                    return row.get(c);
                }
            }
            return null;
        }
    }
}
