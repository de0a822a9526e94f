package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.EncoderSettings;
import java.nio.file.Path;

/**
 * Settings of the {@code model} backend (keys read by {@code BackendConfig}):
 * <table>
 *   <caption>Model backend settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code extractor.model.head}</td><td>{@code EXTRACTOR_MODEL_HEAD}</td><td>(the shipped head)</td>
 *       <td>A relation head written by {@code extractor-train} ({@code .bin.gz}).</td></tr>
 *   <tr><td>{@code extractor.model.threshold}</td><td>{@code EXTRACTOR_MODEL_THRESHOLD}</td><td>(the head's, chosen
 *       on the validation split)</td><td>P(edge) a pair needs; lower finds more edges, less precisely.</td></tr>
 *   <tr><td>{@code extractor.model.version}</td><td>{@code EXTRACTOR_MODEL_VERSION}</td><td>{@code v3}</td>
 *       <td>{@code v3}: the fine-tuned encoder with its relation head and claim detector; {@code v2}: the
 *       frozen-encoder relation head.</td></tr>
 *   <tr><td>{@code extractor.model.file}</td><td>{@code EXTRACTOR_MODEL_FILE}</td><td>(the shipped model)</td>
 *       <td>A v3 model written by {@code extractor-tune} ({@code .bin}).</td></tr>
 *   <tr><td>{@code extractor.model.claim.threshold}</td><td>{@code EXTRACTOR_MODEL_CLAIM_THRESHOLD}</td><td>(the
 *       model's)</td><td>P(claim) a sentence needs to keep its triples (v3).</td></tr>
 *   <tr><td>{@code extractor.model.int8}</td><td>{@code EXTRACTOR_MODEL_INT8}</td><td>{@code true}</td>
 *       <td>Run the v3 encoder with its MatMul weights quantized to int8 (about twice as fast on CPU).</td></tr>
 *   <tr><td>{@code extractor.model.threads}</td><td>{@code EXTRACTOR_MODEL_THREADS}</td><td>0 (all cores)</td>
 *       <td>Intra-op threads of the encoder.</td></tr>
 *   <tr><td>{@code extractor.model.candidates}</td><td>{@code EXTRACTOR_MODEL_CANDIDATES}</td><td>{@code
 *       chunks}</td><td>Where candidate concepts come from ({@link CandidateSource}): {@code chunks}, {@code
 *       chunks+mentions} (and the concept tagger's mentions), {@code mentions} (the tagger's alone).</td></tr>
 * </table>
 * v3 runs the bundled fp32 all-MiniLM-L6-v2 with the model's tuned weights merged in; v2 the bundled MiniLM its head
 * was trained on (the int8 export).
 *
 * @param head           a v2 head file (implies v2), or null
 * @param threshold      the edge decision threshold, or null for the model's
 * @param encoder        the encoder settings (threads, cache directory, limits)
 * @param version        {@link #V3} or {@link #V2}
 * @param model          a v3 model file, or null for the shipped one
 * @param claimThreshold the claim detector's threshold, or null for the model's
 * @param int8           whether the v3 encoder runs quantized to int8
 * @param candidates     where a v3 model's candidate concepts come from
 */
public record ModelSettings(Path head, Float threshold, EncoderSettings encoder, String version, Path model,
                            Float claimThreshold, boolean int8, CandidateSource candidates) {

    public static final String PREFIX = "extractor.model.";
    public static final String V2 = "v2";
    public static final String V3 = "v3";
    public static final String DEFAULT_VERSION = V3;
    public static final boolean DEFAULT_INT8 = true;
    public static final CandidateSource DEFAULT_CANDIDATES = CandidateSource.CHUNKS;

    public ModelSettings {
        if (!V2.equals(version) && !V3.equals(version)) {
            throw new IllegalArgumentException(PREFIX + "version must be v2 or v3, got " + version);
        }
        if (candidates == null) {
            candidates = DEFAULT_CANDIDATES;
        }
    }

    /** The same with the default candidates. */
    public ModelSettings(Path head, Float threshold, EncoderSettings encoder, String version, Path model,
                         Float claimThreshold, boolean int8) {
        this(head, threshold, encoder, version, model, claimThreshold, int8, DEFAULT_CANDIDATES);
    }

    /** The default version with a v2 head file or none, and the model's thresholds. */
    public ModelSettings(Path head, Float threshold, EncoderSettings encoder) {
        this(head, threshold, encoder, DEFAULT_VERSION, null, null, DEFAULT_INT8, DEFAULT_CANDIDATES);
    }

    public static ModelSettings defaults() {
        return new ModelSettings(null, null, EncoderSettings.bundledMiniLm());
    }
}
