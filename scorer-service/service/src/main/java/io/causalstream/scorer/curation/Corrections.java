package io.causalstream.scorer.curation;

import io.causalstream.schemas.extraction.Derivation;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The records a correction publishes: a HUMAN annotation on {@code extractions} (annotator = the curator) carrying
 * its {@link Derivation}, and, when the curator says so, the passage's gold on {@code gold-graphs} (origin CURATED,
 * the same triples and annotation id).
 *
 * <p>The annotation id is derived from curator, passage, extraction and extraction version
 * ({@link #annotationId}): one submission per curator and extraction version, a repeat names the same id (409), and
 * the first publisher of an id owns it (the services refuse a record of another annotator under it).
 */
public final class Corrections {

    /** Prefix of every curated annotation id. */
    public static final String PREFIX = "curated-";

    /** {@code curated-<curator>-<12 hex digits of SHA-256(curator, passage, annotation, version)>}. */
    public static String annotationId(String curator, String passageId, String fromAnnotationId, String fromVersion) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {curator, passageId, fromAnnotationId, fromVersion}) {
                d.update(part.getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
            }
            return PREFIX + curator.replaceAll("[^A-Za-z0-9._@-]", "_") + "-"
                    + HexFormat.of().formatHex(d.digest(), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /**
     * @param fromAnnotatorId the corrected extraction's annotator
     */
    public static Extraction annotation(String curator, CurationRequest request, String fromAnnotatorId,
                                        Corrector.Corrected corrected, Instant now) {
        Derivation derivation = Derivation.newBuilder().setFromAnnotationId(request.annotationId())
                .setFromAnnotatorId(fromAnnotatorId).setFromVersion(request.extractionVersion())
                .setPassageVersion(request.passageVersion()).setEdges(corrected.changes())
                .setNothingCausal(request.nothingCausal()).setGold(request.gold()).build();
        return Extraction.newBuilder().setPassageId(request.passageId())
                .setAnnotationId(annotationId(curator, request.passageId(), request.annotationId(),
                        request.extractionVersion()))
                .setAnnotator(Annotator.newBuilder().setId(curator).setKind(AnnotatorKind.HUMAN).build())
                .setTriples(corrected.triples()).setCreatedAt(now).setDerivation(derivation).build();
    }

    /** The passage's gold made of a curated annotation. */
    public static GoldGraph gold(Extraction annotation) {
        return GoldGraph.newBuilder().setPassageId(annotation.getPassageId())
                .setAnnotationId(annotation.getAnnotationId()).setOrigin(GoldOrigin.CURATED)
                .setTriples(annotation.getTriples()).setUpdatedAt(annotation.getCreatedAt()).build();
    }

    private Corrections() {
    }
}
