package io.causalstream.elo.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.pipeline.ConsumerLag.Partition;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerLagTest {

    @Test
    void lagIsEndMinusCommittedPerPartitionSummedPerTopic() {
        Map<Partition, Long> committed = Map.of(
                new Partition("passages", 0), 90L, new Partition("passages", 1), 100L,
                new Partition("extractions", 0), 5L,
                new Partition("gone", 0), 7L); // no end offset known: left out of the lag
        Map<Partition, Long> end = Map.of(
                new Partition("passages", 0), 100L, new Partition("passages", 1), 100L,
                new Partition("extractions", 0), 4L, // end below committed (truncated): 0, never negative
                new Partition("passages", 2), 50L); // never committed by the group: unknown, not counted

        ConsumerLag.GroupOffsets o = ConsumerLag.of("scorer-service", committed, end);

        assertThat(o.lag()).isEqualTo(10); // (100-90) + (100-100) + max(0, 4-5)
        assertThat(o.lagByTopic()).containsExactly(Map.entry("extractions", 0L), Map.entry("passages", 10L));
        assertThat(o.committedTotal()).isEqualTo(90 + 100 + 5 + 7);
    }
}
