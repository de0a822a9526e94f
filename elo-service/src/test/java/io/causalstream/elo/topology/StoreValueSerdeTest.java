package io.causalstream.elo.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.tournament.PairCount;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreValueSerdeTest {

    @Test
    void pairCountsRoundTrip() {
        StoreValueSerde<List<PairCount>> serde = StoreValueSerde.pairCounts();
        List<PairCount> rows = List.of(new PairCount("Human1", "llama3", 3, 1, 2), new PairCount("a", "é-ü", 0, 0, 1));
        byte[] bytes = serde.serializer().serialize("t", rows);
        assertThat(bytes[0]).isEqualTo((byte) 1);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(rows);
        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", List.of()))).isEmpty();
        assertThat(serde.serializer().serialize("t", null)).isNull();
    }

    @Test
    void itemVotesRoundTripAndUnknownVersionsAreRefused() {
        StoreValueSerde<ItemVotes> serde = StoreValueSerde.itemVotes();
        ItemVotes votes = ItemVotes.empty().with("r2", "TIE").with("r1", "A").with("r1", "B");
        byte[] bytes = serde.serializer().serialize("t", votes);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(votes);
        bytes[0] = 9;
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes)).hasMessageContaining("version 9");
    }
}
