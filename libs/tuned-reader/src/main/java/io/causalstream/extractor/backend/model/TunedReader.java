package io.causalstream.extractor.backend.model;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.encoder.tune.TunedEncoders;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tuned extractor model as a reader of given mentions: what the sentence states about one ordered pair of
 * character spans (P(none / increase / decrease), the relation head) and whether it asserts causation at all (the
 * claim detector), from the sentence's word-piece vectors under the tuned encoder. The extractor reads candidate
 * pairs it found itself; this reads pairs someone else named (the scorer's verification stage), with the same
 * model file, encoder and feature layout ({@link SentenceFeatures}). Thread-safe when the encoder is.
 */
public final class TunedReader implements AutoCloseable {

    /** The model shipped in this library; the extractor's {@code ModelExtractor.TUNED_RESOURCE} names the same. */
    public static final String SHIPPED_NAME = "extractor-v4";
    public static final String SHIPPED_RESOURCE = "/io/causalstream/extractor/backend/model/" + SHIPPED_NAME
            + ".bin";

    /**
     * Words with inner hyphens or apostrophes, a possessive "'s" on its own, and each other non-space character:
     * about the token count OpenNLP's tokenizer gives, which the head's gap and length scalars were trained on.
     */
    private static final Pattern TOKEN = Pattern.compile("['’][sS]\\b|[\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*"
            + "(?=['’][sS]\\b)|[\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*|[^\\s\\p{L}\\p{N}]");

    private final TokenEncoder encoder;
    private final RelationHead head;
    private final ClaimHead claims;
    private final String name;
    private final boolean ownsEncoder;

    /** The model's heads over {@code encoder}, which must be the model's tuned encoder; the caller closes it. */
    public TunedReader(TokenEncoder encoder, TunedExtractorModel model) {
        this(encoder, model, false);
    }

    private TunedReader(TokenEncoder encoder, TunedExtractorModel model, boolean ownsEncoder) {
        if (encoder.dimension() != model.head().dimension()) {
            throw new IllegalArgumentException("the relation head has d=" + model.head().dimension()
                    + ", the encoder " + encoder.name() + " d=" + encoder.dimension());
        }
        this.encoder = encoder;
        this.head = model.head();
        this.claims = model.claims();
        this.name = model.name();
        this.ownsEncoder = ownsEncoder;
    }

    /**
     * The model over its tuned encoder, loaded the way the extractor loads it: the delta merged into the bundled
     * base (written once into the encoder cache; with {@code int8} its MatMul weights quantized), run by ONNX
     * Runtime with {@code encoder}'s limits and threads. Closing the reader closes the encoder.
     */
    public static TunedReader open(TunedExtractorModel model, EncoderSettings encoder, boolean int8) {
        return new TunedReader(DjlTokenEncoder.open(tunedEncoder(model, encoder, int8)), model, true);
    }

    /** The encoder settings of a model's tuned encoder (materialised on first use). */
    public static EncoderSettings tunedEncoder(TunedExtractorModel model, EncoderSettings encoder, boolean int8) {
        EncoderSettings base = new EncoderSettings(null, null, model.baseEncoder(), encoder.maxTokens(),
                encoder.batchSize(), encoder.threads(), encoder.cacheDir()).withPasses(encoder.passes());
        return TunedEncoders.materialise(base, model.delta(), model.deltaId(), int8);
    }

    /** The model shipped on the class path ({@link #SHIPPED_RESOURCE}). */
    public static TunedExtractorModel shipped() {
        try (InputStream in = TunedReader.class.getResourceAsStream(SHIPPED_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("extractor model " + SHIPPED_RESOURCE + " is not on the class path");
            }
            return TunedExtractorModel.read(new BufferedInputStream(in, 1 << 16));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SHIPPED_RESOURCE, e);
        }
    }

    /** A model file {@code extractor-tune} wrote. */
    public static TunedExtractorModel read(Path file) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return TunedExtractorModel.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read extractor model " + file, e);
        }
    }

    public TokenEncoder encoder() {
        return encoder;
    }

    /** The model's name, e.g. {@code extractor-v3}. */
    public String name() {
        return name;
    }

    /** The claim detector's threshold, chosen with the model. */
    public float claimThreshold() {
        return claims.threshold();
    }

    /** The P(increase) + P(decrease) the extractor needs to read an edge, chosen with the model. */
    public float edgeThreshold() {
        return head.threshold();
    }

    /** P(the sentence asserts causation), from its vectors under {@link #encoder()}. */
    public float claim(TokenEmbeddings sentence) {
        return claims.probability(sentence.meanPooled());
    }

    /**
     * P(none, increase, decrease) for both orders of two spans of one sentence ({@code [start, end)} characters of
     * {@code sentence}, which {@code embeddings} encodes alone): {@code forward} reads the first span as the cause,
     * {@code reverse} the second. Null when the spans overlap or cover no word.
     */
    public PairReading read(String sentence, TokenEmbeddings embeddings, int causeStart, int causeEnd,
                            int effectStart, int effectEnd) {
        if (causeStart < effectEnd && effectStart < causeEnd) {
            return null;
        }
        List<int[]> tokens = tokens(sentence);
        ConceptSpan cause = span(sentence, tokens, causeStart, causeEnd);
        ConceptSpan effect = span(sentence, tokens, effectStart, effectEnd);
        if (cause == null || effect == null) {
            return null;
        }
        int n = tokens.size();
        int[] starts = new int[n];
        int[] ends = new int[n];
        String[] tags = new String[n];
        for (int i = 0; i < n; i++) {
            starts[i] = tokens.get(i)[0];
            ends[i] = tokens.get(i)[1];
            tags[i] = "O";
        }
        // the features read the text, the token offsets and the pieces; part-of-speech and chunk tags are not read
        ChunkedSentence s = new ChunkedSentence(0, sentence.length(), sentence, starts, ends, tags, tags);
        SentenceFeatures f = new SentenceFeatures(s, List.of(cause, effect), embeddings);
        // one pair: the perceptron on its two feature vectors costs less than projecting every word piece
        // (RelationHead.score's way, which pays off over the many pairs of a sentence)
        float[] x = new float[SentenceFeatures.dimension(f.encoderDimension())];
        f.write(0, 1, x, 0);
        Probabilities forward = Probabilities.of(head.probabilities(x));
        f.write(1, 0, x, 0);
        return new PairReading(forward, Probabilities.of(head.probabilities(x)));
    }

    /** The tokens covering {@code [start, end)} as a concept span, or null when none lies inside. */
    private static ConceptSpan span(String sentence, List<int[]> tokens, int start, int end) {
        int from = -1;
        int to = -1;
        for (int i = 0; i < tokens.size(); i++) {
            int[] t = tokens.get(i);
            if (t[0] >= start && t[1] <= end) {
                from = from < 0 ? i : from;
                to = i;
            }
        }
        if (from < 0) {
            return null;
        }
        int s = tokens.get(from)[0];
        int e = tokens.get(to)[1];
        return new ConceptSpan(from, to, s, e, sentence.substring(s, e));
    }

    static List<int[]> tokens(String sentence) {
        List<int[]> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(sentence);
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }

    /** One order's class probabilities. */
    public record Probabilities(float none, float increase, float decrease) {

        static Probabilities of(float[] p) {
            return new Probabilities(p[RelationHead.NONE], p[RelationHead.INCREASE], p[RelationHead.DECREASE]);
        }

        /** P(an edge of either sign). */
        public float edge() {
            return increase + decrease;
        }
    }

    /** Both orders of one pair of spans. */
    public record PairReading(Probabilities forward, Probabilities reverse) {
    }

    @Override
    public void close() {
        if (ownsEncoder) {
            encoder.close();
        }
    }
}
