package io.causalstream.validation.verify;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The verifier's answers, kept so that no question is asked twice: a {@link CausalVerifier} in front of the one that
 * asks the LLM. Answers are remembered in memory for the process and handed to whoever runs a piece of work under
 * {@link #recording}, so that the caller can persist them (the scorer writes them to a changelogged store in the
 * same transaction as the validated graph) and give them back after a restart with {@link #remember}.
 *
 * <p>An answer is keyed by the verifier's {@code namespace} (the model and voting asked: another model's answers
 * are not reused) and the (cause, effect) labels, the only input of the question. Abstentions (no backend, the
 * backend failed) are not remembered: the question is asked again next time. At most {@code capacity} answers are
 * held in memory; past that new answers are still handed out for persisting but not kept here.
 */
public final class AnswerBook implements CausalVerifier {

    /** A book in front of no verifier: every question abstains, nothing is recorded. */
    public static final AnswerBook NONE = new AnswerBook(CausalVerifier.NONE, "none", 0);

    /** Default number of answers held in memory. */
    public static final int DEFAULT_CAPACITY = 200_000;

    private final CausalVerifier delegate;
    private final String namespace;
    private final int capacity;
    private final Map<String, VerifierVerdict> known = new ConcurrentHashMap<>();
    /** Answers asked on this thread inside {@link #recording}, null outside it. */
    private final ThreadLocal<Map<String, VerifierVerdict>> asked = new ThreadLocal<>();
    private final LongAdder askedCount = new LongAdder();
    private final LongAdder reusedCount = new LongAdder();

    public AnswerBook(CausalVerifier delegate, String namespace, int capacity) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.capacity = capacity;
    }

    public AnswerBook(CausalVerifier delegate, String namespace) {
        this(delegate, namespace, DEFAULT_CAPACITY);
    }

    /** What a piece of work returned, and the answers it had to ask for (key to answer, in the order asked). */
    public record Recorded<T>(T result, Map<String, VerifierVerdict> answers) {
    }

    @Override
    public VerifierVerdict verify(String cause, String effect) {
        String key = key(cause, effect);
        VerifierVerdict answer = known.get(key);
        if (answer != null) {
            reusedCount.increment();
            return answer;
        }
        answer = delegate.verify(cause, effect);
        if (answer.outcome() == VerifierVerdict.Outcome.ABSTAIN) {
            return answer;
        }
        askedCount.increment();
        if (known.size() < capacity) {
            known.put(key, answer);
        }
        Map<String, VerifierVerdict> sink = asked.get();
        if (sink != null) {
            sink.put(key, answer);
        }
        return answer;
    }

    @Override
    public boolean configured() {
        return delegate.configured();
    }

    /** Runs {@code work} on this thread and returns its result with the new answers it asked for. */
    public <T> Recorded<T> recording(Supplier<T> work) {
        Map<String, VerifierVerdict> sink = new LinkedHashMap<>();
        asked.set(sink);
        try {
            return new Recorded<>(work.get(), sink);
        } finally {
            asked.remove();
        }
    }

    /** An answer persisted earlier ({@link #encode}d under {@code key}): it is not asked again. */
    public void remember(String key, String encoded) {
        if (key.startsWith(namespace + SEPARATOR) && known.size() < capacity) {
            known.put(key, decode(encoded));
        }
    }

    /** Answers received from the verifier (abstentions not counted). */
    public long asked() {
        return askedCount.sum();
    }

    /** Questions answered from the book instead of the verifier. */
    public long reused() {
        return reusedCount.sum();
    }

    private static final char SEPARATOR = '\u0000';

    String key(String cause, String effect) {
        return namespace + SEPARATOR + cause + SEPARATOR + effect;
    }

    /** An answer as one line of text: {@code outcome TAB yes TAB asked TAB reason}. */
    public static String encode(VerifierVerdict answer) {
        return answer.outcome() + "\t" + answer.yes() + "\t" + answer.asked() + "\t" + answer.reason();
    }

    public static VerifierVerdict decode(String encoded) {
        String[] parts = encoded.split("\t", 4);
        if (parts.length != 4) {
            throw new IllegalArgumentException("not an encoded verifier answer: " + encoded);
        }
        return new VerifierVerdict(VerifierVerdict.Outcome.valueOf(parts[0]), Integer.parseInt(parts[1]),
                Integer.parseInt(parts[2]), parts[3]);
    }
}
