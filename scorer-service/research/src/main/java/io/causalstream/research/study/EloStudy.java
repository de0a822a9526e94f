package io.causalstream.research.study;

import java.util.ArrayList;
import java.util.List;

/**
 * The paper's correlation analysis (section 3.4, Table 3), as the authors' notebook computes it
 * ({@code compare_metrics_elo}): for each passage, the gold is the Elo winner's annotation (the table's
 * {@code winner} column); the Elo leader is dropped; over the other annotators, Spearman's correlation between
 * their Elo and their score against the gold (NaN — a constant ranking — counts as 0); the result is the plain
 * mean over passages ({@code numpy.mean}).
 *
 * <p>Extension point for the measure-alignment work: any {@link StudyMeasure} can be ranked, and
 * {@link #perPassage} exposes the per-passage correlations for confidence intervals.
 */
public final class EloStudy {

    /** The agreement of one measure with the human ranking. */
    public record Result(String measure, double[] perPassage, double mean) {
    }

    private final SoftMeasuresData data;

    public EloStudy(SoftMeasuresData data) {
        this.data = data;
    }

    public Result run(StudyMeasure measure) {
        double[] perPassage = perPassage(measure);
        return new Result(measure.name(), perPassage, NumpyMean.mean(perPassage));
    }

    public List<Result> run(List<StudyMeasure> measures) {
        List<Result> out = new ArrayList<>(measures.size());
        for (StudyMeasure m : measures) {
            out.add(run(m));
        }
        return out;
    }

    /** Spearman per passage (NaN as 0). */
    public double[] perPassage(StudyMeasure measure) {
        EloRankings elo = data.rankings();
        double[] out = new double[data.passages()];
        for (int p = 0; p < out.length; p++) {
            String winner = elo.rows().get(p).winner();
            String leader = elo.leader(p);
            var gold = data.annotation(winner, p).edges();
            List<Double> elos = new ArrayList<>();
            List<Double> scores = new ArrayList<>();
            for (String annotator : data.annotators()) {
                if (annotator.equals(leader)) {
                    continue;
                }
                elos.add(elo.elo(p, annotator));
                scores.add(measure.scorer().score(gold, data.annotation(annotator, p).edges()));
            }
            double rho = Spearman.correlation(toArray(elos), toArray(scores));
            out[p] = Double.isNaN(rho) ? 0.0 : rho;
        }
        return out;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
