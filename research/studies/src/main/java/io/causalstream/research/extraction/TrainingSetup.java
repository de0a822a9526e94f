package io.causalstream.research.extraction;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.catalog.MeasureCatalog;
import java.nio.file.Path;
import java.util.List;

/**
 * What every training command sets up before it reads a passage: DJL offline on a fixed number of threads (a run is
 * repeatable only with fixed threads), the released test split, and the soft-F1 measures a trainer chooses by at
 * the paper's thresholds (appendix D.3).
 */
public final class TrainingSetup {

    /** ROUGE-E's threshold in the paper's tables. */
    public static final double PAPER_ROUGE = 0.45;
    /** METEOR-E's threshold in the paper's tables. */
    public static final double PAPER_METEOR = 0.01;
    /** BLEU-E's threshold in the paper's tables. */
    public static final double PAPER_BLEU = 0.352;

    /** DJL reads no model zoo over the network and PyTorch runs {@code threads} intra-op threads, one inter-op. */
    public static void djl(int threads) {
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(threads));
        System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
    }

    /** The release's {@code data/test_data.csv}. */
    public static List<GoldPassage> test(Path softMeasuresRoot) {
        return ReleasedSplit.read(softMeasuresRoot.resolve("data").resolve("test_data.csv"));
    }

    /** Micro ROUGE-E at the paper's threshold. */
    public static EdgeSetScorer rouge() {
        return measure("rouge1", PAPER_ROUGE);
    }

    /** Micro METEOR-E at the paper's threshold. */
    public static EdgeSetScorer meteor() {
        return measure("meteor", PAPER_METEOR);
    }

    /** Micro BLEU-E at the paper's threshold. */
    public static EdgeSetScorer bleu() {
        return measure("bleu", PAPER_BLEU);
    }

    private static EdgeSetScorer measure(String name, double threshold) {
        return (EdgeSetScorer) MeasureCatalog.builtIn().entry(name).factory().apply(threshold);
    }

    private TrainingSetup() {
    }
}
