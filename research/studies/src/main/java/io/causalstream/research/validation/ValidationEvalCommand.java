package io.causalstream.research.validation;

import io.causalstream.cesar.CesarSettings;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.ValidationSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Staged validation's sign check on the released soft-measures splits ({@link SignAudit}):
 * <pre>
 * deploy/causal-stream validation-eval [--soft-measures ../shared/data/soft-measures-causal-intelligence]
 *     [--data FILE.csv ...] [--neural]
 * </pre>
 * Lexical stages only by default (what decides a sign); {@code --neural} adds embedding grounding and the CESAR
 * strength stage with the bundled MiniLM head, as the scorer runs them.
 */
@Command(name = "validation-eval", mixinStandardHelpOptions = true,
        description = "Share of VALIDATED edges whose sign contradicts the gold on the released splits (gold and "
                + "sign-flipped extractions), the correct edges VALIDATED, and pairs VALIDATED with both signs.")
public final class ValidationEvalCommand implements Callable<Integer> {

    static final String SOFT_MEASURES = "../shared/data/soft-measures-causal-intelligence";
    static final List<String> SPLITS = List.of("train_data.csv", "val_data.csv", "test_data.csv");

    @Option(names = "--soft-measures", defaultValue = SOFT_MEASURES,
            description = "The released soft-measures data (default: ${DEFAULT-VALUE}); its data/ splits are read.")
    Path softMeasures;

    @Option(names = "--data", paramLabel = "FILE.csv",
            description = "Released split CSV files (default: train, val and test under --soft-measures).")
    List<Path> data;

    @Option(names = "--neural", description = "Also run embedding grounding and the CESAR strength stage.")
    boolean neural;

    PrintStream out = System.out;

    @Override
    public Integer call() {
        List<Path> files = data != null ? data : SPLITS.stream().map(s -> softMeasures.resolve("data").resolve(s))
                .toList();
        ValidationSettings d = ValidationSettings.defaults();
        ValidationSettings settings = new ValidationSettings(neural, d.fuzzyThreshold(), d.embeddingGrounding(),
                d.embeddingThreshold(), d.embeddingMaxChars(), d.mergeThreshold(), d.splitConjunctions(),
                d.evidenceWindow(), d.strengthThreshold(), d.evidenceConditionedStrength(), d.transitivityCheck(),
                d.verifierTries(), d.verifierMajority());
        out.println("staged validation (" + (neural ? "lexical stages, embedding grounding, CESAR strength"
                : "lexical stages") + ") of gold and sign-flipped edges");
        out.printf(Locale.ROOT, "%-16s %8s %10s %10s %10s %10s %12s%n", "split", "passages", "gold edges",
                "gold VAL", "flipped VAL", "wrong share", "both signs VAL");
        List<GoldPassage> all = new ArrayList<>();
        try (EdgeValidation validation = EdgeValidation.open(settings, CesarSettings.defaults())) {
            for (Path f : files) {
                List<GoldPassage> passages = ReleasedSplit.read(f);
                all.addAll(passages);
                print(f.getFileName().toString(), SignAudit.run(validation, passages));
            }
            if (files.size() > 1) {
                print("all", SignAudit.run(validation, all));
            }
        }
        return 0;
    }

    private void print(String name, SignAudit.Result r) {
        out.printf(Locale.ROOT, "%-16s %8d %10d %10d %10d %10.3f %7d of %d%n", name, r.passages(), r.goldEdges(),
                r.goldValidated(), r.flippedValidated(), r.wrongShare(), r.bothSignsValidated(), r.pairs());
    }
}
