package io.causalstream.deadletter;

import java.util.function.UnaryOperator;

/**
 * What a dead letter says, whichever writer made it: the services (Kafka Streams' KIP-1034 header names and two of
 * causal-stream's own, {@link DeadLetters}) or Kafka Connect ({@link DeadLetters.Connect}, the graph sink). The
 * tools read dead letters through these, so {@code read-topic} and {@code dlq replay} treat both kinds alike.
 */
public enum DeadLetterField {
    /** the topic the original record was on */
    SOURCE_TOPIC(DeadLetters.TOPIC, DeadLetters.Connect.TOPIC),
    SOURCE_PARTITION(DeadLetters.PARTITION, DeadLetters.Connect.PARTITION),
    SOURCE_OFFSET(DeadLetters.OFFSET, DeadLetters.Connect.OFFSET),
    /** the error's class */
    EXCEPTION(DeadLetters.EXCEPTION, DeadLetters.Connect.EXCEPTION),
    /** the readable reason: the error's message */
    REASON(DeadLetters.MESSAGE, DeadLetters.Connect.MESSAGE),
    STACKTRACE(DeadLetters.STACKTRACE, DeadLetters.Connect.STACKTRACE),
    /** who wrote it: the service's application id, or the connector's name */
    APPLICATION(DeadLetters.APPLICATION_ID, DeadLetters.Connect.CONNECTOR),
    /** the services' rejection code; Connect has none */
    CODE(DeadLetters.CODE, null),
    /** where in Connect the record failed (VALUE_CONVERTER, TASK_PUT, ...); the services have no stage */
    STAGE(null, DeadLetters.Connect.STAGE);

    private final String serviceHeader;
    private final String connectHeader;

    DeadLetterField(String serviceHeader, String connectHeader) {
        this.serviceHeader = serviceHeader;
        this.connectHeader = connectHeader;
    }

    /**
     * @param header a header's value (UTF-8) by name, null when the record has none
     * @return the services' header if present, else Connect's, else null
     */
    public String read(UnaryOperator<String> header) {
        String value = serviceHeader == null ? null : header.apply(serviceHeader);
        return value != null || connectHeader == null ? value : header.apply(connectHeader);
    }
}
