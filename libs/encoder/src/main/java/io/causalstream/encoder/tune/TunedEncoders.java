package io.causalstream.encoder.tune;

import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.onnx.OnnxQuantizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tuned encoders as ONNX Runtime runs them: a bundled fp32 model with an {@link EncoderDelta} merged in, written
 * once into the cache directory as {@code <base>+<deltaId>/model.onnx} with the base's {@code tokenizer.json} beside
 * it. The services then load it as any configured model ({@code DjlTokenEncoder.open}), so a tuned encoder costs
 * at run time what the base costs.
 *
 * <p>A delta id names one delta: files already in the cache under that id (of the base's size, which merging a
 * delta keeps) are reused, not rewritten. Every file is written beside its target and moved into place, so
 * concurrent JVMs never read a half-written one.
 */
public final class TunedEncoders {

    private static final Logger LOG = LoggerFactory.getLogger(TunedEncoders.class);
    /** A delta id is part of a directory name. */
    private static final Pattern DELTA_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * Settings that load the bundled fp32 model {@code bundledBase} names ({@link EncoderSettings#bundledMiniLm()}'s
     * all-MiniLM-L6-v2) with {@code delta} applied, named {@code <base>+<deltaId>} (all-minilm-l6-v2+v1), with the
     * base's token limit, batch size, threads and passes. IllegalArgumentException for settings that name a model
     * file or an int8 model (a delta holds fp32 differences), for a delta id that is not a plain file name, and for a
     * delta that does not fit the base (naming the tensor).
     */
    public static EncoderSettings materialise(EncoderSettings bundledBase, EncoderDelta delta, String deltaId) {
        return materialise(bundledBase, delta, deltaId, false);
    }

    /**
     * The same, and with {@code int8} the merged model's MatMul weights quantized ({@link OnnxQuantizer#dynamicInt8},
     * named {@code <base>+<deltaId>+int8}): about twice as fast on CPU, each sequence's states a little dependent on
     * the others of its call.
     */
    public static EncoderSettings materialise(EncoderSettings bundledBase, EncoderDelta delta, String deltaId,
                                              boolean int8) {
        if (!bundledBase.bundled()) {
            throw new IllegalArgumentException("a tuned encoder starts from a bundled model, these settings name "
                    + bundledBase.modelPath());
        }
        if (bundledBase.quantizedPerPass()) {
            throw new IllegalArgumentException("bundled model " + bundledBase.name()
                    + " is int8: a delta applies to the fp32 weights of a bundled fp32 model (all-minilm-l6-v2, "
                    + "bge-small-en-v15)");
        }
        if (deltaId == null || !DELTA_ID.matcher(deltaId).matches()) {
            throw new IllegalArgumentException("delta id must be letters, digits, '.', '_' or '-' (not first), got "
                    + deltaId);
        }
        EncoderSettings base = bundledBase.materialised();
        String name = bundledBase.name() + "+" + deltaId + (int8 ? "+int8" : "");
        Path dir = bundledBase.cacheDir().resolve(int8 ? name + "-" + OnnxQuantizer.SCHEME : name);
        Path model = dir.resolve("model.onnx");
        Path tokenizer = dir.resolve("tokenizer.json");
        try {
            copy(base.tokenizerPath(), tokenizer);
            // a file in place is whole (written beside and moved): fp32 keeps the base's size, int8 any size
            if (int8 ? !Files.isRegularFile(model) : !sameSize(model, base.modelPath())) {
                OnnxModel tuned = delta.applyTo(OnnxModel.read(base.modelPath()));
                (int8 ? OnnxQuantizer.dynamicInt8(tuned) : tuned).write(model);
                LOG.info("tuned encoder {} written to {} ({} tensors, {} values changed)", name, model,
                        delta.names().size(), delta.parameterCount());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write tuned encoder " + name + " to " + dir, e);
        }
        return new EncoderSettings(model, tokenizer, name, base.maxTokens(), base.batchSize(), base.threads(),
                base.cacheDir(), base.passes());
    }

    private static boolean sameSize(Path file, Path like) throws IOException {
        return Files.isRegularFile(file) && Files.size(file) == Files.size(like);
    }

    private static void copy(Path from, Path to) throws IOException {
        if (sameSize(to, from)) {
            return;
        }
        Files.createDirectories(to.getParent());
        Path partial = Files.createTempFile(to.getParent(), to.getFileName().toString(), ".part");
        try {
            Files.copy(from, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private TunedEncoders() {
    }
}
