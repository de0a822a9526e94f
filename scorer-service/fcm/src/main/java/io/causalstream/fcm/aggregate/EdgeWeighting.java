package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.EdgeSupport;
import io.causalstream.fcm.model.Evidence;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The weight of a collective edge from its evidence.
 *
 * <pre>
 *   c(e)  = the CESAR strength of annotation e clamped to [0, 1], or the default strength when it has none
 *   u(a)  = mean over annotator a's annotations e of the edge (in one passage) of sign(e) * c(e)
 *   v(p)  = mean over the annotators a of passage p that drew the edge (either sign) of u(a)
 *   w     = sum over the m passages p with the edge of v(p), divided by (m + κ)
 * </pre>
 *
 * So: each passage is one independent vote in [-1, 1] (several annotators of one passage share one vote, so ten
 * models reading one sentence count as one source, and disagreeing annotators of a passage pull its vote toward 0);
 * votes of opposite signs cancel (contradictions lower |w|, and {@link EdgeSupport} keeps their counts); the prior κ
 * (default 1) shrinks edges with few passages toward 0, so |w| grows with the number of agreeing passages:
 * one passage at strength 1 gives 1/2, three give 3/4, m give m/(m+1). With κ = 0, w is the plain mean of the
 * passages' votes. Always |w| &lt;= m/(m+κ) &lt;= 1.
 */
public final class EdgeWeighting {

    public static double weight(List<Evidence> evidence, double defaultStrength, double prior) {
        // passage -> annotator -> [sum of sign*c, count]
        Map<String, Map<String, double[]>> votes = new LinkedHashMap<>();
        for (Evidence e : evidence) {
            double c = e.strength() == null ? defaultStrength : Math.max(0, Math.min(1, e.strength()));
            double[] acc = votes.computeIfAbsent(e.passageId(), p -> new LinkedHashMap<>())
                    .computeIfAbsent(e.annotatorId(), a -> new double[2]);
            acc[0] += e.sign() * c;
            acc[1]++;
        }
        double sum = 0;
        for (Map<String, double[]> annotators : votes.values()) {
            double passage = 0;
            for (double[] acc : annotators.values()) {
                passage += acc[0] / acc[1];
            }
            sum += passage / annotators.size();
        }
        int m = votes.size();
        if (m == 0) {
            return 0;
        }
        double w = sum / (m + prior);
        return Math.max(-1, Math.min(1, w));
    }

    public static EdgeSupport support(List<Evidence> evidence, double defaultStrength) {
        Set<String> passages = new HashSet<>();
        Set<String> annotators = new HashSet<>();
        int positive = 0;
        int negative = 0;
        double positiveMass = 0;
        double negativeMass = 0;
        for (Evidence e : evidence) {
            passages.add(e.passageId());
            annotators.add(e.annotatorId());
            double c = e.strength() == null ? defaultStrength : Math.max(0, Math.min(1, e.strength()));
            if (e.sign() > 0) {
                positive++;
                positiveMass += c;
            } else {
                negative++;
                negativeMass += c;
            }
        }
        return new EdgeSupport(passages.size(), annotators.size(), positive, negative, positiveMass, negativeMass);
    }

    private EdgeWeighting() {
    }
}
