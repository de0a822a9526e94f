package io.causalstream.extractor.backend.djl;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.engine.Engine;
import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.repository.zoo.Criteria;
import ai.djl.repository.zoo.ModelNotFoundException;
import ai.djl.repository.zoo.ZooModel;
import ai.djl.translate.NoopTranslator;
import ai.djl.translate.TranslateException;
import io.causalstream.extractor.backend.BackendException;
import io.causalstream.extractor.generator.BackendMeters;
import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.generator.TextGenerator;
import io.causalstream.extractor.prompt.Prompt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates in process with DJL: the prompt rendered with the model's chat template, tokenized by the Hugging Face
 * tokenizer from {@code tokenizer.json}, decoded greedily or by beam search ({@link TokenSearch}) over a TorchScript
 * or ONNX export, on the GPU when there is one. Each step runs the whole sequence through the model (no key/value
 * cache), which works with any export that maps input_ids to logits but costs O(n²): for serving a 7B model at
 * volume, the openai backend in front of vLLM is the better choice.
 */
public final class DjlGenerator implements TextGenerator {

    private static final Logger log = LoggerFactory.getLogger(DjlGenerator.class);

    private final DjlSettings settings;
    private final ZooModel<NDList, NDList> model;
    private final HuggingFaceTokenizer tokenizer;
    private final Set<Long> stopTokens = new HashSet<>();
    private final Semaphore parallel;
    private final String device;
    private final String modelName;
    private final BackendMeters meters;

    public DjlGenerator(DjlSettings settings, BackendMeters meters) {
        this.settings = settings;
        this.meters = meters;
        DjlSettings.ModelFiles files = settings.resolve();
        Engine engine = Engine.getEngine(files.engine());
        this.device = DeviceChoice.choose(settings.device(), engine.getGpuCount());
        try {
            this.tokenizer = HuggingFaceTokenizer.newInstance(files.tokenizer());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + files.tokenizer(), e);
        }
        for (String stop : settings.stopTokens()) {
            long[] ids = tokenizer.encode(stop, false, false).getIds();
            if (ids.length == 1) {
                stopTokens.add(ids[0]);
            }
        }
        if (stopTokens.isEmpty()) {
            throw new IllegalArgumentException("none of the stop tokens " + settings.stopTokens()
                    + " is a single token of this tokenizer; set extractor.djl.stop.tokens");
        }
        Criteria<NDList, NDList> criteria = Criteria.builder().setTypes(NDList.class, NDList.class)
                .optModelPath(files.model()).optModelName(baseName(files.model()))
                .optEngine(files.engine()).optDevice("gpu".equals(device) ? Device.gpu() : Device.cpu())
                .optTranslator(new NoopTranslator()).optOption("mapLocation", "true").build();
        try {
            this.model = criteria.loadModel();
        } catch (IOException | ModelNotFoundException | MalformedModelException e) {
            tokenizer.close();
            throw new IllegalArgumentException("cannot load " + files.model() + " with " + files.engine() + ": "
                    + e.getMessage(), e);
        }
        this.parallel = new Semaphore(settings.parallel());
        this.modelName = settings.modelDir().toAbsolutePath().normalize().getFileName().toString();
        log.info("DJL model {} loaded with {} on {} ({} search)", files.model(), files.engine(), device,
                settings.search());
    }

    public String device() {
        return device;
    }

    public String engineName() {
        return model.getNDManager().getEngine().getEngineName();
    }

    @Override
    public Generation generate(Prompt prompt) {
        String text = settings.template().render(prompt.messages());
        Encoding encoding = tokenizer.encode(text, false, false);
        long[] ids = encoding.getIds();
        long t0 = System.nanoTime();
        try {
            parallel.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException("interrupted while waiting for the model", e);
        }
        try (Predictor<NDList, NDList> predictor = model.newPredictor()) {
            NextTokenModel next = tokens -> logits(predictor, tokens);
            TokenSearch.Result r = settings.search().equals("beam")
                    ? TokenSearch.beam(next, ids, settings.maxNewTokens(), stopTokens, settings.beams())
                    : TokenSearch.greedy(next, ids, settings.maxNewTokens(), stopTokens);
            String answer = tokenizer.decode(r.tokens(), true);
            meters.call("ok", Duration.ofNanos(System.nanoTime() - t0));
            meters.tokens(ids.length, r.tokens().length);
            return new Generation(answer, ids.length, r.tokens().length, r.truncated(), false);
        } catch (RuntimeException e) {
            meters.call("failed", Duration.ofNanos(System.nanoTime() - t0));
            throw new BackendException("generation failed: " + e.getMessage(), e);
        } finally {
            parallel.release();
        }
    }

    private float[] logits(Predictor<NDList, NDList> predictor, long[] tokens) {
        try (NDManager manager = model.getNDManager().newSubManager()) {
            NDArray input = manager.create(tokens, new Shape(1, tokens.length));
            input.setName("input_ids");
            NDList out = predictor.predict(new NDList(input));
            NDArray logits = out.get(0); // [1, n, vocab]
            return logits.get(0, tokens.length - 1).toFloatArray();
        } catch (TranslateException e) {
            throw new IllegalStateException("the model failed on a sequence of " + tokens.length + " tokens", e);
        }
    }

    @Override
    public String model() {
        return modelName;
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("search", settings.search());
        if (settings.search().equals("beam")) {
            p.put("beams", Integer.toString(settings.beams()));
        }
        p.put("max_new_tokens", Integer.toString(settings.maxNewTokens()));
        p.put("template", settings.template().id());
        return p;
    }

    @Override
    public void close() {
        model.close();
        tokenizer.close();
    }

    private static String baseName(java.nio.file.Path file) {
        String n = file.getFileName().toString();
        return n.substring(0, n.lastIndexOf('.'));
    }
}
