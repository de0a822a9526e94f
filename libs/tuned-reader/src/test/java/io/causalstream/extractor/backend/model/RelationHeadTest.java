package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.encoder.TokenEmbeddings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The plain-Java head: its fast pair scoring is the perceptron it was trained as; its file round-trips. */
class RelationHeadTest {

    private static final int D = 6;

    static RelationHead randomHead(long seed, int hidden) {
        Random r = new Random(seed);
        int in = SentenceFeatures.dimension(D);
        return new RelationHead("test", D, hidden, 0.5f, new RelationHead.Weights(floats(r, hidden * in),
                floats(r, hidden), floats(r, RelationHead.CLASSES * hidden), floats(r, RelationHead.CLASSES)));
    }

    private static float[] floats(Random r, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextGaussian() * 0.5f;
        }
        return a;
    }

    /** "Floods cut crop yields ." as word pieces with random vectors, and three concepts. */
    static SentenceFeatures sentence(long seed) {
        String text = "Floods cut crop yields sharply.";
        String[] tokens = {"[CLS]", "floods", "cut", "crop", "yield", "##s", "sharp", "##ly", ".", "[SEP]"};
        boolean[] special = new boolean[tokens.length];
        special[0] = true;
        special[tokens.length - 1] = true;
        Random r = new Random(seed);
        float[][] vectors = new float[tokens.length][];
        for (int t = 0; t < tokens.length; t++) {
            vectors[t] = floats(r, D);
        }
        TokenEmbeddings e = new TokenEmbeddings(tokens, new int[tokens.length], special, vectors);
        ChunkedSentence s = new ChunkedSentence(0, text.length(), text, new int[] {0, 7, 11, 16, 23, 29},
                new int[] {6, 10, 15, 22, 29, 30}, new String[] {"NNS", "VBD", "NN", "NNS", "RB", "."},
                new String[] {"B-NP", "B-VP", "B-NP", "I-NP", "B-ADVP", "O"});
        return new SentenceFeatures(s, List.of(new ConceptSpan(0, 0, 0, 6, "Floods"),
                new ConceptSpan(2, 3, 11, 22, "crop yields"), new ConceptSpan(3, 3, 16, 22, "yields")), e);
    }

    @Test
    void wordPiecesAreAlignedToTheCharactersTheyStartAt() {
        SentenceFeatures f = sentence(1);
        assertThat(f.pieceStarts()).containsExactly(-1, 0, 7, 11, 16, 21, 23, 28, 30, -1);
    }

    @Test
    void pairScoresEqualThePerceptronOnTheWrittenFeatures() {
        RelationHead head = randomHead(3, 8);
        SentenceFeatures f = sentence(4);
        float[][][] p = head.score(f);
        int in = SentenceFeatures.dimension(D);
        int scored = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (!f.pairable(i, j)) {
                    assertThat(p[i][j]).isNull();
                    continue;
                }
                float[] x = new float[in];
                f.write(i, j, x, 0);
                float[] reference = head.probabilities(x);
                for (int c = 0; c < RelationHead.CLASSES; c++) {
                    assertThat(p[i][j][c]).isCloseTo(reference[c], within(1e-5f));
                }
                scored++;
            }
        }
        assertThat(scored).isEqualTo(4); // "crop yields" and "yields" overlap: no pair between them
    }

    @Test
    void theFileRoundTrips() throws Exception {
        RelationHead head = randomHead(5, 4).withThreshold(0.35f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        head.write(out);
        RelationHead back = RelationHead.read(new ByteArrayInputStream(out.toByteArray()));
        assertThat(back.threshold()).isEqualTo(0.35f);
        assertThat(back.encoder()).isEqualTo("test");
        SentenceFeatures f = sentence(6);
        assertThat(back.score(f)[0][1]).containsExactly(head.score(f)[0][1]);
    }
}
