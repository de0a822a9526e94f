package io.causalstream.deadletter;

import io.causalstream.serde.DecodeFailures;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Streams handler for records that cannot be decoded or are invalid: each goes to {@code <source topic>.dlq}
 * (Streams' built-in dead-letter option takes a single topic; the contract has one per input topic) with the
 * service's application id, and the stream keeps going. A record that could not be decoded because the schema
 * registry or the network failed ({@link DecodeFailures.Kind#TRANSIENT}, after the deserializer's own bounded
 * retries) is NOT dead-lettered: the application fails, its supervisor restarts it and it reads the record again.
 * Any other processing error stops the application too: it is a bug, not bad input, and skipping it would lose
 * data silently.
 *
 * <p>Counts each dead letter in {@code deadletters{topic, reason}} on the {@link MeterRegistry} found in the
 * Streams configuration under {@value #METERS}, if any.
 */
public class DeadLetterExceptionHandler implements DeserializationExceptionHandler, ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterExceptionHandler.class);

    /** Streams configuration key holding the service's {@link MeterRegistry} (optional). */
    public static final String METERS = "causal-stream.dead.letter.meters";

    private String applicationId;
    private MeterRegistry meters;

    /** Installs this handler for undecodable and invalid records in a Streams configuration. */
    public static void installInto(Properties streamsConfig) {
        streamsConfig.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class);
        streamsConfig.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class);
        // no global stores today; opting in now keeps behaviour stable when Kafka 5 makes it the default
        streamsConfig.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
    }

    @Override
    public void configure(Map<String, ?> configs) {
        Object id = configs.get(StreamsConfig.APPLICATION_ID_CONFIG);
        applicationId = id == null ? null : id.toString();
        if (configs.get(METERS) instanceof MeterRegistry m) {
            meters = m;
        }
    }

    /** Whether a decoding failure is the record's fault (dead-letter it) rather than the registry's (fail). */
    public static boolean isDeadLetter(Exception decodingFailure) {
        return DecodeFailures.classify(decodingFailure) != DecodeFailures.Kind.TRANSIENT;
    }

    @Override
    public DeserializationExceptionHandler.Response handleError(ErrorHandlerContext context,
                                                                ConsumerRecord<byte[], byte[]> record,
                                                                Exception exception) {
        if (!isDeadLetter(exception)) {
            log.error("record {}-{}@{} could not be decoded because the schema registry is unavailable ({}); not "
                            + "dead-lettered: failing so the service is restarted and reads it again",
                    record.topic(), record.partition(), record.offset(), DeadLetters.reason(exception));
            return DeserializationExceptionHandler.Response.fail();
        }
        log.warn("undecodable record {}-{}@{} sent to dead letters: {}", record.topic(), record.partition(),
                record.offset(), DeadLetters.reason(exception));
        String code = DeadLetters.code(exception);
        code = code == null ? InvalidRecordException.UNDECODABLE : code;
        count(record.topic(), code);
        return DeserializationExceptionHandler.Response.resume(List.of(DeadLetters.record(record.topic(),
                record.partition(), record.offset(), record.key(), record.value(), record.headers(), exception,
                applicationId, code)));
    }

    @Override
    public ProcessingExceptionHandler.Response handleError(ErrorHandlerContext context, Record<?, ?> record,
                                                           Exception exception) {
        if (!(exception instanceof InvalidRecordException invalid)) {
            return ProcessingExceptionHandler.Response.fail();
        }
        log.warn("invalid record {}-{}@{} sent to dead letters: {}", context.topic(), context.partition(),
                context.offset(), exception.getMessage());
        count(context.topic(), invalid.code());
        return ProcessingExceptionHandler.Response.resume(List.of(DeadLetters.record(context.topic(),
                context.partition(), context.offset(), context.sourceRawKey(), context.sourceRawValue(),
                context.headers(), exception, applicationId)));
    }

    private void count(String topic, String reason) {
        if (meters != null) {
            Counter.builder("deadletters").description("records sent to a dead-letter topic")
                    .tag("topic", String.valueOf(topic)).tag("reason", String.valueOf(reason))
                    .register(meters).increment();
        }
    }
}
