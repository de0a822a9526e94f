package io.causalstream.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.rest.client.models.ProblemDetails;
import io.causalstream.serde.RegistryUnavailableException;
import io.causalstream.serde.UnknownSchemaIdException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.junit.jupiter.api.Test;

class DeadLetterExceptionHandlerTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final DeadLetterExceptionHandler handler = new DeadLetterExceptionHandler();
    private final ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("passages", 2, 41L,
            "p1".getBytes(StandardCharsets.UTF_8), new byte[]{0, 0, 0, 0, 9, 1});

    {
        handler.configure(Map.of("application.id", "scorer-service", DeadLetterExceptionHandler.METERS, meters));
    }

    private static String header(ProducerRecord<byte[], byte[]> r, String name) {
        return DeadLetters.header(r.headers(), name);
    }

    @Test
    void aRegistryOutageFailsTheApplicationInsteadOfDeadLetteringAValidRecord() {
        var outage = new RegistryUnavailableException("schema registry unavailable for 60 s",
                new RuntimeException(new ExecutionException(new ConnectException("Connection refused"))));
        var response = handler.handleError(null, record, outage);
        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
        // the raw client error too, should a deserializer without retries be configured
        assertThat(handler.handleError(null, record,
                new RuntimeException(new ConnectException("Connection refused"))).result())
                .isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(meters.find("deadletters").counters()).isEmpty();
    }

    @Test
    void anUnknownSchemaIdIsDeadLetteredWithTheServiceItsCodeAndAReadableReason() {
        ProblemDetails problem = new ProblemDetails();
        problem.setStatus(404);
        problem.setTitle("No content with id: 9");
        var unknown = new UnknownSchemaIdException(9, "schema id 9 of a record on passages is unknown to the schema "
                + "registry (it answered 404 for this id while serving the schemas it holds)",
                new RuntimeException(problem));
        var response = handler.handleError(null, record, unknown);
        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        ProducerRecord<byte[], byte[]> dlq = response.deadLetterQueueRecords().getFirst();
        assertThat(dlq.topic()).isEqualTo("passages.dlq");
        assertThat(dlq.value()).isEqualTo(record.value());
        assertThat(header(dlq, DeadLetters.APPLICATION_ID)).isEqualTo("scorer-service");
        assertThat(header(dlq, DeadLetters.TOPIC)).isEqualTo("passages");
        assertThat(header(dlq, DeadLetters.PARTITION)).isEqualTo("2");
        assertThat(header(dlq, DeadLetters.OFFSET)).isEqualTo("41");
        assertThat(header(dlq, DeadLetters.MESSAGE))
                .isEqualTo("schema id 9 of a record on passages is unknown to the schema registry (it answered 404 "
                        + "for this id while serving the schemas it holds) <- schema registry answered HTTP 404: "
                        + "No content with id: 9")
                .doesNotContain("ProblemDetails");
        assertThat(header(dlq, DeadLetters.CODE)).isEqualTo(InvalidRecordException.UNKNOWN_SCHEMA_ID);
        assertThat(meters.get("deadletters").tag("topic", "passages").tag("reason", "unknown_schema_id").counter()
                .count()).isEqualTo(1.0);
    }

    /** Bytes that are no Avro of the topic's schema: the same code header the extractor writes. */
    @Test
    void anUndecodableRecordCarriesTheUndecodableCode() {
        var garbage = new org.apache.kafka.common.errors.SerializationException("Unknown magic byte!");
        var response = handler.handleError(null, record, garbage);
        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        ProducerRecord<byte[], byte[]> dlq = response.deadLetterQueueRecords().getFirst();
        assertThat(header(dlq, DeadLetters.CODE)).isEqualTo(InvalidRecordException.UNDECODABLE);
        assertThat(header(dlq, DeadLetters.MESSAGE)).contains("Unknown magic byte!");
        assertThat(meters.get("deadletters").tag("topic", "passages").tag("reason", "undecodable").counter()
                .count()).isEqualTo(1.0);
    }

    @Test
    void errorHeadersOfAnEarlierDeadLetterAreReplacedNotRepeated() {
        var first = DeadLetters.record("passages", 0, 1, null, new byte[]{1}, null,
                new InvalidRecordException("empty text"), "extractor-service");
        var again = DeadLetters.record("passages", 0, 7, null, new byte[]{1}, first.headers(),
                new InvalidRecordException("still empty"), "scorer-service");
        assertThat(again.headers().headers(DeadLetters.APPLICATION_ID)).hasSize(1);
        assertThat(header(again, DeadLetters.APPLICATION_ID)).isEqualTo("scorer-service");
        assertThat(header(again, DeadLetters.OFFSET)).isEqualTo("7");
        assertThat(header(again, DeadLetters.CODE)).isEqualTo("invalid");
    }
}
