package io.causalstream.research.cesar.train;

import io.causalstream.research.cesar.data.TrainingExample;
import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The frozen encoder's token embeddings of every training example, computed once and kept in a file (half
 * precision, about 1.5 GB for the full training set) so that epochs and repeated runs only pay for the head.
 * The file name carries a hash of the encoder and of every example text, so a changed data set or encoder never
 * reads stale vectors.
 *
 * <p>Entry layout: {@code int tokens, int causeTokens, tokens * d halves}; cause tokens (type 0) come first.
 */
public final class EmbeddingStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddingStore.class);
    private static final int CHUNK = 256;

    private final FileChannel channel;
    private final long[] offsets;
    private final int[] lengths;
    private final int[] causeLengths;
    private final int dimension;

    private EmbeddingStore(FileChannel channel, long[] offsets, int[] lengths, int[] causeLengths, int dimension) {
        this.channel = channel;
        this.offsets = offsets;
        this.lengths = lengths;
        this.causeLengths = causeLengths;
        this.dimension = dimension;
    }

    /** Opens the cached embeddings of {@code examples}, encoding them first when no matching cache exists. */
    public static EmbeddingStore open(List<TrainingExample> examples, TokenEncoder encoder, String encoderKey,
                                      Path cacheDir) throws IOException {
        Files.createDirectories(cacheDir);
        Path file = cacheDir.resolve("cesar-embeddings-" + key(examples, encoderKey) + ".bin");
        if (!Files.isRegularFile(file)) {
            encodeAll(examples, encoder, file);
        } else {
            LOG.info("reusing cached embeddings {}", file);
        }
        return load(file, examples.size(), encoder.dimension());
    }

    public int size() {
        return offsets.length;
    }

    public int dimension() {
        return dimension;
    }

    public int length(int index) {
        return lengths[index];
    }

    public int causeLength(int index) {
        return causeLengths[index];
    }

    /**
     * Copies the token vectors of {@code index} into {@code target} starting at {@code offset} (row-major,
     * {@code length(index) * d} floats).
     */
    public void read(int index, float[] target, int offset) throws IOException {
        int count = lengths[index] * dimension;
        ByteBuffer buffer = ByteBuffer.allocate(count * 2);
        long position = offsets[index] + 8;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, position + buffer.position());
            if (read < 0) {
                throw new IOException("truncated embedding cache");
            }
        }
        buffer.flip();
        for (int k = 0; k < count; k++) {
            target[offset + k] = Float.float16ToFloat(buffer.getShort());
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static void encodeAll(List<TrainingExample> examples, TokenEncoder encoder, Path file)
            throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        long start = System.nanoTime();
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial),
                1 << 20))) {
            for (int from = 0; from < examples.size(); from += CHUNK) {
                List<TrainingExample> chunk = examples.subList(from, Math.min(examples.size(), from + CHUNK));
                List<TokenEmbeddings> encoded = encoder.encodePairs(
                        chunk.stream().map(e -> new TextPair(e.cause(), e.effect())).toList());
                for (TokenEmbeddings t : encoded) {
                    int causeTokens = 0;
                    while (causeTokens < t.length() && t.typeIds()[causeTokens] == 0) {
                        causeTokens++;
                    }
                    if (causeTokens == 0 || causeTokens == t.length()) {
                        throw new IllegalStateException("an encoded pair has an empty side: "
                                + String.join(" ", t.tokens()));
                    }
                    out.writeInt(t.length());
                    out.writeInt(causeTokens);
                    for (float[] v : t.vectors()) {
                        for (float x : v) {
                            out.writeShort(Float.floatToFloat16(x));
                        }
                    }
                }
                int done = from + chunk.size();
                if ((done / CHUNK) % 20 == 0 || done == examples.size()) {
                    double seconds = (System.nanoTime() - start) / 1e9;
                    LOG.info("encoded {}/{} training pairs ({} pairs/s)", done, examples.size(),
                            String.format("%.1f", done / seconds));
                }
            }
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static EmbeddingStore load(Path file, int count, int dimension) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        long[] offsets = new long[count];
        int[] lengths = new int[count];
        int[] causeLengths = new int[count];
        ByteBuffer header = ByteBuffer.allocate(8);
        long position = 0;
        for (int i = 0; i < count; i++) {
            header.clear();
            if (channel.read(header, position) != 8) {
                channel.close();
                throw new IOException("embedding cache " + file + " holds fewer than " + count + " entries");
            }
            header.flip();
            offsets[i] = position;
            lengths[i] = header.getInt();
            causeLengths[i] = header.getInt();
            position += 8 + (long) lengths[i] * dimension * 2;
        }
        return new EmbeddingStore(channel, offsets, lengths, causeLengths, dimension);
    }

    private static String key(List<TrainingExample> examples, String encoderKey) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(encoderKey.getBytes(StandardCharsets.UTF_8));
            for (TrainingExample e : examples) {
                digest.update((byte) 0);
                digest.update(e.cause().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 1);
                digest.update(e.effect().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
