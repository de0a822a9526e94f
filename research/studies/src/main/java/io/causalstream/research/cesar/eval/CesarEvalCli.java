package io.causalstream.research.cesar.eval;

import io.causalstream.research.cesar.EncoderConfig;
import io.causalstream.runtime.Config;
import io.causalstream.cesar.CesarHead;
import io.causalstream.cesar.CesarHeadFile;
import io.causalstream.cesar.CesarScorer;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Evaluates a CESAR head on the delta-CAUSAL test rows (supporter / defeater accuracy and their geometric mean,
 * Table 3) and on COPA (Table 4), and prints the same figures recomputed from the authors' saved CESAR, ROCK and
 * CEQ scores as reference rows. The encoder and head are the scorer's (the bundled head of
 * {@code cesar.encoder.name}, bge-small-q by default) unless {@code ENCODER_NAME} names another bundled encoder.
 *
 * <pre>
 * deploy/causal-stream cesar-eval --data ../shared/data/defeasibility-in-causality
 * deploy/causal-stream cesar-eval --data ../shared/data/defeasibility-in-causality --no-test --no-copa \
 *   --validation ../shared/data/defeasibility-in-causality/delta-causal-dataset --head a.bin.gz --head b.bin.gz
 * </pre>
 */
@Command(name = "cesar-eval", mixinStandardHelpOptions = true,
        description = "CESAR supporter/defeater accuracy, GM and COPA accuracy, with the published reference rows.")
public final class CesarEvalCli implements Callable<Integer> {

    @Option(names = "--data", required = true, description = "The defeasibility-in-causality directory.")
    Path data;

    @Option(names = "--head", description = "CESAR head weights file (default: the bundled head); repeat it to "
            + "compare heads (the encoder runs once).")
    List<Path> heads;

    @Option(names = "--limit", description = "Only the first N test rows and N COPA questions (quick checks).")
    Integer limit;

    @Option(names = "--no-copa", description = "Skip COPA.")
    boolean noCopa;

    @Option(names = "--no-test", description = "Skip the test rows (compare heads on --validation only).")
    boolean noTest;

    @Option(names = "--validation", description = "delta-causal-dataset directory: also score every usable row of "
            + "the VALIDATION split (shuffled_val_extended.csv), the split that compares heads.")
    Path validation;

    @Override
    public Integer call() throws Exception {
        DefeasibilityData dataset = new DefeasibilityData(data);
        System.out.println("Reference rows (paper Table 3: CESAR 84.6/75.8/80.1, ROCK GM 47.2, CEQ GM 38.1; "
                + "Table 4: CEQ 57.8, ROCK 63.2, CESAR 70.7):");
        if (dataset.hasReferenceScores()) {
            dataset.referenceShifts().forEach(r -> System.out.println("  " + r));
            System.out.println("  " + dataset.referenceCopaCeq());
        } else {
            System.out.println("  (saved scores not found under " + data + ")");
        }
        EncoderSettings encoderSettings = EncoderConfig.forCesar(Config.fromEnvironment());
        List<DefeasibilityData.TestRow> rows = dataset.testRows();
        List<DefeasibilityData.CopaRow> copa = dataset.copaRows();
        if (limit != null) {
            rows = rows.subList(0, Math.min(limit, rows.size()));
            java.util.Set<String> ids = new java.util.LinkedHashSet<>();
            copa.stream().map(DefeasibilityData.CopaRow::id).distinct().limit(limit).forEach(ids::add);
            copa = copa.stream().filter(r -> ids.contains(r.id())).toList();
        }
        List<Path> chosen = heads == null || heads.isEmpty() ? java.util.Collections.singletonList(null) : heads;
        try (DjlTokenEncoder encoder = DjlTokenEncoder.open(encoderSettings)) {
            DevCheck all = validation == null ? null
                    : DevCheck.sample(validation, Integer.MAX_VALUE, 0, encoder);
            for (Path head : chosen) {
                // the bundled head trained on this encoder
                CesarHead weights = head == null ? CesarHeadFile.readBundledFor(encoder.name())
                        : CesarHeadFile.read(head);
                // the head in the encoder's graph is a session of its own: only built when test or COPA run
                CesarScorer scorer = noTest && noCopa ? null : new CesarScorer(encoder, weights);
                String name = "CESAR (this head, " + encoder.name() + ")";
                System.out.println("This implementation (" + (head == null ? "bundled head" : head) + "):");
                if (all != null) {
                    System.out.println("  " + all.evaluate(weights));
                }
                if (!noTest) {
                    long start = System.nanoTime();
                    ShiftAccuracy shifts = CesarEvaluation.shifts(name, scorer, rows);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    System.out.println("  " + shifts + String.format("   [%d pairs in %.1f s]", rows.size() * 3,
                            seconds));
                    System.out.println(String.format("  Goal GM >= 80.1: %s", shifts.geometricMean() >= 0.801
                            ? "reached" : "NOT reached"));
                }
                if (!noCopa) {
                    System.out.println("  " + CesarEvaluation.copa(name, scorer, copa));
                }
            }
        }
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new CesarEvalCli()).execute(args));
    }
}
