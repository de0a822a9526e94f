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
 *   <tr><td>{@code extractor.model.threads}</td><td>{@code EXTRACTOR_MODEL_THREADS}</td><td>0 (all cores)</td>
 *       <td>Intra-op threads of the encoder.</td></tr>
 * </table>
 * The encoder is the bundled MiniLM the head was trained on (the int8 export for relation-head-v2).
 *
 * @param head      the head file, or null for the one shipped on the class path
 * @param threshold the decision threshold, or null for the head's
 * @param encoder   the encoder settings
 */
public record ModelSettings(Path head, Float threshold, EncoderSettings encoder) {

    public static final String PREFIX = "extractor.model.";

    public static ModelSettings defaults() {
        return new ModelSettings(null, null, EncoderSettings.bundledMiniLm());
    }
}
