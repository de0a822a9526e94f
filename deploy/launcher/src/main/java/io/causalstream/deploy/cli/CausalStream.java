package io.causalstream.deploy.cli;

import io.causalstream.deploy.LocalLauncher;
import io.causalstream.deploy.tools.RaterTokenCommand;
import io.causalstream.deploy.tools.ReadTopic;
import io.causalstream.extractor.ingest.IngestCommand;
import io.causalstream.research.alignment.AlignmentCli;
import io.causalstream.research.cesar.eval.CesarEvalCli;
import io.causalstream.research.cesar.train.CesarTrainCli;
import io.causalstream.research.extraction.train.ExtractorTrainCli;
import io.causalstream.research.extraction.EvaluateCommand;
import io.causalstream.research.extraction.ExtractCommand;
import io.causalstream.research.fcm.MapCommand;
import io.causalstream.research.softf1.ScoreCommand;
import io.causalstream.research.softf1.Table3Command;
import io.causalstream.research.study.EloCommand;
import io.causalstream.research.study.StudyCommand;
import io.causalstream.research.wikicausal.WikiCausalCli;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The one CLI, {@code deploy/causal-stream COMMAND [ARGS]}: every offline tool of causal-stream as a subcommand.
 * The commands are the tools' own picocli classes, registered here so that one JVM start on the launcher's
 * classpath runs any of them (no Maven at run time).
 */
