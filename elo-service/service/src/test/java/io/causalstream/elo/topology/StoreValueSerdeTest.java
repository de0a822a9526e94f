package io.causalstream.elo.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.tournament.PairCount;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class StoreValueSerdeTest {

    @Test
    void pairCountsRoundTrip() {
        StoreValueSerde<List<PairCount>> serde = StoreValueSerde.pairCounts();
        List<PairCount> rows = List.of(new PairCount("Human1", "llama3", 3, 1, 2), new PairCount("a", "é-ü", 0, 0, 1),
                new PairCount("Human1", "a", 200, 70_000, 0));
        byte[] bytes = serde.serializer().serialize("t", rows);
        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(rows);
        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", List.of()))).isEmpty();
        assertThat(serde.serializer().serialize("t", null)).isNull();
    }

    @Test
    void pairCountsNameEachPlayerOnce() {
        // version, 2 names (1+2 bytes each: length, 'x'/'y' + ...), 1 row of 5 one-byte varints
        byte[] bytes = StoreValueSerde.pairCounts().serializer().serialize("t",
                List.of(new PairCount("x", "y", 1, 2, 3)));
        assertThat(bytes).containsExactly(2, 2, 1, 'x', 1, 'y', 1, 0, 1, 1, 2, 3);
    }

    @Test
    void valuesWrittenInVersion1AreStillRead() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        out.writeByte(1);
        out.writeInt(1);
        out.writeUTF("a");
        out.writeUTF("b");
        out.writeInt(4);
        out.writeInt(5);
        out.writeInt(6);
        assertThat(StoreValueSerde.pairCounts().deserializer().deserialize("t", b.toByteArray()))
                .containsExactly(new PairCount("a", "b", 4, 5, 6));

        b.reset();
        out.writeByte(1);
        out.writeInt(1);
        out.writeUTF("r1");
        out.writeInt(2);
        out.writeUTF("A");
        out.writeUTF("TIE");
        assertThat(StoreValueSerde.itemVotes().deserializer().deserialize("t", b.toByteArray()))
                .isEqualTo(ItemVotes.empty().with("r1", "A").with("r1", "TIE"));
    }

    @Test
    void itemVotesRoundTripAndUnknownVersionsAreRefused() {
        StoreValueSerde<ItemVotes> serde = StoreValueSerde.itemVotes();
        ItemVotes votes = ItemVotes.empty().with("r2", "TIE").with("r1", "A").with("r1", "B").with("r1", "A");
        byte[] bytes = serde.serializer().serialize("t", votes);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(votes);
        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", ItemVotes.empty())))
                .isEqualTo(ItemVotes.empty());
        bytes[0] = 9;
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes)).hasMessageContaining("version 9");
    }

    @Test
    void truncatedOrPaddedValuesAreRefused() {
        StoreValueSerde<List<PairCount>> serde = StoreValueSerde.pairCounts();
        byte[] bytes = serde.serializer().serialize("t", List.of(new PairCount("x", "y", 1, 2, 3)));
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", Arrays.copyOf(bytes, bytes.length - 1)))
                .isInstanceOf(SerializationException.class);
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(SerializationException.class).hasMessageContaining("cannot read pair counts");
    }
}
