package io.causalstream.extractor.backend;

import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.passage.Passage;

/**
 * A way to turn one passage into causal triples (the trained model, the rules, an LLM server, DJL). The pipeline
 * calls {@link #extract} from several virtual threads at once (up to {@code extractor.max.concurrency}), so
 * implementations must be thread-safe. A passage the backend cannot handle is signalled by throwing: the pipeline
 * sends that passage to the dead-letter topic with the exception's message and goes on with the others.
 */
public interface Extractor extends AutoCloseable {

    /** Who this backend is; its id becomes the annotationId of every extraction it produces. */
    Annotator annotator();

    ExtractionOutcome extract(Passage passage);

    /** Releases clients or models the backend holds; nothing by default. */
    @Override
    default void close() {
    }
}
