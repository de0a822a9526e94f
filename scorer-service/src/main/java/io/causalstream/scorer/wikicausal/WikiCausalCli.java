package io.causalstream.scorer.wikicausal;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * WikiCausal recall of extracted KGs against the base KG, printed as the rows of {@code results/recall-v1.csv}.
 *
 * <pre>
 * mvn -pl scorer-service exec:java -Dexec.mainClass=io.causalstream.scorer.wikicausal.WikiCausalCli -Dexec.args="\
 *   --base /work/shared/data/wikicausal/data/base-kg/base-kg-v1.jsonl \
 *   --input /work/shared/data/wikicausal/data/extracted-kg/causenet-full-linked-v1.jsonl \
 *   --input /work/shared/data/wikicausal/data/extracted-kg/causenet-precision-linked-v1.jsonl"
 * </pre>
 *
 * Precision needs an LLM backend: use {@link PrecisionEvaluation} with a
 * {@link io.causalstream.scorer.validation.verify.MajorityVoteVerifier} around the backend's client.
 */
@Command(name = "wikicausal-recall", mixinStandardHelpOptions = true,
        description = "WikiCausal recall (full / classes / instances) of extracted KGs against the base KG.")
public final class WikiCausalCli implements Callable<Integer> {

    @Option(names = "--base", required = true, description = "Base KG (base-kg-v1.jsonl).")
    Path base;

    @Option(names = "--input", required = true, description = "Extracted KG file(s).")
    List<Path> inputs;

    @Override
    public Integer call() throws Exception {
        CausalKg baseKg = CausalKg.read(base);
        System.out.println(RecallRow.HEADER);
        for (Path input : inputs) {
            for (RecallRow row : RecallEvaluation.evaluate(input.getFileName().toString(), CausalKg.read(input),
                    base.getFileName().toString(), baseKg)) {
                System.out.println(row.csv());
            }
        }
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new WikiCausalCli()).execute(args));
    }
}
