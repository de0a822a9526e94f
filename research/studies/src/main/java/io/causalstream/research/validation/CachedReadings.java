package io.causalstream.research.validation;

import io.causalstream.encoder.TextPair;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.validation.PairReader;
import io.causalstream.validation.StrengthModel;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The verification reader and the strength model with what they computed kept: {@code validation-eval --choose}
 * runs every setting of its grid over the same sentences, and only the first run needs the encoder and the heads.
 */
final class CachedReadings {

    /** Which pair of which sentence a reading is of. */
    private record Pair(String sentence, int causeStart, int causeEnd, int effectStart, int effectEnd) {
    }

    /** The reader with its encoder's outputs kept by text, its readings by pair and its claims by sentence. */
    static PairReader of(PairReader reader) {
        Map<String, TokenEmbeddings> kept = new ConcurrentHashMap<>();
        Map<Pair, Optional<TunedReader.PairReading>> readings = new ConcurrentHashMap<>();
        // the kept encoder hands out one TokenEmbeddings per text, so identity names the sentence
        Map<TokenEmbeddings, Double> claims = Collections.synchronizedMap(new IdentityHashMap<>());
        TokenEncoder inner = reader.encoder();
        TokenEncoder encoder = new TokenEncoder() {
            @Override
            public String name() {
                return inner.name();
            }

            @Override
            public int dimension() {
                return inner.dimension();
            }

            @Override
            public List<TokenEmbeddings> encode(List<String> texts) {
                List<String> missing = texts.stream().filter(t -> !kept.containsKey(t)).distinct().toList();
                if (!missing.isEmpty()) {
                    List<TokenEmbeddings> encoded = inner.encode(missing);
                    for (int i = 0; i < missing.size(); i++) {
                        kept.put(missing.get(i), encoded.get(i));
                    }
                }
                return texts.stream().map(kept::get).toList();
            }

            @Override
            public List<TokenEmbeddings> encodePairs(List<TextPair> pairs) {
                return inner.encodePairs(pairs);
            }

            @Override
            public void close() {
            }
        };
        return new PairReader() {
            @Override
            public TokenEncoder encoder() {
                return encoder;
            }

            @Override
            public String name() {
                return reader.name();
            }

            @Override
            public TunedReader.PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart,
                                                int causeEnd, int effectStart, int effectEnd) {
                return readings.computeIfAbsent(new Pair(sentence, causeStart, causeEnd, effectStart, effectEnd),
                        k -> Optional.ofNullable(reader.read(sentence, embeddings, causeStart, causeEnd, effectStart,
                                effectEnd))).orElse(null);
            }

            @Override
            public double claim(TokenEmbeddings sentence) {
                return claims.computeIfAbsent(sentence, reader::claim);
            }

            @Override
            public double claimThreshold() {
                return reader.claimThreshold();
            }

            @Override
            public double edgeThreshold() {
                return reader.edgeThreshold();
            }
        };
    }

    /** The model with its strengths kept by pair. */
    static StrengthModel of(StrengthModel model) {
        Map<TextPair, Double> kept = new ConcurrentHashMap<>();
        return pairs -> {
            List<TextPair> missing = pairs.stream().filter(p -> !kept.containsKey(p)).distinct().toList();
            if (!missing.isEmpty()) {
                double[] v = model.strengths(missing);
                for (int i = 0; i < v.length; i++) {
                    kept.put(missing.get(i), v[i]);
                }
            }
            return pairs.stream().mapToDouble(kept::get).toArray();
        };
    }

    private CachedReadings() {
    }
}
