package io.causalstream.research.extraction.train;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import java.nio.file.Path;
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

    /** The val split without the Elo passages. */
    public List<GoldPassage> val() {
        return elo.without(valAll);
    }
}
