package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.tune.EncoderDelta;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * The fine-tuned extractor model as shipped: what training changed in the encoder (an {@link EncoderDelta} over the
 * bundled fp32 base, merged into the base graph's initializers when the model loads, so the service runs plain ONNX
 * Runtime), the relation head and the claim detector trained with it. The repository ships only this file; the base
 * encoder stays a Maven Central artifact.
 *
 * <p>File format: the magic {@value #MAGIC}, the model's name, the base encoder's bundled name, then five
 * length-prefixed sections: the relation head ({@link RelationHead#write}), the claim head ({@link ClaimHead#write}),
 * the encoder delta ({@link EncoderDelta#write}), then one section per tagger of {@link SpanTagger#KINDS}
 * ({@link SpanTagger#write}; an empty section when the model has none). Files of the former format
 * ({@value #MAGIC_V3}: the first three sections only) still read, without taggers.
 *
 * @param name        the model's name (e.g. {@code extractor-v3})
 * @param baseEncoder the bundled encoder the delta applies to (e.g. {@code all-minilm-l6-v2})
 * @param head        the relation head, whose encoder name is the tuned encoder's
 * @param claims      the claim detector
 * @param delta       the tuned encoder weights, as differences from the base
 * @param taggers     the taggers in {@link SpanTagger#KINDS}' order (concepts, cause and effect, signals), each
 *                    null when the model has none; empty for a model without taggers
 */
public record TunedExtractorModel(String name, String baseEncoder, RelationHead head, ClaimHead claims,
                                  EncoderDelta delta, List<SpanTagger> taggers) {

    public static final String MAGIC = "causal-stream-extractor-model/4";
    static final String MAGIC_V3 = "causal-stream-extractor-model/3";

    public TunedExtractorModel {
        if (head.dimension() != claims.dimension()) {
            throw new IllegalArgumentException("relation head d=" + head.dimension() + ", claim head d="
                    + claims.dimension());
        }
        taggers = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(taggers));
        if (!taggers.isEmpty() && taggers.size() != SpanTagger.KINDS.size()) {
            throw new IllegalArgumentException("a model has no tagger or " + SpanTagger.KINDS.size());
        }
        for (SpanTagger t : taggers) {
            if (t != null && t.dimension() != head.dimension()) {
                throw new IllegalArgumentException("relation head d=" + head.dimension() + ", tagger d="
                        + t.dimension());
            }
        }
    }

    /** A model without taggers. */
    public TunedExtractorModel(String name, String baseEncoder, RelationHead head, ClaimHead claims,
                               EncoderDelta delta) {
        this(name, baseEncoder, head, claims, delta, List.of());
    }

    /** The tagger of {@code which} ({@link SpanTagger#CONCEPTS}, ...), if the model has it. */
    public java.util.Optional<SpanTagger> tagger(int which) {
        return taggers.isEmpty() ? java.util.Optional.empty() : java.util.Optional.ofNullable(taggers.get(which));
    }

    public TunedExtractorModel withThresholds(float edge, float claim) {
        return new TunedExtractorModel(name, baseEncoder, head.withThreshold(edge), claims.withThreshold(claim), delta,
                taggers);
    }

    public void write(OutputStream raw) throws IOException {
        DataOutputStream out = new DataOutputStream(raw);
        out.writeUTF(MAGIC);
        out.writeUTF(name);
        out.writeUTF(baseEncoder);
        ByteArrayOutputStream section = new ByteArrayOutputStream();
        head.write(section);
        section(out, section);
        claims.write(section);
        section(out, section);
        delta.write(section);
        section(out, section);
        for (int k = 0; k < SpanTagger.KINDS.size(); k++) {
            if (!taggers.isEmpty() && taggers.get(k) != null) {
                taggers.get(k).write(section);
            }
            section(out, section);
        }
        out.flush();
    }

    private static void section(DataOutputStream out, ByteArrayOutputStream section) throws IOException {
        out.writeInt(section.size());
        section.writeTo(out);
        section.reset();
    }

    public static TunedExtractorModel read(InputStream raw) throws IOException {
        DataInputStream in = new DataInputStream(raw);
        String magic = in.readUTF();
        if (!MAGIC.equals(magic) && !MAGIC_V3.equals(magic)) {
            throw new IOException("not a tuned extractor model (" + magic + ")");
        }
        String name = in.readUTF();
        String base = in.readUTF();
        RelationHead head = RelationHead.read(new ByteArrayInputStream(section(in)));
        ClaimHead claims = ClaimHead.read(new ByteArrayInputStream(section(in)));
        EncoderDelta delta = EncoderDelta.read(new ByteArrayInputStream(section(in)));
        if (MAGIC_V3.equals(magic)) {
            return new TunedExtractorModel(name, base, head, claims, delta);
        }
        List<SpanTagger> taggers = new java.util.ArrayList<>();
        for (int k = 0; k < SpanTagger.KINDS.size(); k++) {
            taggers.add(tagger(section(in)));
        }
        return new TunedExtractorModel(name, base, head, claims, delta, taggers);
    }

    private static SpanTagger tagger(byte[] section) throws IOException {
        return section.length == 0 ? null : SpanTagger.read(new ByteArrayInputStream(section));
    }

    private static byte[] section(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 30) {
            throw new IOException("section of " + n + " bytes");
        }
        byte[] bytes = new byte[n];
        in.readFully(bytes);
        return bytes;
    }

    /** The delta's id ({@link EncoderDelta#id}): names the merged encoder in the cache. */
    public String deltaId() {
        return delta.id();
    }
}
