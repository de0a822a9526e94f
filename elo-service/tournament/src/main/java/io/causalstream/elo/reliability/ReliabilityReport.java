package io.causalstream.elo.reliability;

import java.util.List;

/**
 * Inter- and intra-rater reliability (paper appendix H.1).
 *
 * @param overlappingItems  items judged by two or more raters
 * @param agreement         for each (raters, agreeing) seen: the fraction of raters agreeing and the share of the
 *                          overlapping items with that agreement
 * @param selfConsistency   per rater who judged some item more than once
 * @param repeatedItems     (rater, item) combinations judged more than once
 * @param consistentItems   of those, the ones with all results equal
 * @param overallSelfConsistency consistent / repeated; null when nothing was judged twice
 */
public record ReliabilityReport(long overlappingItems, List<Agreement> agreement,
                                List<SelfConsistency> selfConsistency, long repeatedItems, long consistentItems,
                                Double overallSelfConsistency) {

    /** Items on which {@code agreeing} of {@code raters} raters gave the same result. */
    public record Agreement(int raters, int agreeing, double fractionOfRaters, long items, double shareOfItems) {
    }

    /** How often one rater repeated their own result. */
    public record SelfConsistency(String raterId, long repeated, long consistent, double share) {
    }
}
