package io.causalstream.elo.app;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import io.causalstream.elo.topology.JudgmentListener;
import io.causalstream.elo.topology.JudgmentListener.Reason;
import io.causalstream.elo.topology.JudgmentListener.Verdict;
import io.causalstream.topics.Topics;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;

/**
 * The contract's dead-letter handler, also counting undecodable judgments into the service's metrics. Kafka
 * Streams creates handlers from a class name; the listener of this service instance reaches it through the
 * Streams configuration under {@value #LISTENER}.
 */
public final class CountingDeadLetterHandler extends DeadLetterExceptionHandler {

    /** Streams configuration key holding this instance's {@link JudgmentListener}. */
    public static final String LISTENER = "elo.dead.letter.listener";

    private JudgmentListener listener = JudgmentListener.NONE;

    @Override
    public void configure(Map<String, ?> configs) {
        super.configure(configs);
        if (configs.get(LISTENER) instanceof JudgmentListener l) {
            listener = l;
        }
    }

    @Override
    public DeserializationExceptionHandler.Response handleError(ErrorHandlerContext context,
                                                                ConsumerRecord<byte[], byte[]> record,
                                                                Exception exception) {
        if (Topics.JUDGMENTS.name().equals(record.topic()) && isDeadLetter(exception)) {
            listener.judged(Verdict.INVALID, Reason.UNDECODABLE);
        }
        return super.handleError(context, record, exception);
    }
}
