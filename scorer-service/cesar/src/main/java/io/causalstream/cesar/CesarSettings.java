package io.causalstream.cesar;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Which CESAR head to load. The encoder comes from {@link EncoderSettings} and must be the one the head was
 * trained on (the bundled head: the bundled all-MiniLM-L6-v2). The services read the key below and hand the
 * result in.
 *
 * <table>
 *   <caption>CESAR settings</caption>
 *   <tr><th>key</th><th>environment</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code cesar.head.path}</td><td>{@code CESAR_HEAD_PATH}</td><td>(bundled head)</td>
 *       <td>A weights file written by the CESAR training CLI.</td></tr>
 * </table>
 */
public record CesarSettings(Path headPath, EncoderSettings encoder) {

    public static final String HEAD_PATH = "cesar.head.path";

    /** The bundled head on the bundled encoder. */
    public static CesarSettings defaults() {
        return new CesarSettings(null, EncoderSettings.bundledMiniLm());
    }

    public CesarHead loadHead() {
        try {
            return headPath == null ? CesarHeadFile.readBundled() : CesarHeadFile.read(headPath);
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
