package io.causalstream.research.study;

import java.util.ArrayList;
import java.util.List;

/**
 * The measure-vs-human agreement study: every {@link MeasureFamily} against every human ranking, with
 * its setting fixed in advance (the paper's), chosen on all passages (grid search, in-sample) and chosen by
 * leave-one-passage-out cross-validation (the honest figure).
 */
public final class AgreementStudy {

    /** One measure under one human ranking. {@code fixedRho} is null when the measure has no fixed setting. */
    public record Row(String ranking, MeasureFamily family, double[][] rho, double[] fixedRho, int grid,
            LeaveOneOut.Result loo) {

        public String measure() {
            return family.name();
        }

        public String fixedSetting() {
            return family.fixed() < 0 ? null : family.candidates().get(family.fixed());
        }

        public String gridSetting() {
            return family.candidates().get(grid);
        }

        public double[] gridRho() {
            return rho[grid];
        }

        /** The settings the cross-validation chose, each with how many held-out passages it served. */
        public String looSettings() {
            java.util.Map<String, Integer> n = new java.util.TreeMap<>();
            for (int c : loo.chosen()) {
                n.merge(family.candidates().get(c), 1, Integer::sum);
            }
            StringBuilder s = new StringBuilder();
            n.forEach((k, v) -> s.append(s.isEmpty() ? "" : " ").append(k).append(v == loo.chosen().length ? ""
                    : "×" + v));
            return s.toString();
        }
    }

    public static Row run(EloStudy study, MeasureFamily family) {
        double[][] rho = family.evaluate().apply(study);
        if (rho.length != family.candidates().size()) {
            throw new IllegalStateException(family.name() + ": " + rho.length + " rows for "
                    + family.candidates().size() + " candidates");
        }
        return new Row(study.ranking().name(), family, rho, family.fixed() < 0 ? null : rho[family.fixed()],
                LeaveOneOut.best(rho), LeaveOneOut.run(rho));
    }

    public static List<Row> run(List<EloStudy> studies, List<MeasureFamily> families) {
        List<Row> out = new ArrayList<>();
        for (EloStudy s : studies) {
            for (MeasureFamily f : families) {
                out.add(run(s, f));
            }
        }
        return out;
    }

    private AgreementStudy() {
    }
}
