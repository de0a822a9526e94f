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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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
    private final int batchSize;
    private final int dimension;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The ONNX model file (for {@link #withPairHead}), null for other engines. */
    private final Path onnxFile;
    private final int threads;
    private final List<PairModel> pairModels = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Forward passes run at once. */
    private final int passes;
    /** The threads of those passes; null with one pass at a time (it runs on the caller's thread). */
    private final java.util.concurrent.ExecutorService passPool;

    private DjlTokenEncoder(String name, HuggingFaceTokenizer tokenizer, ZooModel<NDList, NDList> model,
                            List<String> inputNames, int batchSize, Path onnxFile, int threads, int passes) {
        this.name = name;
        this.onnxFile = onnxFile;
        this.threads = threads;
        this.passes = passes;
        this.passPool = passes == 1 ? null : java.util.concurrent.Executors.newFixedThreadPool(passes,
                Thread.ofPlatform().daemon().name("encoder-" + name + "-pass-", 0).factory());
        this.tokenizer = tokenizer;
        this.model = model;
        this.inputNames = inputNames;
        this.batchSize = batchSize;
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
            return new DjlTokenEncoder(settings.name(), tokenizer, model, inputs, settings.batchSize(), onnxFile,
                    settings.threadsPerPass(), settings.passes());
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
        return run(pairs, p -> tokenizer.encode(p.first(), p.second()));
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
            PairModel pairModel = new FusedPairModel(env, session, head.outputs().getFirst());
            pairModels.add(pairModel);
            return java.util.Optional.of(pairModel);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read encoder model " + onnxFile, e);
        } catch (ai.onnxruntime.OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load encoder " + name + " with the head: "
                    + e.getMessage(), e);
        }
    }

    /** {@link PairModel} of {@link #withPairHead}. */
    private final class FusedPairModel implements PairModel {
        private final ai.onnxruntime.OrtEnvironment env;
        private final ai.onnxruntime.OrtSession session;
        private final String output;
        private final AtomicBoolean modelClosed = new AtomicBoolean();

        FusedPairModel(ai.onnxruntime.OrtEnvironment env, ai.onnxruntime.OrtSession session, String output) {
            this.env = env;
            this.session = session;
            this.output = output;
        }

        @Override
        public float[] run(List<TextPair> pairs) {
            if (closed.get() || modelClosed.get()) {
                throw new IllegalStateException("encoder " + name + " is closed");
            }
            Encoding[] encodings = new Encoding[pairs.size()];
            for (int i = 0; i < encodings.length; i++) {
                encodings[i] = tokenizer.encode(pairs.get(i).first(), pairs.get(i).second());
            }
            float[] result = new float[encodings.length];
            inBatches(encodings, (batch, at) -> {
                float[] out = forward(batch);
                for (int b = 0; b < batch.length; b++) {
                    result[at[b]] = out[b];
                }
            });
            return result;
        }

        private float[] forward(Encoding[] batch) {
            int width = 0;
            for (Encoding e : batch) {
                width = Math.max(width, e.getIds().length);
            }
            Map<String, ai.onnxruntime.OnnxTensor> inputs = new java.util.HashMap<>();
            try {
                for (String inputName : inputNames) {
                    java.nio.LongBuffer values = java.nio.ByteBuffer.allocateDirect(batch.length * width * Long.BYTES)
                            .order(java.nio.ByteOrder.nativeOrder()).asLongBuffer();
                    for (Encoding e : batch) {
                        long[] src = switch (inputName) {
                            case "input_ids" -> e.getIds();
                            case "attention_mask" -> e.getAttentionMask();
                            case "token_type_ids" -> e.getTypeIds();
                            default -> throw new IllegalStateException("encoder input " + inputName
                                    + " is not supported");
                        };
                        int start = values.position();
                        values.put(src, 0, src.length);
                        values.position(start + width);
                    }
                    values.rewind();
                    inputs.put(inputName, ai.onnxruntime.OnnxTensor.createTensor(env, values,
                            new long[] {batch.length, width}));
                }
                try (ai.onnxruntime.OrtSession.Result result = session.run(inputs, java.util.Set.of(output))) {
                    float[] out = new float[batch.length];
                    ((ai.onnxruntime.OnnxTensor) result.get(0)).getFloatBuffer().get(out);
                    return out;
                }
            } catch (ai.onnxruntime.OrtException e) {
                throw new IllegalStateException("encoder " + name + " with head failed: " + e.getMessage(), e);
            } finally {
                inputs.values().forEach(ai.onnxruntime.OnnxTensor::close);
            }
        }

        @Override
        public void close() {
            if (modelClosed.compareAndSet(false, true)) {
                try {
                    session.close();
                } catch (ai.onnxruntime.OrtException e) {
                    LOG.warn("closing the fused model of {}: {}", name, e.getMessage());
                }
            }
        }
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

    private static Integer[] lengthOrder(Encoding[] encodings) {
        Integer[] order = new Integer[encodings.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingInt(i -> encodings[i].getIds().length));
        return order;
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
        inBatches(encodings, (batch, at) -> {
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

    /** One batch's work: its encodings, and where each sits in the call's input. */
    private interface BatchWork {
        void run(Encoding[] batch, int[] at);
    }

    /**
     * Sorts the encodings by length, cuts them into batches of at most {@code encoder.batch.size} (and into at
     * least {@code encoder.passes} batches when there are enough sequences), and runs {@code work} on each: in turn on
     * the caller's thread with one pass at a time, else on the pass threads at once, waiting for all of them.
     */
    private void inBatches(Encoding[] encodings, BatchWork work) {
        Integer[] order = lengthOrder(encodings);
        int size = Math.max(1, Math.min(batchSize, (order.length + passes - 1) / passes));
        List<Runnable> batches = new ArrayList<>();
        for (int from = 0; from < order.length; from += size) {
            int to = Math.min(order.length, from + size);
            Encoding[] batch = new Encoding[to - from];
            int[] at = new int[batch.length];
            for (int b = 0; b < batch.length; b++) {
                at[b] = order[from + b];
                batch[b] = encodings[at[b]];
            }
            batches.add(() -> work.run(batch, at));
        }
        if (passPool == null || batches.size() == 1) {
            batches.forEach(Runnable::run);
            return;
        }
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        for (Runnable batch : batches) {
            running.add(passPool.submit(batch));
        }
        try {
            for (java.util.concurrent.Future<?> f : running) {
                f.get();
            }
        } catch (InterruptedException e) {
            running.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("encoder " + name + ": interrupted while its passes ran", e);
        } catch (java.util.concurrent.ExecutionException e) {
            running.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("encoder " + name + " failed: " + e.getCause(), e.getCause());
        }
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
            if (passPool != null) {
                passPool.shutdownNow();
            }
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
