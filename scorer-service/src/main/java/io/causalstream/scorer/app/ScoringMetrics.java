package io.causalstream.scorer.app;

import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.topology.ScoringObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Scoring metrics: {@code scorer.graphs.scored} (counter, tag {@code gold_origin}) and {@code scorer.f1}
 * (distribution summary of formula (1), tag {@code measure}). Approximate under exactly-once re-processing, as
 * metrics are.
 */
final class ScoringMetrics implements ScoringObserver {

    static final String GRAPHS_SCORED = "scorer.graphs.scored";
    static final String F1 = "scorer.f1";

    private final MeterRegistry registry;

    ScoringMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void scored(ScoredGraph graph) {
        String origin = graph.getGoldOrigin() == null ? "none" : graph.getGoldOrigin().name().toLowerCase(java.util.Locale.ROOT);
        Counter.builder(GRAPHS_SCORED)
                .description("Extractions scored against a gold graph (re-scores after a gold change included)")
                .tag("gold_origin", origin)
                .register(registry)
                .increment();
        for (MeasureScore s : graph.getScores()) {
            DistributionSummary.builder(F1)
                    .description("F1-like score (paper formula 1) of scored extractions")
                    .tag("measure", s.getMeasure())
                    .publishPercentileHistogram()
                    .minimumExpectedValue(0.01)
                    .maximumExpectedValue(1.0)
                    .register(registry)
                    .record(s.getF1());
        }
    }
}
