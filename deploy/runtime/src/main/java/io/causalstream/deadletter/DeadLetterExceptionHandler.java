package io.causalstream.deadletter;

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
 * (Streams' built-in dead-letter option takes a single topic; the contract has one per input topic) and the stream
 * keeps going. Any other processing error stops the application: it is a bug, not bad input, and skipping it
 * would lose data silently.
 */
public class DeadLetterExceptionHandler implements DeserializationExceptionHandler, ProcessingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterExceptionHandler.class);

    /** Installs this handler for undecodable and invalid records in a Streams configuration. */
    public static void installInto(Properties streamsConfig) {
        streamsConfig.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class);
        streamsConfig.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterExceptionHandler.class);
        // no global stores today; opting in now keeps behaviour stable when Kafka 5 makes it the default
        streamsConfig.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }

    @Override
    public DeserializationExceptionHandler.Response handleError(ErrorHandlerContext context,
                                                                ConsumerRecord<byte[], byte[]> record,
                                                                Exception exception) {
        log.warn("undecodable record {}-{}@{} sent to dead letters: {}", record.topic(), record.partition(),
                record.offset(), DeadLetters.reason(exception));
        return DeserializationExceptionHandler.Response.resume(List.of(DeadLetters.record(record.topic(),
                record.partition(), record.offset(), record.key(), record.value(), record.headers(), exception)));
    }

    @Override
    public ProcessingExceptionHandler.Response handleError(ErrorHandlerContext context, Record<?, ?> record,
                                                           Exception exception) {
        if (!(exception instanceof InvalidRecordException)) {
            return ProcessingExceptionHandler.Response.fail();
        }
        log.warn("invalid record {}-{}@{} sent to dead letters: {}", context.topic(), context.partition(),
                context.offset(), exception.getMessage());
        return ProcessingExceptionHandler.Response.resume(List.of(DeadLetters.record(context.topic(),
                context.partition(), context.offset(), context.sourceRawKey(), context.sourceRawValue(),
                context.headers(), exception)));
    }
}
