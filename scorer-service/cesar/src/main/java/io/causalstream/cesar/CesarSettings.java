package io.causalstream.cesar;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Which CESAR head to load, and the encoder it runs on, which must be the one the head was trained on. The
 * bundled heads: one trained on bge-small-en-v1.5 and run on its int8 export ({@code bge-small-q}, the scorer's
 * default: GM 84.2 on the delta-CAUSAL test split), and one trained on all-MiniLM-L6-v2 (GM 79.5). The services
 * read the keys below and hand the result in.
 *
 * <table>
 *   <caption>CESAR settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code cesar.encoder.name}</td><td>{@code CESAR_ENCODER_NAME}</td><td>{@code bge-small-q}</td>
 *       <td>The bundled encoder of the strength stage, with the bundled head trained for it: {@code bge-small-q},
 *       or {@code minilm} / {@code minilm-q} for the MiniLM head (faster, GM 79.5). Ignored with
 *       {@code cesar.head.path}: a head of one's own runs on the {@code encoder.*} encoder.</td></tr>
 *   <tr><td>{@code cesar.head.path}</td><td>{@code CESAR_HEAD_PATH}</td><td>(bundled head)</td>
 *       <td>A weights file written by the CESAR training CLI.</td></tr>
 * </table>
 */
public record CesarSettings(Path headPath, EncoderSettings encoder) {

    public static final String HEAD_PATH = "cesar.head.path";
    public static final String ENCODER_NAME = "cesar.encoder.name";
    public static final String DEFAULT_ENCODER = "bge-small-q";

    /** The bundled MiniLM head on the bundled MiniLM (tests, and the research CLIs' default). */
    public static CesarSettings defaults() {
        return new CesarSettings(null, EncoderSettings.bundledMiniLm());
    }

    public CesarHead loadHead() {
        try {
            return headPath == null ? CesarHeadFile.readBundledFor(encoder.name()) : CesarHeadFile.read(headPath);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read CESAR head " + (headPath == null ? "(bundled)" : headPath), e);
        }
    }

    /** Loads encoder and head; the caller closes the scorer's encoder when done. */
    public CesarScorer open() {
        CesarHead head = loadHead();
        DjlTokenEncoder encoder = DjlTokenEncoder.open(encoder());
        try {
            return new CesarScorer(encoder, head);
        } catch (RuntimeException e) {
            encoder.close();
            throw e;
        }
    }
}
