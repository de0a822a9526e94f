package io.causalstream.research.study;

import io.causalstream.measures.agreement.Spearman;
import java.util.List;
import java.util.function.Function;

/**
 * A measure with zero or more free settings (a threshold, weights): one candidate per setting, each giving one
 * Spearman correlation per passage. The study compares the setting the paper fixed ({@link #fixed}), the in-sample
 * best (grid search on all passages) and the leave-one-passage-out choice.
 *
 * @param name       the row label, e.g. {@code BLEU-E*}
 * @param candidates a label per candidate setting, e.g. {@code T=0.35}
 * @param fixed      index of the setting fixed in advance (the paper's threshold, the only setting of a
 *                   parameter-free measure), or -1 when there is none
 * @param evaluate   the correlations {@code [candidate][passage]} against a study's human ranking
 */
public record MeasureFamily(String name, List<String> candidates, int fixed,
        Function<EloStudy, double[][]> evaluate) {

    public MeasureFamily {
        candidates = List.copyOf(candidates);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException(name + ": no candidate settings");
        }
        if (fixed < -1 || fixed >= candidates.size()) {
            throw new IllegalArgumentException(name + ": fixed setting " + fixed + " out of range");
        }
    }

    /** A parameter-free measure: its one setting is fixed. */
    public static MeasureFamily of(StudyMeasure measure, String setting) {
        return new MeasureFamily(measure.name(), List.of(setting), 0,
                study -> new double[][] {study.perPassage(measure)});
    }
}
