package io.causalstream.encoder;

import ai.djl.MalformedModelException;
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
import ai.djl.util.PairList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link TokenEncoder} run through DJL: a HuggingFace tokenizer ({@code tokenizer.json}) and an ONNX Runtime (or
 * PyTorch, for TorchScript) model whose first output is the last hidden state.
 *
 * <p>Thread-safe: the tokenizer and the model are shared; every batch gets its own {@link Predictor} and
 * {@link NDManager} (cheap next to a forward pass) and ONNX Runtime sessions accept concurrent runs. Within a call
 * the sequences are sorted by length and cut into batches of {@code encoder.batch.size}, so padding stays small;
 * with {@code encoder.passes} above 1 they are cut into at least that many batches, run at once on the encoder's
 * own threads (each pass single-threaded unless {@code encoder.threads} says otherwise), and the caller waits for
 * them.
 */
public final class DjlTokenEncoder implements TokenEncoder {

    private static final Logger LOG = LoggerFactory.getLogger(DjlTokenEncoder.class);
    private static final java.util.Set<String> SEPARATORS = java.util.Set.of("[CLS]", "[SEP]", "<s>", "</s>");
    private static final List<String> DEFAULT_INPUTS = List.of("input_ids", "attention_mask", "token_type_ids");

    private final String name;
    private final HuggingFaceTokenizer tokenizer;
    private final ZooModel<NDList, NDList> model;
    private final List<String> inputNames;
    private final int dimension;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The ONNX model file (for {@link #withPairHead}), null for other engines. */
    private final Path onnxFile;
    private final int threads;
    private final List<PairModel> pairModels = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Cuts each call's sequences into batches and runs them, several at once with {@code encoder.passes}. */
    private final EncoderPasses passes;

    /** @param onnxFile the ONNX model file (for {@link #withPairHead}), null for other engines */
    private DjlTokenEncoder(EncoderSettings settings, HuggingFaceTokenizer tokenizer, ZooModel<NDList, NDList> model,
                            List<String> inputNames, Path onnxFile) {
        this.name = settings.name();
        this.onnxFile = onnxFile;
        this.threads = settings.threadsPerPass();
        this.passes = new EncoderPasses(name, settings.batchSize(), settings.passes());
        this.tokenizer = tokenizer;
        this.model = model;
        this.inputNames = inputNames;
        this.dimension = encode(List.of("probe")).getFirst().dimension();
    }

    /** Loads the configured encoder (the bundled all-MiniLM-L6-v2 by default). */
    public static DjlTokenEncoder open(EncoderSettings settings) {
        Path modelFile;
        Path tokenizerFile;
        if (settings.bundled()) {
            Path[] files = BundledEncoders.materialise(settings.cacheDir(), settings.bundledModel());
            modelFile = files[0];
            tokenizerFile = files[1];
        } else {
            modelFile = settings.modelPath();
            tokenizerFile = settings.resolvedTokenizerPath();
        }
        if (!Files.isRegularFile(modelFile)) {
            throw new IllegalArgumentException("encoder model not found: " + modelFile);
        }
        if (!Files.isRegularFile(tokenizerFile)) {
            throw new IllegalArgumentException("tokenizer.json not found: " + tokenizerFile
                    + " (set " + EncoderSettings.TOKENIZER_PATH + ")");
        }
        HuggingFaceTokenizer tokenizer = null;
        try {
            tokenizer = HuggingFaceTokenizer.builder()
                    .optTokenizerPath(tokenizerFile)
                    .optAddSpecialTokens(true)
                    .optPadding(false)
                    .optTruncation(true)
                    .optMaxLength(settings.maxTokens())
                    .build();
            Criteria.Builder<NDList, NDList> criteria = Criteria.builder()
                    .setTypes(NDList.class, NDList.class)
                    .optModelPath(modelFile)
                    .optEngine(settings.engine())
                    .optTranslator(new NoopTranslator());
            if (settings.threadsPerPass() > 0) {
                criteria.optOption("intraOpNumThreads", Integer.toString(settings.threadsPerPass()))
                        .optOption("interOpNumThreads", "1");
            }
            ZooModel<NDList, NDList> model = criteria.build().loadModel();
            List<String> inputs = inputNames(model);
            LOG.info("encoder {} loaded from {} ({}), inputs {}", settings.name(), modelFile, settings.engine(), inputs);
            Path onnxFile = "OnnxRuntime".equals(settings.engine()) ? modelFile : null;
            return new DjlTokenEncoder(settings, tokenizer, model, inputs, onnxFile);
        } catch (IOException e) {
            closeQuietly(tokenizer);
            throw new UncheckedIOException("cannot load encoder " + modelFile, e);
        } catch (ModelNotFoundException | MalformedModelException e) {
            closeQuietly(tokenizer);
            throw new IllegalArgumentException("cannot load encoder " + modelFile + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<TokenEmbeddings> encode(List<String> texts) {
        return run(texts, tokenizer::encode);
    }

    @Override
    public List<TokenEmbeddings> encodePairs(List<TextPair> pairs) {
        return run(pairs, this::tokenize);
    }

    /**
     * The encoder's ONNX graph with {@code head} appended (the last hidden state goes to the head under
     * {@link PairModel#HIDDEN} and is no longer an output), run by ONNX Runtime in a session of its own with the
     * encoder's thread setting; the same tokenization, length-sorted batches and batch size as {@link #encodePairs}.
     */
    @Override
    public java.util.Optional<PairModel> withPairHead(OnnxGraph head) {
        if (onnxFile == null || !inputNames.contains("attention_mask") || !inputNames.contains("token_type_ids")
                || head.outputs().size() != 1) {
            return java.util.Optional.empty();
        }
        try {
            byte[] fused = head.appendTo(Files.readAllBytes(onnxFile), PairModel.HIDDEN);
            ai.onnxruntime.OrtEnvironment env = OnnxMatMul.environment();
            ai.onnxruntime.OrtSession session;
            try (ai.onnxruntime.OrtSession.SessionOptions options = new ai.onnxruntime.OrtSession.SessionOptions()) {
                if (threads > 0) {
                    options.setIntraOpNumThreads(threads);
                    options.setInterOpNumThreads(1);
                }
                options.setOptimizationLevel(ai.onnxruntime.OrtSession.SessionOptions.OptLevel.ALL_OPT);
                session = env.createSession(fused, options);
            }
            LOG.info("encoder {} with a head appended to its graph (output {})", name, head.outputs().getFirst());
            PairModel pairModel = new FusedPairModel(this, env, session, head.outputs().getFirst());
            pairModels.add(pairModel);
            return java.util.Optional.of(pairModel);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read encoder model " + onnxFile, e);
        } catch (ai.onnxruntime.OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load encoder " + name + " with the head: "
                    + e.getMessage(), e);
        }
    }

    /** The tokenization {@link #encodePairs} gives a pair. */
    Encoding tokenize(TextPair pair) {
        return tokenizer.encode(pair.first(), pair.second());
    }

    /** The model's input names, in its order. */
    List<String> inputNames() {
        return inputNames;
    }

    EncoderPasses passes() {
        return passes;
    }

    boolean closed() {
        return closed.get();
    }

    /**
     * Which tokens of an encoding are special ([CLS], [SEP], padding ...): {@link TokenEmbeddings#special()}, and
     * what {@code extractor-tune} pools by, so training and inference read the same pieces. A literal separator
     * written in the text ("C [SEP] A") is the same token as an added one.
     */
    public static boolean[] special(Encoding e) {
        String[] tokens = e.getTokens();
        long[] mask = e.getSpecialTokenMask();
        boolean[] special = new boolean[tokens.length];
        for (int t = 0; t < tokens.length; t++) {
            special[t] = mask[t] != 0 || SEPARATORS.contains(tokens[t]);
        }
        return special;
    }

    private <T> List<TokenEmbeddings> run(List<T> inputs, Function<T, Encoding> tokenize) {
        if (closed.get()) {
            throw new IllegalStateException("encoder " + name + " is closed");
        }
        Encoding[] encodings = new Encoding[inputs.size()];
        for (int i = 0; i < encodings.length; i++) {
            encodings[i] = tokenize.apply(inputs.get(i));
        }
        TokenEmbeddings[] result = new TokenEmbeddings[encodings.length];
        passes.run(encodings, (batch, at) -> {
            try (NDManager manager = model.getNDManager().newSubManager();
                 Predictor<NDList, NDList> predictor = model.newPredictor()) {
                TokenEmbeddings[] out = forward(manager, predictor, batch);
                for (int b = 0; b < batch.length; b++) {
                    result[at[b]] = out[b];
                }
            } catch (TranslateException e) {
                throw new IllegalStateException("encoder " + name + " failed: " + e.getMessage(), e);
            }
        });
        return List.of(result);
    }

    private TokenEmbeddings[] forward(NDManager parent, Predictor<NDList, NDList> predictor, Encoding[] batch)
            throws TranslateException {
        int width = 0;
        for (Encoding e : batch) {
            width = Math.max(width, e.getIds().length);
        }
        long[][] ids = new long[batch.length][width];
        long[][] mask = new long[batch.length][width];
        long[][] types = new long[batch.length][width];
        for (int b = 0; b < batch.length; b++) {
            long[] src = batch[b].getIds();
            System.arraycopy(src, 0, ids[b], 0, src.length);
            System.arraycopy(batch[b].getTypeIds(), 0, types[b], 0, src.length);
            Arrays.fill(mask[b], 0, src.length, 1L);
        }
        try (NDManager manager = parent.newSubManager()) {
            NDList input = new NDList();
            for (String inputName : inputNames) {
                long[][] values = switch (inputName) {
                    case "input_ids" -> ids;
                    case "attention_mask" -> mask;
                    case "token_type_ids" -> types;
                    default -> throw new IllegalStateException("encoder input " + inputName + " is not supported");
                };
                NDArray array = manager.create(values);
                array.setName(inputName);
                input.add(array);
            }
            NDArray hidden = predictor.predict(input).getFirst();
            Shape shape = hidden.getShape();
            if (shape.dimension() != 3 || shape.get(0) != batch.length || shape.get(1) != width) {
                throw new IllegalStateException("encoder " + name + ": first output must be [batch, tokens, d], got "
                        + shape);
            }
            int d = (int) shape.get(2);
            float[] flat = hidden.toFloatArray();
            TokenEmbeddings[] out = new TokenEmbeddings[batch.length];
            for (int b = 0; b < batch.length; b++) {
                Encoding e = batch[b];
                int n = e.getIds().length;
                float[][] vectors = new float[n][];
                for (int t = 0; t < n; t++) {
                    int offset = (b * width + t) * d;
                    vectors[t] = Arrays.copyOfRange(flat, offset, offset + d);
                }
                long[] typeIds = e.getTypeIds();
                int[] typeInts = new int[n];
                for (int t = 0; t < n; t++) {
                    typeInts[t] = (int) typeIds[t];
                }
                out[b] = new TokenEmbeddings(e.getTokens(), typeInts, special(e), vectors);
            }
            return out;
        }
    }

    /** Input order of the model: as it declares them when the engine says (ONNX), else BERT's forward order. */
    private static List<String> inputNames(ZooModel<NDList, NDList> model) {
        PairList<String, Shape> described = model.describeInput();
        if (described == null || described.isEmpty()) {
            return DEFAULT_INPUTS;
        }
        List<String> names = new ArrayList<>(described.keys());
        if (!names.contains("input_ids")) {
            return DEFAULT_INPUTS;
        }
        return List.copyOf(names);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            passes.close();
            pairModels.forEach(PairModel::close);
            model.close();
            tokenizer.close();
        }
    }

    private static void closeQuietly(HuggingFaceTokenizer tokenizer) {
        if (tokenizer != null) {
            tokenizer.close();
        }
    }
}
