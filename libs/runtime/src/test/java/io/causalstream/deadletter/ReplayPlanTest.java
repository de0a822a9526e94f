package io.causalstream.deadletter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.deadletter.ReplayPlan.Action;
import io.causalstream.deadletter.ReplayPlan.DeadLetter;
import io.causalstream.deadletter.ReplayPlan.Header;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class ReplayPlanTest {

    private static DeadLetter deadLetter(long dlqOffset, long sourceOffset, String application, Throwable error) {
        ProducerRecord<byte[], byte[]> r = DeadLetters.record("passages", 0, sourceOffset,
                ("p" + sourceOffset).getBytes(StandardCharsets.UTF_8), new byte[]{0, 0, 0, 0, 1, (byte) sourceOffset},
                new org.apache.kafka.common.header.internals.RecordHeaders().add("trace", new byte[]{7}), error,
                application);
        List<Header> headers = new ArrayList<>();
        r.headers().forEach(h -> headers.add(new Header(h.key(), h.value())));
        return new DeadLetter(0, dlqOffset, r.key(), r.value(), headers);
    }

    private final List<DeadLetter> dlq = List.of(
            deadLetter(0, 10, "extractor-service", new InvalidRecordException("empty text")),
            deadLetter(1, 10, "scorer-service", new InvalidRecordException("empty text")),
            deadLetter(2, 10, "elo-service", new InvalidRecordException("empty text")),
            deadLetter(3, 11, "scorer-service", new InvalidRecordException("undecodable", "schema id 9 unknown", null)));

    @Test
    void oneOriginRejectedByThreeServicesIsReplayedOnceWithoutTheErrorHeaders() {
        ReplayPlan plan = ReplayPlan.of("passages.dlq", dlq, Set.of(), List.of());
        assertThat(plan.entries()).extracting(ReplayPlan.Entry::action).containsExactly(Action.REPLAY,
                Action.SAME_ORIGIN_AS_EARLIER, Action.SAME_ORIGIN_AS_EARLIER, Action.REPLAY);
        List<ReplayPlan.Replay> replays = plan.replays();
        assertThat(replays).hasSize(2);
        ReplayPlan.Replay first = replays.getFirst();
        assertThat(first.topic()).isEqualTo("passages");
        assertThat(first.key()).isEqualTo("p10".getBytes(StandardCharsets.UTF_8));
        assertThat(first.value()).isEqualTo(new byte[]{0, 0, 0, 0, 1, 10});
        assertThat(first.headers()).extracting(Header::key).containsExactly("trace", ReplayPlan.REPLAYED_FROM);
        assertThat(new String(first.headers().get(1).value(), StandardCharsets.UTF_8)).isEqualTo("passages-0@10");
    }

    @Test
    void originsAlreadyReplayedAreNotReplayedAgain() {
        ReplayPlan plan = ReplayPlan.of("passages.dlq", dlq, Set.of("passages-0@10", "passages-0@11"), List.of());
        assertThat(plan.replays()).isEmpty();
        assertThat(plan.count(Action.ALREADY_REPLAYED)).isEqualTo(4);
    }

    @Test
    void whereSelectsByWriterCodeAndReason() {
        ReplayPlan byApp = ReplayPlan.of("passages.dlq", dlq, Set.of(),
                ReplayPlan.conditions(List.of("application=scorer-service")));
        assertThat(byApp.entries()).extracting(ReplayPlan.Entry::action).containsExactly(Action.NOT_SELECTED,
                Action.REPLAY, Action.NOT_SELECTED, Action.REPLAY);
        ReplayPlan byReason = ReplayPlan.of("passages.dlq", dlq, Set.of(),
                ReplayPlan.conditions(List.of("reason~SCHEMA ID", "code=undecodable")));
        assertThat(byReason.replays()).extracting(r -> new String(r.key(), StandardCharsets.UTF_8))
                .containsExactly("p11");
        assertThat(byReason.describe().get(3)).contains("origin=passages-0@11", "application=scorer-service",
                "REPLAY", "schema id 9 unknown");
    }

    /** A dead letter as Kafka Connect's reporter writes it: the original record, its headers, then Connect's. */
    private static DeadLetter connect(long dlqOffset, String source, long sourceOffset, String stage, String exception,
                                      String message) {
        List<Header> headers = new ArrayList<>();
        headers.add(new Header("trace", new byte[]{7}));
        for (String[] h : new String[][]{{DeadLetters.Connect.TOPIC, source}, {DeadLetters.Connect.PARTITION, "2"},
                {DeadLetters.Connect.OFFSET, Long.toString(sourceOffset)}, {DeadLetters.Connect.CONNECTOR, "graph-sink"},
                {DeadLetters.Connect.TASK, "0"}, {DeadLetters.Connect.STAGE, stage},
                {DeadLetters.Connect.EXCEPTION, exception}, {DeadLetters.Connect.MESSAGE, message},
                {DeadLetters.Connect.STACKTRACE, exception + ": " + message + "\n\tat ..."}}) {
            headers.add(new Header(h[0], h[1].getBytes(StandardCharsets.UTF_8)));
        }
        return new DeadLetter(0, dlqOffset, ("k" + sourceOffset).getBytes(StandardCharsets.UTF_8),
                new byte[]{1, (byte) sourceOffset}, headers);
    }

    private final List<DeadLetter> sink = List.of(
            connect(0, "scored-graphs", 40, "TASK_PUT", "org.apache.kafka.connect.errors.DataException",
                    "scored-graphs record has no annotationId"),
            connect(1, "causal-maps", 7, "VALUE_CONVERTER", "org.apache.kafka.connect.errors.DataException",
                    "Failed to deserialize data for topic causal-maps"));

    @Test
    void connectsDeadLettersGoBackToTheTopicTheyCameFromWithoutConnectsHeaders() {
        ReplayPlan plan = ReplayPlan.of("graph-sink.dlq", sink, Set.of(), List.of());
        assertThat(plan.entries()).extracting(ReplayPlan.Entry::origin, ReplayPlan.Entry::target,
                ReplayPlan.Entry::action).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("scored-graphs-2@40", "scored-graphs", Action.REPLAY),
                        org.assertj.core.groups.Tuple.tuple("causal-maps-2@7", "causal-maps", Action.REPLAY));
        assertThat(ReplayPlan.targets("graph-sink.dlq", sink)).containsExactly("scored-graphs", "causal-maps");
        ReplayPlan.Replay first = plan.replays().getFirst();
        assertThat(first.topic()).isEqualTo("scored-graphs");
        assertThat(first.headers()).extracting(Header::key).containsExactly("trace", ReplayPlan.REPLAYED_FROM);
        assertThat(plan.describe().getFirst()).contains("origin=scored-graphs-2@40", "application=graph-sink",
                "stage=TASK_PUT", "REPLAY", "scored-graphs record has no annotationId");
        // the same conditions select them as the services' dead letters
        ReplayPlan byStage = ReplayPlan.of("graph-sink.dlq", sink, Set.of("causal-maps-2@7"),
                ReplayPlan.conditions(List.of("stage=VALUE_CONVERTER", "source-topic=causal-maps",
                        "reason~deserialize", "exception~DataException", "application=graph-sink")));
        assertThat(byStage.entries()).extracting(ReplayPlan.Entry::action).containsExactly(Action.NOT_SELECTED,
                Action.ALREADY_REPLAYED);
    }

    @Test
    void aDeadLetterNamingNoSourceTopicGoesWhereTheNameSaysOnlyIfThatIsATopicOfTheContract() {
        DeadLetter bare = new DeadLetter(0, 5, "k".getBytes(StandardCharsets.UTF_8), new byte[]{1}, List.of());
        assertThat(ReplayPlan.of("graph-sink.dlq", List.of(bare), Set.of(), List.of()).entries())
                .extracting(ReplayPlan.Entry::action).containsExactly(Action.NO_SOURCE_TOPIC);
        ReplayPlan passages = ReplayPlan.of("passages.dlq", List.of(bare), Set.of(), List.of());
        assertThat(passages.replays()).extracting(ReplayPlan.Replay::topic).containsExactly("passages");
        assertThat(passages.entries().getFirst().origin()).isEqualTo("passages.dlq-0@5");
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> ReplayPlan.Condition.parse("colour=red")).hasMessageContaining("unknown field");
        assertThatThrownBy(() -> ReplayPlan.Condition.parse("reason")).hasMessageContaining("FIELD=VALUE");
        assertThatThrownBy(() -> ReplayPlan.of("passages", dlq, Set.of(), List.of()))
                .hasMessageContaining("not a dead-letter topic");
    }
}
