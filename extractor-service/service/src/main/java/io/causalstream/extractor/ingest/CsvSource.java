package io.causalstream.extractor.ingest;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.schemas.graph.AnnotatorKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ingest csv}: the released CSV splits, with their gold annotations if asked. */
@Command(name = "csv", mixinStandardHelpOptions = true,
        description = "A released split (train/val/test_data.csv): one passage per distinct 'Causal claim'.")
final class CsvSource extends IngestSource {
    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--with-gold", description = "Also publish each passage's gold rows as the annotation "
            + "of --gold-annotator.")
    boolean withGold;

    @Option(names = "--gold-annotator", defaultValue = "released-gold",
            description = "Annotator id of the gold rows (default: ${DEFAULT-VALUE}).")
    String goldAnnotator;

    private List<GoldPassage> passages;

    @Override
    String what() {
        return withGold ? "records" : "passages";
    }

    @Override
    long total() throws IOException {
        try (BufferedReader in = open(file)) {
            passages = ReleasedSplit.read(in);
        }
        return (long) passages.size() * (withGold ? 2 : 1);
    }

    @Override
    void read() throws InterruptedException {
        String split = file.getFileName().toString().replace("_data.csv", "").replace(".csv", "");
        for (GoldPassage p : passages) {
            passage(p.text(), null, null, null, null, Map.of("source", file.getFileName().toString(), "split",
                    split));
        }
        if (withGold) {
            restartIndex(); // the gold of passage n gets passage n's id under --ids index too
            for (GoldPassage p : passages) {
                annotation(p.text(), goldAnnotator, AnnotatorKind.HUMAN, p.gold());
            }
        }
    }
}
