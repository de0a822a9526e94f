package io.causalstream.scorer.agreement;

import io.causalstream.measures.agreement.Intervals;
import io.causalstream.measures.agreement.Intervals.Interval;

/**
 * One measure's agreement over all passages: the mean of the latest per-passage &rho; with the paper's Student-t
 * interval over passages (Table 3), or no interval while fewer than two passages have a value.
 *
 * @param mean     mean per-passage &rho;
 * @param interval Student-t interval of the mean at {@code level}, or null with fewer than two passages
 * @param passages number of passages averaged
 */
public record OverallAgreement(double mean, Interval interval, int passages, double level) {

    /** The paper's confidence level. */
    public static final double LEVEL = 0.95;

    public static OverallAgreement of(double[] perPassage, double level) {
        if (perPassage.length == 0) {
            throw new IllegalArgumentException("no passage to average");
        }
        Interval interval = perPassage.length < 2 ? null : Intervals.studentT(perPassage, level);
        return new OverallAgreement(Intervals.mean(perPassage), interval, perPassage.length, level);
    }
}
