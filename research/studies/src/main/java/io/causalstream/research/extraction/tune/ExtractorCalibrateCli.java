package io.causalstream.research.extraction.tune;

import io.causalstream.encoder.EncoderSettings;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.model.CertaintyCalibration;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.model.TunedExtractorModel;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.research.extraction.TrainingSetup;
import io.causalstream.research.extraction.train.TrainingSplits;
import io.causalstream.schemas.passage.Passage;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Fits the tuned extractor's certainty calibration on the soft-measures validation split and writes it beside the
 * model, so that the certainty the {@code cascade} backend routes on is a probability that the passage's extraction
 * is right:
 * <pre>
 * deploy/causal-stream extractor-calibrate [--data ../shared/data/soft-measures-causal-intelligence] [--min-f1 0.5]
 * </pre>
 * Each validation passage (Elo passages dropped) is read by the model as the service reads it; it counts as right
 * when its micro METEOR-E@0.01 soft F1 against the gold reaches {@code --min-f1}; the isotonic fit of right on the
 * raw certainty is the calibration ({@link CertaintyCalibration}). Deterministic: the same model and data give the
 * same file.
 */
@Command(name = "extractor-calibrate", mixinStandardHelpOptions = true,
        description = "Fit the model extractor's certainty calibration (isotonic, on the validation split) and write "
                + "it beside the model.")
public final class ExtractorCalibrateCli implements Callable<Integer> {

    /** The calibration is the extractor's (the certainty it reports), so it sits beside the extractor's classes. */
    public static final String DEFAULT_OUT =
            "extractor-service/extractors/src/main/resources/io/causalstream/extractor/backend/model";

    @Option(names = "--data", defaultValue = "../shared/data/soft-measures-causal-intelligence",
            description = "The soft-measures release.")
    Path data;

    @Option(names = "--model", description = "A model written by extractor-tune (default: the shipped one).")
    Path model;

    @Option(names = "--fp32", description = "Fit for the fp32 encoder (extractor.model.int8=false), not the int8 "
            + "default.")
    boolean fp32;

    @Option(names = "--min-f1", defaultValue = "0.5", description = "The passage METEOR-E soft F1 that counts as "
            + "right.")
    double minF1;

    @Option(names = "--out", defaultValue = ExtractorCalibrateCli.DEFAULT_OUT, description = "Where the calibration is "
            + "written (" + "extractor-v4.certainty.csv).")
    Path out;

    private final PrintStream console = System.out;

    @Override
    public Integer call() throws Exception {
        TrainingSetup.djl(1);
        TunedExtractorModel tuned = model == null ? TunedReader.shipped() : TunedReader.read(model);
        List<GoldPassage> val = TrainingSplits.load(data).val();
        EdgeSetScorer meteor = TrainingSetup.meteor();
        double[] raw = new double[val.size()];
        boolean[] right = new boolean[val.size()];
        EncoderSettings encoder = new EncoderSettings(null, null, null, EncoderSettings.DEFAULT_MAX_TOKENS,
                EncoderSettings.DEFAULT_BATCH_SIZE, 1, null);
        try (ModelExtractor extractor = ModelExtractor.open(tuned, encoder, !fp32)) {
            for (int i = 0; i < val.size(); i++) {
                GoldPassage g = val.get(i);
                ExtractionOutcome o = extractor.extract(new Passage("val-" + i, g.text(), null, null, null, Map.of(),
                        Instant.EPOCH));
                raw[i] = o.certainty();
                right[i] = meteor.scoreTriples(o.triples(), g.gold()).f1() >= minF1;
            }
        }
        String meaning = String.format(Locale.ROOT, "P(passage METEOR-E@0.01 soft F1 >= %.2f), soft-measures val "
                + "(%d passages)", minF1, val.size());
        CertaintyCalibration calibration = CertaintyCalibration.fit(ModelExtractor.calibrationId(tuned, !fp32),
                meaning, raw, right);
        int rights = 0;
        for (boolean r : right) {
            rights += r ? 1 : 0;
        }
        console.printf(Locale.ROOT, "%d val passages, %d right (%s); %d calibration steps%n", val.size(), rights,
                meaning, calibration.steps());
        console.println("raw certainty -> P(right), and the share of passages a cascade would send to the LLM:");
        for (double t : new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}) {
            int routed = 0;
            for (double r : raw) {
                routed += calibration.apply(r) < t ? 1 : 0;
            }
            console.printf(Locale.ROOT, "  threshold %.1f: %d of %d routed (%.0f %%)%n", t, routed, raw.length,
                    100.0 * routed / raw.length);
        }
        Files.createDirectories(out);
        Path file = out.resolve(ModelExtractor.TUNED_NAME + ".certainty.csv");
        Files.writeString(file, calibration.write());
        console.println("wrote " + file);
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ExtractorCalibrateCli()).execute(args));
    }
}
