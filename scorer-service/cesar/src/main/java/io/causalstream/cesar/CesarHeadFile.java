package io.causalstream.cesar;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The weights file of a {@link CesarHead}: gzip of a small big-endian record, values stored as IEEE half
 * precision (the head is scored in double; half precision halves the shipped file and moves a score by about
 * 1e-3, below what the evaluation can see).
 *
 * <pre>
 *   "CESARHD" version(int=2) encoder(UTF) description(int length + UTF-8)
 *   d(int) hasContext(boolean) [heads(int) hidden(int) ln1 gain d, bias d; wq wk wv wo d*d; bo d;
 *                               ln2 gain d, bias d; w1 d*hidden; b1 hidden; w2 hidden*d; b2 d]
 *   hasProjection(boolean) [projection d*d, bias d] wq d*d wk d*d            -- halves, row-major
 * </pre>
 * Version 1 files (no context layer) are still read.
 */
public final class CesarHeadFile {

    private static final byte[] MAGIC = "CESARHD".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final int VERSION = 2;

    /** The head trained on all-MiniLM-L6-v2 (also read on its int8 export), on the classpath. */
    public static final String BUNDLED_RESOURCE = "cesar/cesar-minilm-head.bin.gz";
    /** The head trained on bge-small-en-v1.5, run on its int8 export: the scorer's default. */
    public static final String BUNDLED_BGE_RESOURCE = "cesar/cesar-bge-small-head.bin.gz";

    public static void write(CesarHead head, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            write(head, out);
        }
    }

    public static void write(CesarHead head, OutputStream target) throws IOException {
        GZIPOutputStream gzip = new GZIPOutputStream(target);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(gzip));
        out.write(MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(head.encoder());
        byte[] description = head.description().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(description.length);
        out.write(description);
        int d = head.dimension();
        out.writeInt(d);
        ContextLayer c = head.context();
        out.writeBoolean(c != null);
        if (c != null) {
            out.writeInt(c.heads());
            out.writeInt(c.hidden());
            writeVector(out, c.ln1Gain());
            writeVector(out, c.ln1Bias());
            writeMatrix(out, c.wq());
            writeMatrix(out, c.wk());
            writeMatrix(out, c.wv());
            writeMatrix(out, c.wo());
            writeVector(out, c.bo());
            writeVector(out, c.ln2Gain());
            writeVector(out, c.ln2Bias());
            writeMatrix(out, c.w1());
            writeVector(out, c.b1());
            writeMatrix(out, c.w2());
            writeVector(out, c.b2());
        }
        out.writeBoolean(head.projection() != null);
        if (head.projection() != null) {
            writeMatrix(out, head.projection());
            writeVector(out, head.bias());
        }
        writeMatrix(out, head.wq());
        writeMatrix(out, head.wk());
        out.flush();
        gzip.finish();
    }

    public static CesarHead read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /** Reads the bundled MiniLM head from the classpath. */
    public static CesarHead readBundled() throws IOException {
        return readResource(BUNDLED_RESOURCE);
    }

    /**
     * The bundled head trained on the encoder of that name: the bge-small head for bge-small-en-v1.5 (either
     * precision), else the MiniLM head.
     */
    public static CesarHead readBundledFor(String encoderName) throws IOException {
        boolean bge = encoderName != null && encoderName.toLowerCase(java.util.Locale.ROOT).startsWith("bge-small");
        return readResource(bge ? BUNDLED_BGE_RESOURCE : BUNDLED_RESOURCE);
    }

    private static CesarHead readResource(String resource) throws IOException {
        InputStream in = CesarHeadFile.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("bundled CESAR head " + resource + " not on the classpath");
        }
        try (in) {
            return read(in);
        }
    }

    public static CesarHead read(InputStream source) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(source)));
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new IOException("not a CESAR head file");
        }
        int version = in.readInt();
        if (version != 1 && version != VERSION) {
            throw new IOException("unsupported CESAR head file version " + version);
        }
        String encoder = in.readUTF();
        int descriptionLength = in.readInt();
        if (descriptionLength < 0 || descriptionLength > 1 << 20) {
            throw new IOException("corrupt CESAR head file (description length " + descriptionLength + ")");
        }
        String description = new String(in.readNBytes(descriptionLength), java.nio.charset.StandardCharsets.UTF_8);
        int d = in.readInt();
        if (d <= 0 || d > 16384) {
            throw new IOException("corrupt CESAR head file (d = " + d + ")");
        }
        ContextLayer context = null;
        if (version >= 2 && in.readBoolean()) {
            int heads = in.readInt();
            int hidden = in.readInt();
            if (heads <= 0 || hidden <= 0 || hidden > 65536) {
                throw new IOException("corrupt CESAR head file (heads " + heads + ", hidden " + hidden + ")");
            }
            context = new ContextLayer(heads, readVector(in, d), readVector(in, d), readMatrix(in, d, d),
                    readMatrix(in, d, d), readMatrix(in, d, d), readMatrix(in, d, d), readVector(in, d),
                    readVector(in, d), readVector(in, d), readMatrix(in, d, hidden), readVector(in, hidden),
                    readMatrix(in, hidden, d), readVector(in, d));
        }
        float[][] projection = null;
        float[] bias = null;
        if (in.readBoolean()) {
            projection = readMatrix(in, d);
            bias = readVector(in, d);
        }
        float[][] wq = readMatrix(in, d);
        float[][] wk = readMatrix(in, d);
        return new CesarHead(encoder, context, projection, bias, wq, wk, description);
    }

    private static void writeMatrix(DataOutputStream out, float[][] m) throws IOException {
        for (float[] row : m) {
            writeVector(out, row);
        }
    }

    private static void writeVector(DataOutputStream out, float[] v) throws IOException {
        for (float x : v) {
            out.writeShort(Float.floatToFloat16(x));
        }
    }

    private static float[][] readMatrix(DataInputStream in, int d) throws IOException {
        return readMatrix(in, d, d);
    }

    private static float[][] readMatrix(DataInputStream in, int rows, int cols) throws IOException {
        float[][] m = new float[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = readVector(in, cols);
        }
        return m;
    }

    private static float[] readVector(DataInputStream in, int d) throws IOException {
        float[] v = new float[d];
        for (int k = 0; k < d; k++) {
            v[k] = Float.float16ToFloat(in.readShort());
        }
        return v;
    }

    private CesarHeadFile() {
    }
}
