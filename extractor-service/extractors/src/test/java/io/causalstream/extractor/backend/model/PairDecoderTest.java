package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.encoder.TokenEmbeddings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Decoding the head's pair probabilities. */
class PairDecoderTest {

    /** "Floods cut crop yields sharply." with three concepts; the decoder reads no vector. */
    private static SentenceFeatures sentence() {
        String text = "Floods cut crop yields sharply.";
        String[] tokens = {"[CLS]", "floods", "cut", "crop", "yield", "##s", "sharp", "##ly", ".", "[SEP]"};
        boolean[] special = new boolean[tokens.length];
        special[0] = true;
        special[tokens.length - 1] = true;
        float[][] vectors = new float[tokens.length][2];
        TokenEmbeddings e = new TokenEmbeddings(tokens, new int[tokens.length], special, vectors);
        ChunkedSentence s = new ChunkedSentence(0, text.length(), text, new int[] {0, 7, 11, 16, 23, 29},
                new int[] {6, 10, 15, 22, 29, 30}, new String[] {"NNS", "VBD", "NN", "NNS", "RB", "."},
                new String[] {"B-NP", "B-VP", "B-NP", "I-NP", "B-ADVP", "O"});
        return new SentenceFeatures(s, List.of(new ConceptSpan(0, 0, 0, 6, "Floods"),
                new ConceptSpan(2, 3, 11, 22, "crop yields"), new ConceptSpan(3, 3, 16, 22, "yields")), e);
    }

    @Test
    void theDecoderKeepsOneReadingOfAClaimAndItsDirection() {
        SentenceFeatures f = sentence();
        float[][][] p = new float[3][3][];
        p[0][1] = new float[] {0.1f, 0.2f, 0.7f}; // Floods -> crop yields, decrease
        p[0][2] = new float[] {0.3f, 0.1f, 0.6f}; // Floods -> yields: the same claim, other boundaries
        p[1][0] = new float[] {0.4f, 0.5f, 0.1f}; // the reverse
        p[2][0] = new float[] {0.9f, 0.05f, 0.05f};
        List<PairDecoder.Decoded> edges = PairDecoder.decode(f, p, 0.5f);
        assertThat(edges).hasSize(1);
        assertThat(edges.getFirst().cause()).isZero();
        assertThat(edges.getFirst().effect()).isEqualTo(1);
        assertThat(edges.getFirst().direction()).isEqualTo(io.causalstream.schemas.graph.Direction.DECREASE);
        assertThat(edges.getFirst().confidence()).isCloseTo(0.9f, within(1e-6f));
    }
}
