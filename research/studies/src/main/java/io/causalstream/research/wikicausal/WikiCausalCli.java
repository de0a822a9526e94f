package io.causalstream.research.wikicausal;

import io.causalstream.wikicausal.CausalKg;
import io.causalstream.wikicausal.ConceptLinker;
import io.causalstream.wikicausal.PrecisionEvaluation;
import io.causalstream.wikicausal.RecallEvaluation;
import io.causalstream.wikicausal.RecallRow;
import io.causalstream.wikicausal.ScoredGraphKg;
import io.causalstream.wikicausal.ScoredGraphsFile;

import io.causalstream.openai.ClientMeters;
import io.causalstream.runtime.Config;
import io.causalstream.validation.ValidationSettings;
import io.causalstream.validation.verify.CausalVerifier;
import io.causalstream.validation.verify.OpenAiYesNoModel;
import io.causalstream.validation.verify.VerifierConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * WikiCausal evaluation of extracted KGs against the base KG: recall rows as in {@code results/recall-v1.csv},
 * and, with {@code --precision} and an LLM backend ({@code validation.verifier.*}, see {@link OpenAiYesNoModel}),
 * precision rows as in {@code results/precision-v1.csv}. Inputs are WikiCausal KG files ({@code --input}) or the
 * scorer's output ({@code --scored-graphs}, as printed by {@code deploy/read-topic scored-graphs}), whose labels
 * are linked to the base KG by {@link ConceptLinker}.
 *
 * <pre>
 * deploy/causal-stream wikicausal \
 *   --base ../shared/data/wikicausal/data/base-kg/base-kg-v1.jsonl \
 *   --input ../shared/data/wikicausal/data/extracted-kg/causenet-full-linked-v1.jsonl \
 *   --input ../shared/data/wikicausal/data/extracted-kg/causenet-precision-linked-v1.jsonl
 * </pre>
 */
@Command(name = "wikicausal", mixinStandardHelpOptions = true,
        description = "WikiCausal recall (full / classes / instances) and LLM precision of extracted KGs.")
public final class WikiCausalCli implements Callable<Integer> {

    /** WikiCausal samples each of its five asks. */
    private static final double WIKICAUSAL_TEMPERATURE = 0.7;

    /** The command line running this command, so errors print the usage as the user called it. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--base", required = true, description = "Base KG (base-kg-v1.jsonl).")
    Path base;

    @Option(names = "--input", description = "Extracted KG file(s) in WikiCausal's format.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--scored-graphs", description = "scored-graphs records as JSON lines (deploy/read-topic).")
    List<Path> scoredGraphs = new ArrayList<>();

    @Option(names = "--validated-only", description = "From scored-graphs, count only VALIDATED edges.")
    boolean validatedOnly;

    @Option(names = "--precision", description = "Also ask the LLM verifier (validation.verifier.base.url, "
            + "validation.verifier.model; env VALIDATION_VERIFIER_BASE_URL, ...) about every pair.")
    boolean precision;

    @Override
    public Integer call() throws Exception {
        if (inputs.isEmpty() && scoredGraphs.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --input or --scored-graphs");
        }
        CausalVerifier verifier = precision ? verifier(Config.fromEnvironment()) : CausalVerifier.NONE;
        if (precision && !verifier.configured()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--precision needs an LLM backend: set "
                    + OpenAiYesNoModel.BASE_URL + " (env VALIDATION_VERIFIER_BASE_URL) and validation.verifier.model");
        }
        CausalKg baseKg = CausalKg.read(base);
        String baseName = base.getFileName().toString();
        List<String> precisionRows = new ArrayList<>();
        System.out.println(RecallRow.HEADER);
        for (Path input : inputs) {
            evaluate(input.getFileName().toString(), CausalKg.read(input), baseName, baseKg, verifier, precisionRows);
        }
        if (!scoredGraphs.isEmpty()) {
            ConceptLinker linker = ConceptLinker.fromBaseKg(base);
            for (Path file : scoredGraphs) {
                ScoredGraphKg.Linked linked = ScoredGraphKg.from(ScoredGraphsFile.read(file), linker, validatedOnly);
                System.err.printf("%s: %d edges, %d not linked to the base KG%n", file.getFileName(), linked.edges(),
                        linked.unlinked());
                evaluate(file.getFileName().toString(), linked.kg(), baseName, baseKg, verifier, precisionRows);
            }
        }
        if (precision) {
            System.out.println();
            System.out.println(PrecisionEvaluation.HEADER);
            precisionRows.forEach(System.out::println);
        }
        return 0;
    }

    private static void evaluate(String name, CausalKg kg, String baseName, CausalKg baseKg, CausalVerifier verifier,
                                 List<String> precisionRows) {
        for (RecallRow row : RecallEvaluation.evaluate(name, kg, baseName, baseKg)) {
            System.out.println(row.csv());
        }
        if (verifier.configured()) {
            PrecisionEvaluation.Result result = PrecisionEvaluation.evaluate(kg, verifier);
            precisionRows.add(result.csv(name) + (result.abstained() > 0 ? "  # " + result.abstained()
                    + " pairs without an answer" : ""));
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new WikiCausalCli()).execute(args));
    }

    /**
     * WikiCausal's precision samples its five answers (temperature 0.7); the scorer's default is greedy (one ask).
     * A temperature given in the environment wins. {@link CausalVerifier#NONE} without a base URL.
     */
    private static CausalVerifier verifier(Config environment) {
        ValidationSettings d = ValidationSettings.defaults();
        return VerifierConfig.read(key -> environment.find(key).orElse(null), WIKICAUSAL_TEMPERATURE)
                .map(client -> OpenAiYesNoModel.verifier(client,
                        environment.getInt(ValidationSettings.VERIFICATION_TRIES, d.verifierTries()),
                        environment.getInt(ValidationSettings.VERIFICATION_MAJORITY, d.verifierMajority()),
                        ClientMeters.NONE))
                .orElse(CausalVerifier.NONE);
    }
}
