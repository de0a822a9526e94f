package io.causalstream.extractor.backend.djl;

import io.causalstream.extractor.prompt.ChatTemplate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Settings of the in-process DJL backend, read by {@link io.causalstream.extractor.backend.choice.BackendConfig}.
 *
 * <table>
 *   <caption>DJL backend settings</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>extractor.djl.model.dir</td><td>EXTRACTOR_DJL_MODEL_DIR</td><td>(required)</td><td>directory with the
 *       exported model ({@code model.pt} TorchScript or {@code model.onnx}) and {@code tokenizer.json}. The model
 *       takes {@code input_ids} int64 [1, n] and returns logits float [1, n, vocab]</td></tr>
 *   <tr><td>extractor.djl.engine</td><td>EXTRACTOR_DJL_ENGINE</td><td>auto</td><td>PyTorch, OnnxRuntime, or auto
 *       (by the model file found)</td></tr>
 *   <tr><td>extractor.djl.device</td><td>EXTRACTOR_DJL_DEVICE</td><td>auto</td><td>auto (GPU when the engine sees
 *       one, else CPU), gpu, cpu</td></tr>
 *   <tr><td>extractor.djl.search</td><td>EXTRACTOR_DJL_SEARCH</td><td>greedy</td><td>greedy or beam</td></tr>
 *   <tr><td>extractor.djl.beams</td><td>EXTRACTOR_DJL_BEAMS</td><td>4</td><td>beam width</td></tr>
 *   <tr><td>extractor.djl.max.new.tokens</td><td>EXTRACTOR_DJL_MAX_NEW_TOKENS</td><td>256</td><td>the answer's
 *       token limit</td></tr>
 *   <tr><td>extractor.djl.chat.template</td><td>EXTRACTOR_DJL_CHAT_TEMPLATE</td><td>inst</td><td>inst (Llama-2,
 *       Mistral), llama3, plain</td></tr>
 *   <tr><td>extractor.djl.stop.tokens</td><td>EXTRACTOR_DJL_STOP_TOKENS</td><td>&lt;/s&gt;,&lt;|eot_id|&gt;,
 *       &lt;|end_of_text|&gt;</td><td>tokens that end the answer (those the tokenizer knows)</td></tr>
 *   <tr><td>extractor.djl.parallel</td><td>EXTRACTOR_DJL_PARALLEL</td><td>1</td><td>generations run at the same
 *       time (each holds its own predictor; one is right for a single GPU)</td></tr>
 * </table>
 */
public record DjlSettings(Path modelDir, String engine, String device, String search, int beams, int maxNewTokens,
                          ChatTemplate template, List<String> stopTokens, int parallel) {

    public static final String PREFIX = "extractor.djl.";
    public static final String PYTORCH = "PyTorch";
    public static final String ONNX = "OnnxRuntime";

    public DjlSettings {
        if (!List.of("greedy", "beam").contains(search)) {
            throw new IllegalArgumentException(PREFIX + "search must be greedy or beam, got '" + search + "'");
        }
        if (!List.of("auto", "gpu", "cpu").contains(device)) {
            throw new IllegalArgumentException(PREFIX + "device must be auto, gpu or cpu, got '" + device + "'");
        }
        if (!List.of("auto", PYTORCH, ONNX).contains(engine)) {
            throw new IllegalArgumentException(PREFIX + "engine must be auto, PyTorch or OnnxRuntime, got '"
                    + engine + "'");
        }
        if (beams < 1 || maxNewTokens < 1 || parallel < 1) {
            throw new IllegalArgumentException(PREFIX + "beams, max.new.tokens and parallel must be at least 1");
        }
        stopTokens = List.copyOf(stopTokens);
    }

    /**
     * Checks the model directory and settles the engine: the error names what is missing, so a wrong mount is
     * found at startup, not at the first passage.
     */
    public ModelFiles resolve() {
        if (!Files.isDirectory(modelDir)) {
            throw new IllegalArgumentException(PREFIX + "model.dir " + modelDir.toAbsolutePath()
                    + " is not a directory");
        }
        Path tokenizer = modelDir.resolve("tokenizer.json");
        if (!Files.isRegularFile(tokenizer)) {
            throw new IllegalArgumentException("no tokenizer.json in " + modelDir.toAbsolutePath()
                    + " (export it with the model: tokenizer.save_pretrained(dir))");
        }
        Path pt = modelDir.resolve("model.pt");
        Path onnx = modelDir.resolve("model.onnx");
        String chosen = engine;
        if (chosen.equals("auto")) {
            chosen = Files.isRegularFile(pt) ? PYTORCH : Files.isRegularFile(onnx) ? ONNX : null;
        }
        Path file = PYTORCH.equals(chosen) ? pt : onnx;
        if (chosen == null || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no " + (chosen == null ? "model.pt or model.onnx" : file.getFileName())
                    + " in " + modelDir.toAbsolutePath() + " (a TorchScript or ONNX export of the model)");
        }
        return new ModelFiles(file, tokenizer, chosen);
    }

    /** The files a model directory resolved to. */
    public record ModelFiles(Path model, Path tokenizer, String engine) {
    }
}
