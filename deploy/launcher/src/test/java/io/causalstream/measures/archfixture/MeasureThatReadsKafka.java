package io.causalstream.measures.archfixture;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Breaks the architecture on purpose: a method library reading Kafka records (see ArchitectureTest). */
public final class MeasureThatReadsKafka {

    public static double score(ConsumerRecord<String, String> record) {
        return record.value() == null ? 0 : 1;
    }

    private MeasureThatReadsKafka() {
    }
}
