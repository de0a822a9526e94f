package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the taggers' causes, effects and signals become a sentence's relations. */
class TaggedSpanReaderTest {

    private static CharSpan span(int start, int end) {
        return new CharSpan(start, end);
    }

    @Test
    void oneCauseAndOneEffectAreOneRelationWithEverySignal() {
        List<Relation> read = TaggedSpanReader.relations(List.of(span(0, 5)), List.of(span(20, 30), span(40, 50)),
                List.of(span(8, 15), span(32, 35)));
        assertThat(read).containsExactly(new Relation(span(0, 5), span(20, 30), List.of(span(8, 15), span(32, 35))));
    }

    @Test
    void theKthCauseGoesWithTheKthEffectAndEachSignalWithTheRelationHoldingIt() {
        // "<C1> because <E1> ; so <C2> led to <E2>": two relations in order, each with the signal between its ends
        List<Relation> read = TaggedSpanReader.relations(List.of(span(20, 30), span(40, 45)),
                List.of(span(0, 10), span(55, 70)), List.of(span(12, 19), span(46, 52), span(80, 85)));
        assertThat(read).containsExactly(
                new Relation(span(20, 30), span(0, 10), List.of(span(12, 19), span(80, 85))),
                new Relation(span(40, 45), span(55, 70), List.of(span(46, 52))));
    }

    @Test
    void noCauseOrNoEffectIsNoRelation() {
        assertThat(TaggedSpanReader.relations(List.of(span(0, 5)), List.of(), List.of(span(6, 8)))).isEmpty();
        assertThat(TaggedSpanReader.relations(List.of(), List.of(span(0, 5)), List.of())).isEmpty();
    }
}
