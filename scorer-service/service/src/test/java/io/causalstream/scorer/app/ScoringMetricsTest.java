package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.validate.ValidationJob;
import io.causalstream.scorer.validate.ValidationOutcome;
import io.causalstream.testkit.Samples;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScoringMetricsTest {

    @Test
    void validationOutcomesAreCountedByStateAndAnUnreachableVerifierIsCounted() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ScoringMetrics metrics = new ScoringMetrics(registry);
        ValidationJob job = new ValidationJob(Samples.extraction("p1", "llama3",
                Samples.triple("rain", "flooding", Direction.INCREASE),
                Samples.triple("dams", "flooding", Direction.DECREASE)), "text", 0);
        EdgeAssessment unverified = new EdgeAssessment(0.4, ValidationState.HYPOTHESIZED,
                List.of(new StageVerdict("verification", false, "LLM backend failed on all 5 questions: refused")));
        metrics.validated(new ValidationOutcome(job, List.of(unverified, EdgeAssessment.error("boom")), null, 1_000));

        assertThat(registry.get("scorer.validation.edges").tag("state", "HYPOTHESIZED").counter().count())
                .isEqualTo(1.0);
        assertThat(registry.get("scorer.validation.edges").tag("state", "ERROR").counter().count()).isEqualTo(1.0);
        assertThat(registry.get("scorer.verifier.unavailable").counter().count()).isEqualTo(1.0);
        assertThat(registry.get("scorer.validation.duration").tag("outcome", "error").timer().count()).isEqualTo(1);
    }
}
