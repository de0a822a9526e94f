package io.causalstream.deadletter;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
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