@Command(name = "causal-stream",
        description = "causal-stream's tools: publish passages, score and evaluate graphs on files, train and "
                + "evaluate CESAR, read topics, run the local runtime.",
        mixinStandardHelpOptions = true,
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Run 'causal-stream COMMAND --help' for a command's options."})
public final class CausalStream implements Runnable {

    /** Logging of the tools: warnings only, plus the research tools' progress lines (cesar-train). */
    static final String CLI_LOGGING = "logback-cli.xml";
    /** Logging of run-local: the services' start-up lines as well. */
    static final String LOCAL_LOGGING = "logback-local.xml";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Without a command: the usage, and exit code 2 as for any other unusable command line. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    /** The root command with every tool registered, in the order {@code --help} lists them. */
    public static CommandLine commandLine() {
        CommandLine root = new CommandLine(new CausalStream());
        Map<String, String> summaries = new LinkedHashMap<>();
        CommandLine ingest = IngestCommand.commandLine(IngestCommand.Io.system());
        add(root, summaries, "ingest", ingest,
                "publish passages (text, CSV splits, WikiCausal JSONL, stdin) and human annotations");
        add(root, summaries, "extract", new ExtractCommand(),
                "run an extractor backend on a file (text, JSONL, authors' JSON), no Kafka");
        add(root, summaries, "evaluate", new EvaluateCommand(),
                "extractors' soft F1 on the test split and on the Elo passages vs the paper's LLMs");
        add(root, summaries, "score", new ScoreCommand(), "soft F1 measures of predicted vs gold graphs on files");
        add(root, summaries, "table3", new Table3Command(), "the soft-measures paper's Table 3 from the released data");
        add(root, summaries, "study", new StudyCommand(),
                "measure-human agreement: Table 3/4 with intervals, LOO thresholds, Elo vs BT (md, csv, svg)");
        add(root, summaries, "elo", new EloCommand(), "replay the released Elo judgments in any order (JSON)");
        add(root, summaries, "validation-eval", new io.causalstream.research.validation.ValidationEvalCommand(),
                "staged validation's sign check: VALIDATED edges with a sign contradicting the gold");
        add(root, summaries, "align", new AlignmentCli(), "structure-first alignment F1 (EmpiriGraph) per article");
        add(root, summaries, "cesar-eval", new CesarEvalCli(), "CESAR on delta-CAUSAL and COPA, with the paper's rows");
        add(root, summaries, "cesar-train", new CesarTrainCli(), "train the CESAR head with DJL on CPU");
        add(root, summaries, "extractor-train", new ExtractorTrainCli(),
                "train the model extractor's relation head with DJL on CPU");
        add(root, summaries, "extractor-tune", new io.causalstream.research.extraction.tune.ExtractorTuneCli(),
                "fine-tune the model extractor's encoder, relation head and claim detector (v3) with DJL on CPU");
        add(root, summaries, "extractor-calibrate",
                new io.causalstream.research.extraction.tune.ExtractorCalibrateCli(), "fit the model extractor's certainty calibration on the validation split (for the cascade)");
        add(root, summaries, "wikicausal", new WikiCausalCli(), "WikiCausal recall and LLM precision of extracted KGs");
        add(root, summaries, "map", new MapCommand(),
                "collective fuzzy cognitive maps: build, export, simulate, analyse, compare");
        add(root, summaries, "read-topic", new ReadTopic(), "print a topic as JSON lines (Avro decoded)");
        add(root, summaries, "dlq", new io.causalstream.deploy.tools.DlqCommand(),
                "dlq replay: re-publish chosen dead letters to their source topic (dry run first)");
        add(root, summaries, "registry", new io.causalstream.deploy.tools.RegistryCommand(),
                "registry self-contain: self-contained schemas on subjects registered with references (dry run first)");
        add(root, summaries, "curation-export", new io.causalstream.deploy.tools.CurationExportCommand(),
                "the curators' corrections with their passage text as JSON lines (training data)");
        add(root, summaries, "rater-token", new RaterTokenCommand(),
                "a rater's (or curator's) sign-in token and its hashed line for ELO_RATERS or SCORER_CURATORS");
        add(root, summaries, "run-local", new LocalLauncher(),
                "Kafka, the schema registry and the three services on this machine");
        add(root, summaries, "acls", new io.causalstream.deploy.tools.AclsCommand(),
                "the Kafka ACLs (run-local --secure, Strimzi KafkaUsers) as a table or as manifests");
        add(root, summaries, "load", new io.causalstream.deploy.load.LoadCommand(),
                "sustained load on a system it starts: throughput, lag, latency, memory, CPU/record");
        CommandLine bench = new CommandLine(new io.causalstream.research.harness.BenchCommand());
        // a benchmark's own arguments (--encoder ...) follow its name and are not this command's options
        bench.setUnmatchedOptionsArePositionalParams(true);
        add(root, summaries, "bench", bench, "run a benchmark by name (bench --list lists them) through Maven");
        // -V (every command has it) prints the product's version
        String[] version = {"causal-stream " + version()};
        withVersion(root, version);
        // ingest reports a failure as its reason, without a stack trace
        CommandLine.IExecutionExceptionHandler ingestFailure = ingest.getExecutionExceptionHandler();
        root.setExecutionExceptionHandler((e, cmd, parsed) -> {
            for (CommandLine c = cmd; c != null; c = c.getParent()) {
                if (c == ingest) {
                    return ingestFailure.handleExecutionException(e, cmd, parsed);
                }
            }
            throw e;
        });
        // one line per command: the tools' own descriptions are written for their own --help
        root.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, help -> {
            StringBuilder list = new StringBuilder();
            summaries.forEach((name, line) -> list.append(String.format(Locale.ROOT, "  %-12s %s%n", name, line)));
            return list.toString();
        });
        // picocli lets a help option excuse the arguments before it: "bench --help" printed the root's help and
        // exited 0 while no command 'bench' existed. A word the root does not know is an unknown command.
        root.setExecutionStrategy(parsed -> {
            for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
                if (!p.unmatched().isEmpty()) {
                    CommandLine at = p.commandSpec().commandLine();
                    throw new CommandLine.ParameterException(at, "Unknown command '" + p.unmatched().getFirst()
                            + "'; '" + at.getCommandSpec().qualifiedName() + " --help' lists the commands");
                }
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        // picocli's default prints "did you mean" instead of the usage for an unknown command: print both
        root.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            PrintWriter err = failed.getErr();
            err.println(e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
            failed.usage(err);
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
        return root;
    }

    private static void withVersion(CommandLine command, String[] version) {
        command.getCommandSpec().version(version);
        command.getSubcommands().values().forEach(sub -> withVersion(sub, version));
    }

    /** The version in the launcher jar's manifest, or "development build" when run from classes. */
    static String version() {
        String v = CausalStream.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    private static void add(CommandLine root, Map<String, String> summaries, String name, Object command,
            String summary) {
        root.addSubcommand(name, command);
        summaries.put(name, summary);
    }

    /** Held so that the level set in {@link #main} is not lost when the logger is garbage-collected. */
    private static final java.util.logging.Logger APICURIO_JUL = java.util.logging.Logger.getLogger("io.apicurio");

    public static void main(String[] args) {
        // before the first logger exists: otherwise logback looks for logback.xml, finds one in each service jar
        // on this classpath and prints its own status lines about it
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", loggingFor(args));
        }
        // the registry client logs through java.util.logging (not logback): its advice about Vert.x instances is
        // for servers, not for a command that runs once
        APICURIO_JUL.setLevel(java.util.logging.Level.SEVERE);
        System.exit(commandLine().execute(args));
    }

    /** The logging configuration for a command line: run-local logs as the services do, every tool quietly. */
    static String loggingFor(String[] args) {
        return Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst()
                .filter("run-local"::equals).map(c -> LOCAL_LOGGING).orElse(CLI_LOGGING);
    }
}
