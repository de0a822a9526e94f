package io.causalstream.research.benchmark;

import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import java.util.List;

/**
 * Anything that reads cause, effect and signal spans off one sentence: today's extractor backends through
 * {@link ExtractorSpanReader}, a learned BIO tagger later. Offsets are into the sentence as given (the benchmarks'
 * tokenised text). Kafka-free; the benchmarks ({@link BenchmarkEvaluation}) take nothing else.
 */
public interface CausalSpanReader extends AutoCloseable {

    /** The relations read, most confident first where the reader ranks them (the scorer keeps the first ones). */
    List<Relation> read(String sentence);

    /**
     * The causal links the reader reads between the sentence's concepts (SemEval's nominal pairs): by default, the
     * relations of {@link #read}. A reader whose spans are clauses answers with the concepts it links instead.
     */
    default List<Relation> links(String sentence) {
        return read(sentence);
    }

    /** Whether the sentence asserts causation (CNC subtask 1): by default, whether any relation was read. */
    default boolean causal(String sentence) {
        return !read(sentence).isEmpty();
    }

    @Override
    default void close() {
    }
}
