package io.causalstream.deadletter;

import io.causalstream.serde.DecodeFailures;
import io.causalstream.serde.UnknownSchemaIdException;
import io.causalstream.topics.Topics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Builds dead-letter records: the original key and value bytes and headers, plus headers that say what went wrong
 * and where the record came from. Header names are those of Kafka Streams' own dead-letter queue (KIP-1034), so
 * one reader understands records from the plain-client extractor and from the Streams services alike; two more say
 * which service wrote it ({@value #APPLICATION_ID}: a bad passage is rejected by each service that reads
 * {@code passages}) and the rejection code ({@value #CODE}).
 */
public final class DeadLetters {

    public static final String EXCEPTION = "__streams.errors.exception";
    public static final String MESSAGE = "__streams.errors.message";
    public static final String STACKTRACE = "__streams.errors.stacktrace";
    public static final String TOPIC = "__streams.errors.topic";
    public static final String PARTITION = "__streams.errors.partition";
    public static final String OFFSET = "__streams.errors.offset";
    /** The application id (Streams application or consumer group) of the service that wrote the dead letter. */
    public static final String APPLICATION_ID = "causal-stream.errors.application.id";
    /** The short rejection code ({@link #code}: e.g. {@code undecodable}, {@code invalid}, {@code unknown_schema_id}). */
    public static final String CODE = "causal-stream.errors.code";
    /** Every header a dead letter adds to the original record's: what a replay removes. */
    public static final java.util.List<String> ERROR_HEADERS = java.util.List.of(EXCEPTION, MESSAGE, STACKTRACE, TOPIC,
            PARTITION, OFFSET, APPLICATION_ID, CODE);

    /**
     * The headers of Kafka Connect's dead-letter queue ({@code errors.deadletterqueue.context.headers.enable=true}),
     * as Connect's {@code DeadLetterQueueReporter} names them: the graph sink's {@code graph-sink.dlq}. Named here
     * rather than taken from connect-runtime, which no service or tool has on its class path (the worker runs as a
     * process of its own); {@code GraphSinkIT} reads them from dead letters the real worker wrote.
     */
    public static final class Connect {
        /** Every header Connect adds starts with it. */
        public static final String PREFIX = "__connect.errors.";
        public static final String TOPIC = PREFIX + "topic";
        public static final String PARTITION = PREFIX + "partition";
        public static final String OFFSET = PREFIX + "offset";
        public static final String CONNECTOR = PREFIX + "connector.name";
        public static final String TASK = PREFIX + "task.id";
        /** Where the record failed: {@code KEY_CONVERTER}, {@code VALUE_CONVERTER}, {@code TASK_PUT}, ... */
        public static final String STAGE = PREFIX + "stage";
        public static final String EXCEPTION = PREFIX + "exception.class.name";
        public static final String MESSAGE = PREFIX + "exception.message";
        public static final String STACKTRACE = PREFIX + "exception.stacktrace";

        private Connect() {
        }
    }

    /** Whether a header says what went wrong (the services' or Kafka Connect's), rather than belonging to the record. */
    public static boolean isErrorHeader(String key) {
        return ERROR_HEADERS.contains(key) || key.startsWith(Connect.PREFIX);
    }

    /** As {@link #record(String, int, long, byte[], byte[], Headers, Throwable, String)} without the writer's id. */
    public static ProducerRecord<byte[], byte[]> record(String sourceTopic, int partition, long offset,
                                                        byte[] key, byte[] value, Headers originalHeaders,
                                                        Throwable error) {
        return record(sourceTopic, partition, offset, key, value, originalHeaders, error, null);
    }

    /**
     * @param applicationId the writing service's application id (its {@value #APPLICATION_ID} header), or null
     */
    public static ProducerRecord<byte[], byte[]> record(String sourceTopic, int partition, long offset,
                                                        byte[] key, byte[] value, Headers originalHeaders,
                                                        Throwable error, String applicationId) {
        return record(sourceTopic, partition, offset, key, value, originalHeaders, error, applicationId, code(error));
    }

    /**
     * @param applicationId the writing service's application id (its {@value #APPLICATION_ID} header), or null
     * @param code          the rejection code (its {@value #CODE} header), or null for none
     */
    public static ProducerRecord<byte[], byte[]> record(String sourceTopic, int partition, long offset,
                                                        byte[] key, byte[] value, Headers originalHeaders,
                                                        Throwable error, String applicationId, String code) {
        Headers headers = new RecordHeaders();
        if (originalHeaders != null) {
            for (Header h : originalHeaders) {
                if (!ERROR_HEADERS.contains(h.key())) { // a replayed record dead-lettered again: the newest error
                    headers.add(h);
                }
            }
        }
        headers.add(EXCEPTION, utf8(error.getClass().getName()));
        headers.add(MESSAGE, utf8(reason(error)));
        headers.add(STACKTRACE, utf8(stackTrace(error)));
        headers.add(TOPIC, utf8(sourceTopic));
        headers.add(PARTITION, utf8(Integer.toString(partition)));
        headers.add(OFFSET, utf8(Long.toString(offset)));
        if (applicationId != null) {
            headers.add(APPLICATION_ID, utf8(applicationId));
        }
        if (code != null) {
            headers.add(CODE, utf8(code));
        }
        return new ProducerRecord<>(sourceTopic + Topics.DEAD_LETTER_SUFFIX, null, key, value, headers);
    }

    /**
     * The rejection code of a dead letter ({@value #CODE}): an {@link InvalidRecordException}'s own;
     * {@value InvalidRecordException#UNKNOWN_SCHEMA_ID} for a record whose schema id the registry does not have
     * ({@link UnknownSchemaIdException} anywhere in the cause chain); else none.
     */
    public static String code(Throwable error) {
        if (error instanceof InvalidRecordException invalid) {
            return invalid.code();
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnknownSchemaIdException) {
                return InvalidRecordException.UNKNOWN_SCHEMA_ID;
            }
        }
        return null;
    }

    /**
     * The message of the error and of its causes, joined, so "why" is readable without the stack trace; a registry
     * answer reads as its status, title and detail (not "...ProblemDetails"), wrappers that only repeat their cause
     * are left out.
     */
    public static String reason(Throwable error) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = error; t != null && sb.length() < 2000; t = t.getCause() == t ? null : t.getCause()) {
            String d = DecodeFailures.describe(t);
            if (d == null) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append(" <- ");
            }
            sb.append(d);
        }
        return sb.toString();
    }

    public static String header(Headers headers, String name) {
        Header h = headers.lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        String s = out.toString();
        return s.length() > 8000 ? s.substring(0, 8000) : s;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private DeadLetters() {
    }
}
