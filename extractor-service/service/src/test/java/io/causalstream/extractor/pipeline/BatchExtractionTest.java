package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BatchExtractionTest {

    private static Passage passage(String id) {
        return new Passage(id, "text of " + id, null, null, null, Map.of(), Instant.EPOCH);
    }

    /** Echoes the passage id as a triple; waits at a barrier so concurrent calls must meet. */
    private static final class MeetingExtractor implements Extractor {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final CyclicBarrier barrier;

        MeetingExtractor(int parties) {
            this.barrier = new CyclicBarrier(parties);
        }

        @Override
        public Annotator annotator() {
            return new Annotator("test", AnnotatorKind.RULES, null, null);
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                barrier.await(5, TimeUnit.SECONDS);
                if (passage.getId().equals("p3")) {
                    throw new IllegalArgumentException("cannot read p3");
                }
                return ExtractionOutcome.of(List.of(new Triple(passage.getId(), "y", Direction.INCREASE, List.of(),
                        null)));
            } catch (Exception e) {
                throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    @Test
    @Timeout(20)
    void runsUpToTheBoundConcurrentlyAndKeepsInputOrder() throws Exception {
        // two parties: only two concurrent calls get past the barrier, one at a time would time out
        MeetingExtractor extractor = new MeetingExtractor(2);
        try (BatchExtraction batch = new BatchExtraction(extractor, 2)) {
            List<ExtractionResult> results = batch.run(List.of(passage("p1"), passage("p2"), passage("p3"),
                    passage("p4")));

            assertThat(extractor.maxInFlight.get()).isEqualTo(2);
            assertThat(results).hasSize(4);
            assertThat(((ExtractionResult.Success) results.get(0)).outcome().triples().get(0).getSource())
                    .isEqualTo("p1");
            assertThat(((ExtractionResult.Success) results.get(1)).outcome().triples().get(0).getSource())
                    .isEqualTo("p2");
            assertThat(results.get(2)).isInstanceOfSatisfying(ExtractionResult.Failure.class,
                    f -> assertThat(f.error()).hasMessage("cannot read p3"));
            assertThat(((ExtractionResult.Success) results.get(3)).outcome().triples().get(0).getSource())
                    .isEqualTo("p4");
        }
    }

    @Test
    void extractorReturningNullIsAFailureOfThatPassage() throws Exception {
        Extractor nothing = new Extractor() {
            @Override
            public Annotator annotator() {
                return new Annotator("test", AnnotatorKind.RULES, null, null);
            }

            @Override
            public ExtractionOutcome extract(Passage passage) {
                return null;
            }
        };
        try (BatchExtraction batch = new BatchExtraction(nothing, 1)) {
            assertThat(batch.run(List.of(passage("p1")))).singleElement()
                    .isInstanceOfSatisfying(ExtractionResult.Failure.class,
                            f -> assertThat(f.error()).hasMessage("the extractor returned no outcome"));
        }
    }
}
