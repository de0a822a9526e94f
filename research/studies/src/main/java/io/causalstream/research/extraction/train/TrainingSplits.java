package io.causalstream.research.extraction.train;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.research.extraction.CuratedAnnotations;
import io.causalstream.research.extraction.HeldOutPassages;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The soft-measures release's train and val splits as the extractor's trainers read them: the passages of the 20
 * Elo passages ({@link EloPassages}) are dropped from both, so they are never trained or chosen on. {@code trainAll}
 * and {@code valAll} keep them, for the counts a model card reports.
 */
public record TrainingSplits(EloPassages elo, List<GoldPassage> trainAll, List<GoldPassage> valAll) {

    /** Reads {@code data/train_data.csv}, {@code data/val_data.csv} and the Elo passages of the release. */
    public static TrainingSplits load(Path softMeasuresRoot) {
        Path csv = softMeasuresRoot.resolve("data");
        return new TrainingSplits(EloPassages.load(softMeasuresRoot), ReleasedSplit.read(csv.resolve("train_data.csv")),
                ReleasedSplit.read(csv.resolve("val_data.csv")));
    }

    /** The train split without the Elo passages, its first {@code limit} passages when a limit is given. */
    public List<GoldPassage> train(Integer limit) {
        List<GoldPassage> train = elo.without(trainAll);
        return limit != null && limit < train.size() ? train.subList(0, limit) : train;
    }

    /**
     * The train split (its first {@code limit} passages when a limit is given) with curated annotations merged in
     * ({@link CuratedTraining}); the evaluation passages are the val split, the {@code test} split and the shipped
     * held-out set, beside the Elo passages.
     */
    public CuratedTraining train(Integer limit, Path curated, List<GoldPassage> test) throws IOException {
        return CuratedTraining.merge(train(limit), CuratedAnnotations.read(curated), elo, evaluationTexts(test));
    }

    /** The texts a model is judged on besides the Elo passages: the val split, {@code test}, the held-out set. */
    public List<String> evaluationTexts(List<GoldPassage> test) {
        List<String> evaluation = new ArrayList<>();
        valAll.forEach(p -> evaluation.add(p.text()));
        test.forEach(p -> evaluation.add(p.text()));
        HeldOutPassages.shipped().forEach(p -> evaluation.add(p.text()));
        return evaluation;
    }

    /**
     * What a trainer trains on: {@link #train(Integer)}, or with the {@code curated} export merged in when one is
     * given, its summary printed to {@code log}.
     */
    public List<GoldPassage> train(Integer limit, Path curated, List<GoldPassage> test, PrintStream log)
            throws IOException {
        if (curated == null) {
            return train(limit);
        }
        CuratedTraining merged = train(limit, curated, test);
        log.println(merged.summary());
        return merged.train();
    }

    /** The val split without the Elo passages. */
    public List<GoldPassage> val() {
        return elo.without(valAll);
    }
}
