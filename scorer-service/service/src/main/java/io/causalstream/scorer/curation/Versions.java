package io.causalstream.scorer.curation;

import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Content versions of what a curator saw: the first 16 hex digits of a SHA-256. A correction names the versions
 * it was made on; when the passage or the extraction has changed since (a re-extraction), it is refused (409), so a
 * correction never silently applies to edges the curator did not see.
 */
public final class Versions {

    /** The version of a passage's text. */
    public static String passage(String text) {
        return sha(text == null ? "" : text);
    }

    /** The version of an extraction: its triples' source, target, direction and evidence spans, in order. */
    public static String extraction(List<Triple> triples) {
        StringBuilder b = new StringBuilder();
        for (Triple t : triples) {
            b.append(t.getSource()).append('\u0000').append(t.getTarget()).append('\u0000')
                    .append(t.getDirection().name());
            for (EvidenceSpan s : t.getEvidence()) {
                b.append('\u0000').append(s.getStart()).append('-').append(s.getEnd());
            }
            b.append('\n');
        }
        return sha(b.toString());
    }

    private static String sha(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private Versions() {
    }
}
