package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.tune.EncoderDelta;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The fine-tuned extractor model as shipped: what training changed in the encoder (an {@link EncoderDelta} over the
 * bundled fp32 base, merged into the base graph's initializers when the model loads, so the service runs plain ONNX
 * Runtime), the relation head and the claim detector trained with it. The repository ships only this file; the base
 * encoder stays a Maven Central artifact.
 *
 * <p>File format: the magic {@value #MAGIC}, the model's name, the base encoder's bundled name, then three
 * length-prefixed sections: the relation head ({@link RelationHead#write}), the claim head ({@link ClaimHead#write})
 * and the encoder delta ({@link EncoderDelta#write}).
 *
 * @param name        the model's name (e.g. {@code extractor-v3})
 * @param baseEncoder the bundled encoder the delta applies to (e.g. {@code all-minilm-l6-v2})
 * @param head        the relation head, whose encoder name is the tuned encoder's
 * @param claims      the claim detector
 * @param delta       the tuned encoder weights, as differences from the base
 */
public record TunedExtractorModel(String name, String baseEncoder, RelationHead head, ClaimHead claims,
                                  EncoderDelta delta) {

    public static final String MAGIC = "causal-stream-extractor-model/3";

    public TunedExtractorModel {
        if (head.dimension() != claims.dimension()) {
            throw new IllegalArgumentException("relation head d=" + head.dimension() + ", claim head d="
                    + claims.dimension());
        }
    }

    public TunedExtractorModel withThresholds(float edge, float claim) {
        return new TunedExtractorModel(name, baseEncoder, head.withThreshold(edge), claims.withThreshold(claim), delta);
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
        if (!MAGIC.equals(magic)) {
            throw new IOException("not a tuned extractor model (" + magic + ")");
        }
        String name = in.readUTF();
        String base = in.readUTF();
        RelationHead head = RelationHead.read(new ByteArrayInputStream(section(in)));
        ClaimHead claims = ClaimHead.read(new ByteArrayInputStream(section(in)));
        EncoderDelta delta = EncoderDelta.read(new ByteArrayInputStream(section(in)));
        return new TunedExtractorModel(name, base, head, claims, delta);
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
