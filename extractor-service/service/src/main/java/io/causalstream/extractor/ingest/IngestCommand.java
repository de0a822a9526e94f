package io.causalstream.extractor.ingest;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.extractor.dataset.PassageIds;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
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
 * (KAFKA_BOOTSTRAP_SERVERS, SCHEMA_REGISTRY_URL); {@code --dry-run} prints the records instead. Each source is a
 * subcommand of its own ({@link IngestSource}).
 */
@Command(name = "ingest", mixinStandardHelpOptions = true, subcommands = {
        TextSource.class, CsvSource.class, WikiCausalSource.class, StdinSource.class, AnnotationsSource.class},
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
                if (IngestSource.class.isAssignableFrom(cls)) {
                    K k = cls.getDeclaredConstructor().newInstance();
                    ((IngestSource) k).io = io;
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

}
