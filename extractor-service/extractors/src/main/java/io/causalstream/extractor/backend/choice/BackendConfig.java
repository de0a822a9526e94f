package io.causalstream.extractor.backend.choice;

import io.causalstream.encoder.EncoderSettings;
import io.causalstream.extractor.backend.cascade.CascadeSettings;
import io.causalstream.extractor.backend.djl.DjlSettings;
import io.causalstream.extractor.backend.model.ModelSettings;
import io.causalstream.extractor.backend.openai.OpenAiSettings;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.llm.LlmSettings;
import io.causalstream.extractor.prompt.ChatTemplate;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.keys.KeyReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * Reads the backend keys ({@code extractor.openai.*}, {@code extractor.djl.*}, {@code extractor.model.*},
 * {@code extractor.cascade.*}, {@code extractor.prompt.*}, {@code extractor.mode}, {@code extractor.cache.*},
 * {@code extractor.annotator.id}; documented on {@link OpenAiSettings}, {@link DjlSettings}, {@link ModelSettings},
 * {@link CascadeSettings}, {@link LlmSettings}) into {@link BackendSettings}: the one place that
 * knows them, shared by the extractor service and the research tools. It takes a plain key lookup (the callers
 * pass their {@code Config}'s, tests a map's) so this library does not depend on the service runtime; the values are
 * read by the {@link KeyReader} the config loader reads through, so they parse and fail as if read through it.
 */
public final class BackendConfig {

    /** The common key of the service's state directory: the result cache's default home. */
    public static final String STATE_DIR = "state.dir";

    private BackendConfig() {
    }

    /**
     * The named backend's settings; only the chosen backend's keys are read, so an unused backend's required keys
     * need not be set.
     *
     * @param lookup a key's value, or null when unset
     */
    public static BackendSettings read(String backend, Function<String, String> lookup) {
        return switch (ExtractorBackends.requireKnown(backend)) {
            case ExtractorBackends.OPENAI -> {
                OpenAiSettings openAi = openAi(lookup);
                yield new BackendSettings.OpenAi(openAi, llm(lookup, openAi.model()));
            }
            case ExtractorBackends.DJL -> {
                DjlSettings djl = djl(lookup);
                String modelName = djl.modelDir().toAbsolutePath().normalize().getFileName().toString();
                yield new BackendSettings.Djl(djl, llm(lookup, modelName));
            }
            case ExtractorBackends.MODEL -> new BackendSettings.Model(model(lookup));
            case ExtractorBackends.CASCADE -> cascade(lookup);
            default -> new BackendSettings.Rules();
        };
    }

