package io.causalstream.research.extraction.train;

import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link TokenEncoder} that remembers what it encoded in a file, so a second training run (another seed, other
 * options) does not encode the splits again: the encoder is frozen, its output for a text never changes. The file
 * is read at start and written by {@link #save}; it names the encoder, and a file of another encoder is ignored.
 * Not thread-safe (the trainer is single-threaded).
 */
final class CachedEncoder implements TokenEncoder {

    private static final String MAGIC = "causal-stream-token-cache/1";

    private final TokenEncoder encoder;
    private final Path file;
    private final Map<String, TokenEmbeddings> cache = new HashMap<>();
    private boolean changed;

    CachedEncoder(TokenEncoder encoder, Path file) {
        this.encoder = encoder;
        this.file = file;
        if (Files.isRegularFile(file)) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file),
                    1 << 16))) {
                if (in.readUTF().equals(MAGIC) && in.readUTF().equals(encoder.name())) {
                    int n = in.readInt();
                    for (int k = 0; k < n; k++) {
                        String text = in.readUTF();
                        int len = in.readInt();
                        int d = in.readInt();
                        String[] tokens = new String[len];
                        int[] types = new int[len];
                        boolean[] special = new boolean[len];
                        float[][] vectors = new float[len][d];
                        for (int t = 0; t < len; t++) {
                            tokens[t] = in.readUTF();
                            types[t] = in.readInt();
                            special[t] = in.readBoolean();
                            for (int i = 0; i < d; i++) {
                                vectors[t][i] = in.readFloat();
                            }
                        }
                        cache.put(text, new TokenEmbeddings(tokens, types, special, vectors));
                    }
                }
            } catch (IOException e) {
                cache.clear(); // a damaged cache is encoded again
            }
        }
    }

    int size() {
        return cache.size();
    }

    @Override
    public String name() {
        return encoder.name();
    }

    @Override
    public int dimension() {
        return encoder.dimension();
    }

    @Override
    public List<TokenEmbeddings> encode(List<String> texts) {
        List<String> missing = texts.stream().filter(t -> !cache.containsKey(t)).distinct().toList();
        if (!missing.isEmpty()) {
            List<TokenEmbeddings> encoded = encoder.encode(missing);
            for (int i = 0; i < missing.size(); i++) {
                cache.put(missing.get(i), encoded.get(i));
            }
            changed = true;
        }
        List<TokenEmbeddings> out = new ArrayList<>(texts.size());
        texts.forEach(t -> out.add(cache.get(t)));
        return out;
    }

    @Override
    public List<TokenEmbeddings> encodePairs(List<TextPair> pairs) {
        return encoder.encodePairs(pairs);
    }

    void save() {
        if (!changed) {
            return;
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path partial = Files.createTempFile(file.toAbsolutePath().getParent(), "tokens", ".part");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial),
                    1 << 16))) {
                out.writeUTF(MAGIC);
                out.writeUTF(encoder.name());
                out.writeInt(cache.size());
                for (Map.Entry<String, TokenEmbeddings> e : cache.entrySet()) {
                    TokenEmbeddings t = e.getValue();
                    out.writeUTF(e.getKey());
                    out.writeInt(t.length());
                    out.writeInt(t.dimension());
                    for (int k = 0; k < t.length(); k++) {
                        out.writeUTF(t.tokens()[k]);
                        out.writeInt(t.typeIds()[k]);
                        out.writeBoolean(t.special()[k]);
                        for (float v : t.vectors()[k]) {
                            out.writeFloat(v);
                        }
                    }
                }
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            changed = false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the encoder cache " + file, e);
        }
    }

    @Override
    public void close() {
        encoder.close();
    }
}
