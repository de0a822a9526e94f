package io.causalstream.research.cesar.eval;

import io.causalstream.cesar.CesarScorer;
import io.causalstream.encoder.TextPair;
import java.util.ArrayList;
import java.util.List;

/** Runs a {@link CesarScorer} over the delta-CAUSAL test rows (Table 3) and the COPA pairs (Table 4). */
public final class CesarEvaluation {

    public static ShiftAccuracy shifts(String metric, CesarScorer scorer, List<DefeasibilityData.TestRow> rows) {
        List<TextPair> pairs = new ArrayList<>(rows.size() * 3);
        for (DefeasibilityData.TestRow row : rows) {
            pairs.add(new TextPair(row.cause(), row.effect()));
            pairs.add(new TextPair(row.causeWithSupporter(), row.effect()));
            pairs.add(new TextPair(row.causeWithDefeater(), row.effect()));
        }
        double[] scores = scorer.strengths(pairs);
        double[] base = new double[rows.size()];
        double[] supporter = new double[rows.size()];
        double[] defeater = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            base[i] = scores[3 * i];
            supporter[i] = scores[3 * i + 1];
            defeater[i] = scores[3 * i + 2];
        }
        return ShiftAccuracy.of(metric, base, supporter, defeater);
    }

    public static CopaAccuracy copa(String metric, CesarScorer scorer, List<DefeasibilityData.CopaRow> rows) {
        double[] scores = scorer.strengths(rows.stream().map(r -> new TextPair(r.cause(), r.effect())).toList());
        List<CopaAccuracy.Row> scored = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            scored.add(new CopaAccuracy.Row(rows.get(i).id(), rows.get(i).label(), scores[i]));
        }
        return CopaAccuracy.of(metric, scored);
    }

    private CesarEvaluation() {
    }
}
