package io.causalstream.scorer.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphAlignment;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.testkit.Samples;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ValidationWorkersTest {

    private static GraphScorer scorer(EdgeAssessor assessor) {
        return GraphScorer.of("exact").withHooks(assessor, GraphAlignment.NONE);
    }

    private static EdgeAssessor validatesAll(CountDownLatch gate) {
        return new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                try {
                    gate.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Collections.nCopies(extraction.getTriples().size(),
                        new EdgeAssessment(0.5, ValidationState.VALIDATED, List.of()));
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
    }

    @Test
    void submitReturnsAtOnceAndEachLaneGetsItsOwnOutcomes() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        List<ValidationOutcome> heard = Collections.synchronizedList(new ArrayList<>());
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer(validatesAll(gate)), 2,
                Duration.ofSeconds(10), heard::add)) {
            ValidationWorkers.Lane a = workers.lane();
            ValidationWorkers.Lane b = workers.lane();
            a.submit(job("p1", "llama3", 2));
            b.submit(job("p2", "mistral", 1));
            assertThat(workers.inFlight()).isEqualTo(2);
            assertThat(a.drain()).isEmpty(); // still blocked in the assessor: the caller was not

            gate.countDown();
            List<ValidationOutcome> fromA = drainUntil(a, 1);
            List<ValidationOutcome> fromB = drainUntil(b, 1);
            assertThat(fromA).extracting(o -> o.job().passageId()).containsExactly("p1");
            assertThat(fromB).extracting(o -> o.job().passageId()).containsExactly("p2");
            assertThat(fromA.getFirst().assessments()).extracting(EdgeAssessment::validation)
                    .containsExactly(ValidationState.VALIDATED, ValidationState.VALIDATED);
            assertThat(workers.inFlight()).isZero();
            assertThat(heard).hasSize(2);
        }
    }

    @Test
    void jobsOfOnePassageAreAssessedInOneCallWithAnOutcomeEach() throws Exception {
        List<Integer> batchSizes = Collections.synchronizedList(new ArrayList<>());
        EdgeAssessor batching = new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                throw new AssertionError("asked one by one");
            }

            @Override
            public List<List<EdgeAssessment>> assessAll(List<Extraction> extractions, String passageText) {
                batchSizes.add(extractions.size());
                return extractions.stream().map(e -> Collections.nCopies(e.getTriples().size(),
                        new EdgeAssessment(0.6, ValidationState.HYPOTHESIZED, List.of()))).toList();
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer(batching), 1, Duration.ofSeconds(10),
                o -> { })) {
            ValidationWorkers.Lane lane = workers.lane();
            lane.submitAll(List.of(job("p1", "a", 1), job("p1", "b", 3)));
            List<ValidationOutcome> out = drainUntil(lane, 2);
            assertThat(batchSizes).containsExactly(2);
            assertThat(out).extracting(o -> o.job().annotationId()).containsExactly("a", "b");
            assertThat(out.get(1).assessments()).hasSize(3);
            assertThat(workers.inFlight()).isZero();
        }
    }

    @Test
    void capacityIsTwiceTheThreads() {
        CountDownLatch gate = new CountDownLatch(1);
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer(validatesAll(gate)), 1,
                Duration.ofSeconds(10), o -> { })) {
            ValidationWorkers.Lane lane = workers.lane();
            assertThat(workers.capacity()).isEqualTo(2);
            lane.submit(job("p1", "a", 1));
            assertThat(lane.hasCapacity()).isTrue();
            lane.submit(job("p1", "b", 1));
            assertThat(lane.hasCapacity()).isFalse();
            gate.countDown();
        }
    }

    @Test
    void aJobPastItsBudgetReportsEveryEdgeAsErrorWithTheReason() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer(validatesAll(never)), 1,
                Duration.ofMillis(200), o -> { })) {
            ValidationWorkers.Lane lane = workers.lane();
            lane.submit(job("p1", "slow", 3));
            ValidationOutcome outcome = drainUntil(lane, 1).getFirst();
            assertThat(outcome.failed()).isTrue();
            assertThat(outcome.error()).isEqualTo("validation exceeded its time budget of 200 ms");
            assertThat(outcome.assessments()).hasSize(3).allSatisfy(a -> {
                assertThat(a.validation()).isEqualTo(ValidationState.ERROR);
                assertThat(a.stages().getFirst().getReason()).contains("time budget");
            });
            never.countDown();
        }
    }

    @Test
    void aFailingAssessorGivesErrorEdgesNotAnException() throws Exception {
        EdgeAssessor broken = (extraction, text) -> {
            throw new IllegalStateException("encoder not loaded");
        };
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer(broken), 1, Duration.ofSeconds(5),
                o -> { })) {
            ValidationWorkers.Lane lane = workers.lane();
            lane.submit(job("p1", "x", 1));
            ValidationOutcome outcome = drainUntil(lane, 1).getFirst();
            assertThat(outcome.assessments().getFirst().validation()).isEqualTo(ValidationState.ERROR);
            assertThat(outcome.assessments().getFirst().stages().getFirst().getReason())
                    .contains("encoder not loaded");
        }
    }

    @Test
    void inlineWorkersFinishBeforeSubmitReturns() {
        try (ValidationWorkers workers = ValidationWorkers.inline(scorer(validatesAll(new CountDownLatch(0))))) {
            ValidationWorkers.Lane lane = workers.lane();
            lane.submit(job("p1", "llama3", 1));
            assertThat(lane.drain()).hasSize(1);
        }
    }

    private static List<ValidationOutcome> drainUntil(ValidationWorkers.Lane lane, int n) throws InterruptedException {
        List<ValidationOutcome> out = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (out.size() < n && System.nanoTime() < deadline) {
            out.addAll(lane.drain());
            Thread.sleep(5);
        }
        return out;
    }

    private static ValidationJob job(String passageId, String annotationId, int edges) {
        Triple[] triples = new Triple[edges];
        for (int i = 0; i < edges; i++) {
            triples[i] = Samples.triple("s" + i, "t" + i, Direction.INCREASE);
        }
        return new ValidationJob(Samples.extraction(passageId, annotationId, triples), "text", 0L);
    }
}
