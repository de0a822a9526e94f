package io.causalstream.scorer.app;

import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.topology.ScoringObserver;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.GraphQuality;
import io.causalstream.scorer.validate.ValidationOutcome;
import io.causalstream.validation.verify.VerifierVerdict;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Scoring metrics: {@code scorer.graphs.scored} (counter, tag {@code gold_origin}), {@code scorer.f1}
 * (distribution summary of formula (1), tag {@code measure}), {@code scorer.edges} (counter, tag
 * {@code validation}: VALIDATED, HYPOTHESIZED, REJECTED, UNCHECKED) and {@code scorer.edge.strength} (distribution
 * of CESAR strengths), and for the validate stage {@code scorer.validation.duration} (timer, tag {@code outcome}:
 * ok, error), {@code scorer.validation.edges} (counter, tag {@code state}) and {@code scorer.verifier.unavailable}
 * (edges whose LLM verification could not reach its server), {@code scorer.gold.changes} (counter, tag
 * {@code origin}: each change of a passage's effective gold). Approximate under exactly-once
 * re-processing, as metrics are.
 */
final class ScoringMetrics implements ScoringObserver {

    static final String GRAPHS_SCORED = "scorer.graphs.scored";
    static final String F1 = "scorer.f1";
    static final String EDGES = "scorer.edges";
    static final String STRENGTH = "scorer.edge.strength";
    static final String VALIDATION_DURATION = "scorer.validation.duration";
    static final String VALIDATION_EDGES = "scorer.validation.edges";
    static final String VERIFIER_UNAVAILABLE = "scorer.verifier.unavailable";
    static final String GOLD_CHANGES = "scorer.gold.changes";

    private final MeterRegistry registry;

    ScoringMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** {@code scorer.gold.changes{origin}}: CURATED, TOURNAMENT, or none when a passage lost its gold. */
    @Override
    public void goldChanged(String passageId, io.causalstream.schemas.gold.GoldGraph before,
                            io.causalstream.schemas.gold.GoldGraph after) {
        Counter.builder(GOLD_CHANGES)
                .description("Changes of the gold a passage is scored against, by the new gold's origin")
                .tag("origin", after == null ? "none" : after.getOrigin().name().toLowerCase(java.util.Locale.ROOT))
                .register(registry)
                .increment();
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
        for (ScoredEdge e : graph.getEdges()) {
            Counter.builder(EDGES)
                    .description("Scored edges by validation state (re-scores included)")
                    .tag("validation", e.getValidation().name())
                    .register(registry)
                    .increment();
            if (e.getStrength() != null) {
                DistributionSummary.builder(STRENGTH)
                        .description("CESAR causal strength of scored edges")
                        .publishPercentileHistogram()
                        .minimumExpectedValue(0.01)
                        .maximumExpectedValue(1.0)
                        .register(registry)
                        .record(e.getStrength());
            }
        }
    }

    /** A finished validation job (called on a validation thread). */
    void validated(ValidationOutcome outcome) {
        boolean error = outcome.failed()
                || outcome.assessments().stream().anyMatch(a -> a.validation() == ValidationState.ERROR);
        Timer.builder(VALIDATION_DURATION)
                .description("Time to validate one extraction (encoder, CESAR, verifier), off the stream threads")
                .tag("outcome", error ? "error" : "ok")
                .register(registry)
                .record(outcome.nanos(), TimeUnit.NANOSECONDS);
        for (EdgeAssessment a : outcome.assessments()) {
            Counter.builder(VALIDATION_EDGES)
                    .description("Validated edges by resulting state; ERROR: validation failed or ran out of time")
                    .tag("state", a.validation().name())
                    .register(registry)
                    .increment();
            if (a.stages().stream().anyMatch(v -> v.getStage().equals(GraphQuality.VERIFICATION)
                    && v.getReason().contains(VerifierVerdict.BACKEND_FAILED))) {
                Counter.builder(VERIFIER_UNAVAILABLE)
                        .description("Edges whose LLM verification could not reach the server (they stay unverified)")
                        .register(registry)
                        .increment();
            }
        }
    }
}
