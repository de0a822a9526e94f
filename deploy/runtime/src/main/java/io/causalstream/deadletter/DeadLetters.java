package io.causalstream.deadletter;

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
 * one reader understands records from the plain-client extractor and from the Streams services alike.
 */
public final class DeadLetters {

    public static final String EXCEPTION = "__streams.errors.exception";
    public static final String MESSAGE = "__streams.errors.message";
    public static final String STACKTRACE = "__streams.errors.stacktrace";
    public static final String TOPIC = "__streams.errors.topic";
    public static final String PARTITION = "__streams.errors.partition";
    public static final String OFFSET = "__streams.errors.offset";

    public static ProducerRecord<byte[], byte[]> record(String sourceTopic, int partition, long offset,
                                                        byte[] key, byte[] value, Headers originalHeaders,
                                                        Throwable error) {
        Headers headers = new RecordHeaders();
        if (originalHeaders != null) {
            for (Header h : originalHeaders) {
                headers.add(h);
            }
        }
        headers.add(EXCEPTION, utf8(error.getClass().getName()));
        headers.add(MESSAGE, utf8(reason(error)));
        headers.add(STACKTRACE, utf8(stackTrace(error)));
        headers.add(TOPIC, utf8(sourceTopic));
        headers.add(PARTITION, utf8(Integer.toString(partition)));
        headers.add(OFFSET, utf8(Long.toString(offset)));
        return new ProducerRecord<>(sourceTopic + Topics.DEAD_LETTER_SUFFIX, null, key, value, headers);
    }

    /** The message of the error and of its causes, joined, so "why" is readable without the stack trace. */
    public static String reason(Throwable error) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = error; t != null && sb.length() < 2000; t = t.getCause()) {
            if (!sb.isEmpty()) {
                sb.append(" <- ");
            }
            sb.append(t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName());
            if (t.getCause() == t) {
                break;
            }
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
