package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.runtime.RecordPublisher.Outcome;
import io.causalstream.runtime.RecordPublisher.Sent;
import io.causalstream.schemas.judgment.Judgment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** What a page's API may tell the person: published, certainly not published, or unknown. */
class RecordPublisherTest {

    private static final Judgment J = Judgment.newBuilder().setJudgmentId("vote-1").setPassageId("p1")
            .setRaterId("Human1").setLeft("HumanA").setRight("llama3")
            .setOutcome(io.causalstream.schemas.judgment.Outcome.LEFT)
            .setTime(Instant.parse("2026-03-01T10:00:00Z")).build();

    private static MockProducer<String, Judgment> producer(boolean autoComplete) {
        return new MockProducer<>(autoComplete, null, new StringSerializer(),
                (topic, j) -> j.getJudgmentId().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anAcknowledgedSendIsPublished() throws Exception {
        MockProducer<String, Judgment> p = producer(true);
        assertThat(new RecordPublisher<>(p, "judgments", Duration.ofSeconds(5)).publish("p1", J).outcome()).isEqualTo(Outcome.PUBLISHED);
        assertThat(p.history()).singleElement().satisfies(r -> assertThat(r.key()).isEqualTo("p1"));
    }

    @Test
    void aRefusalBeforeTheWriteIsNotPublished() throws Exception {
        MockProducer<String, Judgment> p = producer(false);
        CompletableFuture<Sent> sent = sendAsync(new RecordPublisher<>(p, "judgments", Duration.ofSeconds(30)));
        awaitPending(p);
        p.errorNext(new RecordTooLargeException("too large"));
        assertThat(sent.get().outcome()).isEqualTo(Outcome.NOT_PUBLISHED);
        assertThat(sent.get().reason()).isEqualTo("RecordTooLargeException");
        // a closed producer refuses in send() itself: nothing was queued
        p.close();
        assertThat(new RecordPublisher<>(p, "judgments", Duration.ofSeconds(1)).publish("p1", J).outcome())
                .isEqualTo(Outcome.NOT_PUBLISHED);
    }

    @Test
    void aDeliveryTimeoutOrNoAnswerInTimeIsUnknown() throws Exception {
        MockProducer<String, Judgment> p = producer(false);
        CompletableFuture<Sent> sent = sendAsync(new RecordPublisher<>(p, "judgments", Duration.ofSeconds(30)));
        awaitPending(p);
        p.errorNext(new TimeoutException("Expiring 1 record(s): 120000 ms has passed since batch creation"));
        assertThat(sent.get().outcome()).isEqualTo(Outcome.UNKNOWN);
        // still in flight when the wait ends: it may yet be written
        assertThat(new RecordPublisher<>(producer(false), "judgments", Duration.ofMillis(200)).publish("p1", J).outcome())
                .isEqualTo(Outcome.UNKNOWN);
    }

    private static CompletableFuture<Sent> sendAsync(RecordPublisher<Judgment> publisher) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return publisher.publish("p1", J);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void awaitPending(MockProducer<String, Judgment> p) throws InterruptedException {
        for (int i = 0; i < 500 && p.history().isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertThat(p.history()).hasSize(1);
    }
}
