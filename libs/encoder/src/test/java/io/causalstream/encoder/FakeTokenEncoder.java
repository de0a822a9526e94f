package io.causalstream.encoder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * TEST-ONLY fake encoder: fixed vectors per word from an in-memory table, no model. Splits on white space,
 * lower-cases, and lays out {@code [CLS] first [SEP] second [SEP]} with token types like a BERT tokenizer, so the
 * CESAR and BERTScore arithmetic can be checked against values computed by hand. Unknown words fail loudly.
 */
public final class FakeTokenEncoder implements TokenEncoder {

    private final Map<String, float[]> vectors;
    private final int dimension;
    private int calls;

    public FakeTokenEncoder(Map<String, float[]> vectors) {
        this.vectors = Map.copyOf(vectors);
        this.dimension = vectors.values().iterator().next().length;
    }

    /** Encode calls made (each call is one batch). */
    public int calls() {
        return calls;
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public synchronized List<TokenEmbeddings> encode(List<String> texts) {
        calls++;
        List<TokenEmbeddings> out = new ArrayList<>();
        for (String t : texts) {
            Builder b = new Builder();
            b.add("[CLS]", 0);
            b.words(t, 0);
            b.add("[SEP]", 0);
            out.add(b.build());
        }
        return out;
    }

    @Override
    public synchronized List<TokenEmbeddings> encodePairs(List<TextPair> pairs) {
        calls++;
        List<TokenEmbeddings> out = new ArrayList<>();
        for (TextPair p : pairs) {
            Builder b = new Builder();
            b.add("[CLS]", 0);
            b.words(p.first(), 0);
            b.add("[SEP]", 0);
            b.words(p.second(), 1);
            b.add("[SEP]", 1);
            out.add(b.build());
        }
        return out;
    }

    @Override
    public void close() {
    }

    private final class Builder {
        private final List<String> tokens = new ArrayList<>();
        private final List<Integer> types = new ArrayList<>();
        private final List<float[]> rows = new ArrayList<>();

        void words(String text, int type) {
            for (String w : text.strip().split("\\s+")) {
                if (!w.isEmpty()) {
                    add(w.equals("[SEP]") ? w : w.toLowerCase(Locale.ROOT), type);
                }
            }
        }

        void add(String token, int type) {
            float[] v = vectors.get(token);
            if (v == null) {
                throw new IllegalArgumentException("fake encoder has no vector for '" + token + "'");
            }
            tokens.add(token);
            types.add(type);
            rows.add(v.clone());
        }

        TokenEmbeddings build() {
            int n = tokens.size();
            int[] t = new int[n];
            boolean[] special = new boolean[n];
            for (int i = 0; i < n; i++) {
                t[i] = types.get(i);
                special[i] = tokens.get(i).startsWith("[");
            }
            return new TokenEmbeddings(tokens.toArray(String[]::new), t, special, rows.toArray(float[][]::new));
        }
    }
}
