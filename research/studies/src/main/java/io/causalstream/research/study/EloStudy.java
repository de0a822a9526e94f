package io.causalstream.research.study;

import io.causalstream.measures.agreement.Spearman;
import io.causalstream.measures.agreement.NumpyMean;
import io.causalstream.measures.RawEdge;
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
    private final HumanRanking ranking;

    /** The paper's study: the published Elo table is the human ranking. */
    public EloStudy(SoftMeasuresData data) {
        this(data, data.rankings());
    }

    /** The study against another human ranking of the same passages (a replay, a Bradley-Terry fit). */
    public EloStudy(SoftMeasuresData data, HumanRanking ranking) {
        if (ranking.passages() != data.passages()) {
            throw new IllegalArgumentException(ranking.name() + " ranks " + ranking.passages() + " passages, the data has "
                    + data.passages());
        }
        this.data = data;
        this.ranking = ranking;
    }

    public SoftMeasuresData data() {
        return data;
    }

    public HumanRanking ranking() {
        return ranking;
    }

    public int passages() {
        return data.passages();
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
        double[][] values = new double[passages()][];
        for (int p = 0; p < values.length; p++) {
            List<RawEdge> gold = gold(p);
            List<String> rivals = rivals(p);
            values[p] = new double[rivals.size()];
            for (int i = 0; i < rivals.size(); i++) {
                values[p][i] = measure.scorer().score(gold, data.annotation(rivals.get(i), p).edges());
            }
        }
        return correlations(values);
    }

    /** The gold of passage {@code p}: the ranking's winner's annotation. */
    public List<RawEdge> gold(int p) {
        return data.annotation(ranking.winner(p), p).edges();
    }

    /** The annotators ranked in passage {@code p}: all but the ranking's leader, in the data's order. */
    public List<String> rivals(int p) {
        String leader = ranking.leader(p);
        return data.annotators().stream().filter(a -> !a.equals(leader)).toList();
    }

    /** The human scores of {@link #rivals} in passage {@code p}, in the same order. */
    public double[] human(int p) {
        return rivals(p).stream().mapToDouble(a -> ranking.score(p, a)).toArray();
    }

    /**
     * Per passage, Spearman between the human scores of the rivals and {@code values[p]} (the rivals' measure
     * values in {@link #rivals} order); NaN (a constant ranking) counts as 0, as in the authors' notebook.
     */
    public double[] correlations(double[][] values) {
        double[] out = new double[passages()];
        for (int p = 0; p < out.length; p++) {
            double rho = Spearman.correlation(human(p), values[p]);
            out[p] = Double.isNaN(rho) ? 0.0 : rho;
        }
        return out;
    }
}
