package io.causalstream.research.extraction.train;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.extractor.backend.model.ConceptReader;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.research.extraction.SplitEvaluation;
import io.causalstream.schemas.graph.Triple;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the research probes on decoding share: the validation split with the Elo passages removed, read into
 * features through the trainer's encoder cache, and the selection measures (micro METEOR-E@0.01, ROUGE-E@0.45).
 *
 * @param val      the validation passages, Elo passages removed
 * @param features each passage's sentence features, in the same order
 */
record ValidationProbe(List<GoldPassage> val, List<List<SentenceFeatures>> features) {

    private static final MeasureCatalog CATALOG = MeasureCatalog.builtIn();
    static final EdgeSetScorer ROUGE = (EdgeSetScorer) CATALOG.entry("rouge1").factory().apply(0.45);
    static final EdgeSetScorer METEOR = (EdgeSetScorer) CATALOG.entry("meteor").factory().apply(0.01);

    /** Reads the validation split of the release in {@code data} through the bundled encoder {@code encoderName}. */
    static ValidationProbe read(Path data, String encoderName) throws IOException {
        List<GoldPassage> val = EloPassages.load(data).without(ReleasedSplit.read(data.resolve("data/val_data.csv")));
        EncoderSettings settings = new EncoderSettings(null, null, encoderName, EncoderSettings.DEFAULT_MAX_TOKENS,
                EncoderSettings.DEFAULT_BATCH_SIZE, 1, null);
        Path cache = Path.of(System.getProperty("java.io.tmpdir"), "causal-stream-extractor-train")
                .resolve("tokens-" + settings.name() + ".bin");
        try (CachedEncoder encoder = new CachedEncoder(DjlTokenEncoder.open(settings), cache)) {
            ConceptReader reader = new ConceptReader(encoder);
            List<List<SentenceFeatures>> features = new ArrayList<>();
            for (GoldPassage p : val) {
                features.add(reader.read(p.text()));
            }
            return new ValidationProbe(val, features);
        }
    }

    static RelationHead head(String file) {
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            return RelationHead.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every passage's pair probabilities under a head, one array per sentence. */
    List<List<float[][][]>> probabilities(RelationHead head) {
        return features.stream().map(f -> f.stream().map(head::score).toList()).toList();
    }

    double meteor(List<List<Triple>> predicted) {
        return SplitEvaluation.score(METEOR, val, predicted).microF1();
    }

    double rouge(List<List<Triple>> predicted) {
        return SplitEvaluation.score(ROUGE, val, predicted).microF1();
    }
}