    /** The {@code extractor.openai.*} keys. */
    public static OpenAiSettings openAi(Function<String, String> lookup) {
        KeyReader c = KeyReader.of(lookup);
        String p = OpenAiSettings.PREFIX;
        OpenAiSettings.Endpoint ep = c.getEnum(p + "endpoint", OpenAiSettings.Endpoint.class,
                OpenAiSettings.Endpoint.CHAT);
        String base = c.get(p + "base.url", "http://localhost:8000/v1");
        return new OpenAiSettings(URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base),
                c.find(p + "api.key").orElse(null), c.get(p + "model", ""), ep,
                ChatTemplate.byId(c.get(p + "chat.template", "inst")),
                c.getBoolean(p + "structured.output", true), c.getInt(p + "max.tokens", 512),
                c.getDouble(p + "temperature", 0.0), c.millis(p + "timeout.ms", 120_000),
                c.millis(p + "connect.timeout.ms", 5_000), c.getInt(p + "max.attempts", 4), c.millis(p + "backoff.ms", 500),
                c.millis(p + "backoff.max.ms", 30_000), c.getInt(p + "circuit.failures", 5),
                c.millis(p + "circuit.open.ms", 30_000), c.getLong(p + "requests.per.minute", 0),
                c.getLong(p + "tokens.per.minute", 0), c.getInt(p + "batch.size", 8),
                c.millis(p + "batch.linger.ms", 5), c.getInt(p + "max.in.flight", 16));
    }

    /**
     * The {@code cascade} backend's keys: {@code extractor.cascade.*}, the embedded model's and the LLM's. The
     * server must be named explicitly ({@code extractor.openai.base.url} and {@code extractor.openai.model}): the
     * {@code openai} backend's default base URL (a server on localhost) is no server a cascade can rely on. The
     * default annotator id is the {@code openai} backend's with a {@code cascade-} prefix, so the two never
     * replace each other's annotations.
     */
    public static BackendSettings.Cascade cascade(Function<String, String> lookup) {
        KeyReader c = KeyReader.of(lookup);
        double threshold = c.getDouble(CascadeSettings.THRESHOLD, CascadeSettings.DEFAULT_THRESHOLD);
        CascadeSettings cascade = new CascadeSettings(threshold);
        for (String key : new String[] {OpenAiSettings.PREFIX + "base.url", OpenAiSettings.PREFIX + "model"}) {
            if (c.find(key).isEmpty()) {
                throw new IllegalArgumentException("extractor.backend=cascade needs an OpenAI-compatible server for "
                        + "the passages the embedded model is unsure of: " + key + " (" + KeyReader.envName(key) + ") is not set");
            }
        }
        OpenAiSettings openAi = openAi(lookup);
        return new BackendSettings.Cascade(cascade, model(lookup), openAi, llm(lookup, openAi.model(), "cascade-"));
    }

    /** The {@code extractor.djl.*} keys. */
    public static DjlSettings djl(Function<String, String> lookup) {
        KeyReader c = KeyReader.of(lookup);
        String p = DjlSettings.PREFIX;
        String dir = c.find(p + "model.dir").orElseThrow(() -> new IllegalArgumentException(
                p + "model.dir (EXTRACTOR_DJL_MODEL_DIR) must name the exported model's directory (model.pt or "
                        + "model.onnx, and tokenizer.json)"));
        String engine = c.get(p + "engine", "auto");
        String normalisedEngine = engine.equalsIgnoreCase("pytorch") ? DjlSettings.PYTORCH
                : engine.equalsIgnoreCase("onnxruntime") || engine.equalsIgnoreCase("onnx") ? DjlSettings.ONNX
                : engine.toLowerCase(Locale.ROOT);
        return new DjlSettings(Path.of(dir), normalisedEngine, c.get(p + "device", "auto").toLowerCase(Locale.ROOT),
                c.get(p + "search", "greedy").toLowerCase(Locale.ROOT), c.getInt(p + "beams", 4),
                c.getInt(p + "max.new.tokens", 256), ChatTemplate.byId(c.get(p + "chat.template", "inst")),
                c.getList(p + "stop.tokens", "</s>,<|eot_id|>,<|end_of_text|>"),
                c.getInt(p + "parallel", 1));
    }

    /** The {@code extractor.model.*} keys, and the encoder's {@code encoder.cache.dir}. */
    public static ModelSettings model(Function<String, String> lookup) {
        KeyReader c = KeyReader.of(lookup);
        String p = ModelSettings.PREFIX;
        Float threshold = c.find(p + "threshold", Float::parseFloat).orElse(null);
        if (threshold != null && (threshold < 0 || threshold > 1)) {
            throw new IllegalArgumentException(p + "threshold must be in [0, 1], got " + threshold);
        }
        int threads = c.getInt(p + "threads", 0);
        EncoderSettings encoder = new EncoderSettings(null, null, null, EncoderSettings.DEFAULT_MAX_TOKENS,
                EncoderSettings.DEFAULT_BATCH_SIZE, threads, c.find(EncoderSettings.CACHE_DIR).map(Path::of)
                .orElse(null));
        Float claim = c.find(p + "claim.threshold", Float::parseFloat).orElse(null);
        if (claim != null && (claim < 0 || claim > 1)) {
            throw new IllegalArgumentException(p + "claim.threshold must be in [0, 1], got " + claim);
        }
        return new ModelSettings(c.find(p + "head").map(Path::of).orElse(null), threshold, encoder,
                c.get(p + "version", ModelSettings.DEFAULT_VERSION).strip().toLowerCase(Locale.ROOT),
                c.find(p + "file").map(Path::of).orElse(null), claim,
                c.getBoolean(p + "int8", ModelSettings.DEFAULT_INT8),
                c.find(p + "candidates").map(io.causalstream.extractor.backend.model.CandidateSource::parse)
                        .orElse(ModelSettings.DEFAULT_CANDIDATES));
    }

    /**
     * The keys shared by the LLM backends.
     *
     * @param model the model name, for the default annotator id
     */
    public static LlmSettings llm(Function<String, String> lookup, String model) {
        return llm(lookup, model, "");
    }

    /** @param idPrefix put before the default annotator id (not before one set with extractor.annotator.id) */
    private static LlmSettings llm(Function<String, String> lookup, String model, String idPrefix) {
        KeyReader c = KeyReader.of(lookup);
        PromptFormat format = PromptFormat.byId(c.get(LlmSettings.FORMAT, PromptFormat.THREE_SHOT.id()));
        LlmExtractor.Mode mode = c.getEnum(LlmSettings.MODE, LlmExtractor.Mode.class, LlmExtractor.Mode.SINGLE);
        String defaultId = (idPrefix + model.replaceAll(".*/", "") + "-" + (mode == LlmExtractor.Mode.STAGED ? "staged"
                : format.id())).replaceAll("[^A-Za-z0-9._-]", "-");
        Path cacheDir = c.find(LlmSettings.CACHE_DIR).map(Path::of)
                .or(() -> c.find(STATE_DIR).map(d -> Path.of(d, "result-cache"))).orElse(null);
        int maxEntries = c.getInt(LlmSettings.CACHE_MAX_ENTRIES, 10_000);
        if (maxEntries < 0) {
            throw new IllegalArgumentException(LlmSettings.CACHE_MAX_ENTRIES + " must not be negative");
        }
        return new LlmSettings(format, c.find(LlmSettings.EXAMPLES).map(Path::of).orElse(null), mode,
                c.get(LlmSettings.ANNOTATOR_ID, defaultId), c.getBoolean(LlmSettings.CACHE_ENABLED, true), cacheDir,
                maxEntries);
    }
}
