package io.causalstream.extractor.generator;

import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.prompt.Prompt;
import java.util.Map;

/**
 * A language model behind some transport: an OpenAI-compatible server, or a model run in process by DJL. Called
 * from many virtual threads at once; implementations are thread-safe.
 */
public interface TextGenerator extends AutoCloseable {

    /**
     * Generates the answer to one prompt.
     *
     * @throws BackendException when the model could not answer (after the implementation's own retries)
     */
    Generation generate(Prompt prompt);

    /** The model name, part of the annotator and of the cache key. */
    String model();

    /** The generation parameters that change the output (max tokens, temperature, template ...), for the cache key. */
    Map<String, String> parameters();

    @Override
    default void close() {
    }
}
