package io.causalstream.measures.neural;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEncoder;
import java.util.List;

/**
 * Both neural node similarities over one shared encoder, opened from {@link EncoderSettings}. The owner closes it (which closes the encoder) when the measures are no longer used.
 *
 * <p>Names: {@code minilm-cosine} and {@code minilm-bertscore} for the bundled all-MiniLM-L6-v2, else
 * {@code <encoder.name>-cosine} / {@code <encoder.name>-bertscore}. BLEURT, the soft-measures paper's learned
 * metric, has no obtainable checkpoint; an ONNX export of any encoder can be set with {@code encoder.model.path}.
 */
public final class NeuralMeasures implements AutoCloseable {

    static final int DEFAULT_CACHE = 20_000;

    private final TokenEncoder encoder;
    private final MeanPooledCosine cosine;
    private final GreedyTokenMatch bertScore;

    public NeuralMeasures(TokenEncoder encoder) {
        this.encoder = encoder;
        this.cosine = new MeanPooledCosine(encoder);
        this.bertScore = new GreedyTokenMatch(encoder);
    }

    public static NeuralMeasures open(EncoderSettings settings) {
        return new NeuralMeasures(DjlTokenEncoder.open(settings));
    }

    public MeanPooledCosine cosine() {
        return cosine;
    }

    public GreedyTokenMatch bertScore() {
        return bertScore;
    }

    public List<io.causalstream.measures.NodeSimilarity> all() {
        return List.of(cosine, bertScore);
    }

    public TokenEncoder encoder() {
        return encoder;
    }

    static String measureName(TokenEncoder encoder, String kind) {
        String prefix = encoder.name().equals("all-minilm-l6-v2") ? "minilm" : encoder.name();
        return prefix + "-" + kind;
    }

    @Override
    public void close() {
        encoder.close();
    }
}
