package io.causalstream.research.study;

import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.neural.NeuralMeasures;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code study}: which measure ranks annotations the way people do (the paper's Tables 3 and 4) — every
 * measure with and without partial positives, at the paper's threshold, the in-sample grid best and by
 * leave-one-passage-out; Student-t and bootstrap intervals; paired differences against vanilla F1; four human
 * rankings (online Elo and Bradley-Terry, ties skipped or half) replayed through the elo-service's code. Writes
 * {@code study.md}, {@code study.csv} and {@code study.svg} into {@code --out}.
 */
@Command(name = "study", mixinStandardHelpOptions = true,
        description = "Measure-human agreement study on the released soft-measures data (Table 3/4 with intervals, "
                + "cross-validated thresholds, Elo vs Bradley-Terry, tie rules); Markdown, CSV and SVG into --out.")
public final class StudyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", defaultValue = EloCommand.DATA_DEFAULT,
            description = "The soft-measures-causal-intelligence data folder; default ${DEFAULT-VALUE}.")
    Path data;

    @Option(names = "--out", defaultValue = "docs/study", description = "Output folder (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--grid", defaultValue = "0.05:0.95:0.05", paramLabel = "FROM:TO:STEP",
            description = "Threshold grid (default ${DEFAULT-VALUE}); the paper's thresholds are added.")
    String grid;

    @Option(names = "--rounds", defaultValue = "10000", description = "Bootstrap resamples (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--seed", defaultValue = "14", description = "Bootstrap seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--neural", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Include the MiniLM cosine and BERTScore-style measures (default on; --no-neural skips "
                    + "loading the encoder).")
    boolean neural;

    @Option(names = "--rankings", split = ",", defaultValue = "elo-skip,elo-half,bt-skip,bt-half",
            description = "Human rankings, the first is the main one (default ${DEFAULT-VALUE}).")
    List<String> rankings;

    @Override
    public Integer call() throws Exception {
        PrintWriter w = spec.commandLine().getOut();
        SoftMeasuresData soft = SoftMeasuresData.load(data);
        var judgments = ReleasedJudgments.read(data, ReleasedJudgments.AUTHORS_ORDER);
        List<EloStudy> studies = new ArrayList<>();
        for (String r : rankings) {
            studies.add(new EloStudy(soft, ranking(r, judgments)));
        }
        String[] g = grid.split(":");
        if (g.length != 3) {
            throw new IllegalArgumentException("--grid wants FROM:TO:STEP, got " + grid);
        }
        List<Double> thresholds = ThresholdSearch.grid(Double.parseDouble(g[0]), Double.parseDouble(g[1]),
                Double.parseDouble(g[2]));
        NeuralMeasures nm = neural ? NeuralMeasures.open(EncoderSettings.bundledMiniLm()) : null;
        try {
            List<NodeSimilarity> neuralSims = nm == null ? List.of() : nm.all();
            StudyFamilies families = new StudyFamilies(thresholds, neuralSims);
            List<MeasureFamily> all = new ArrayList<>(families.table3());
            all.addAll(families.candidates());
            List<AgreementStudy.Row> rows = AgreementStudy.run(studies, all);
            StudyReport report = new StudyReport(rows, StudyFamilies.F1, rounds, seed);
            Files.createDirectories(out);
            String md = "## Measure–human agreement study\n\nRegenerate with `deploy/causal-stream study --out "
                    + out + "`.\n\n![per-passage correlations](study.svg)\n\n" + report.markdown();
            Files.writeString(out.resolve("study.md"), md, StandardCharsets.UTF_8);
            Files.writeString(out.resolve("study.csv"), report.csv(), StandardCharsets.UTF_8);
            Files.writeString(out.resolve("study.svg"), report.svg(rankings.get(0), "loo",
                    "Per-passage Spearman with the human ranking (" + rankings.get(0)
                            + "), thresholds by leave-one-passage-out"), StandardCharsets.UTF_8);
            w.println(md);
            w.printf("wrote %s, %s, %s%n", out.resolve("study.md"), out.resolve("study.csv"), out.resolve("study.svg"));
            w.flush();
            return 0;
        } finally {
            if (nm != null) {
                nm.close();
            }
        }
    }

    /** elo-skip / elo-half (online Elo, authors' order) or bt-skip / bt-half (Bradley-Terry). */
    static HumanRanking ranking(String name, List<ReleasedJudgments.Judgment> judgments) {
        String[] parts = name.split("-");
        if (parts.length != 2 || !(parts[0].equals("elo") || parts[0].equals("bt"))) {
            throw new IllegalArgumentException("ranking must be elo-skip, elo-half, bt-skip or bt-half, got " + name);
        }
        TiePolicy ties = TiePolicy.parse(parts[1]);
        return JudgmentReplay.ranking(name, parts[0].equals("elo") ? JudgmentReplay.eloRatings(judgments, ties)
                : JudgmentReplay.btRatings(judgments, ties));
    }

}
