package io.causalstream.cesar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Equation (3)/(6) on 2-dimensional embeddings small enough to compute by hand. */
class CesarStrengthTest {

    private static final float[][] IDENTITY = {{1, 0}, {0, 1}};
    private static final float[][] ZERO = {{0, 0}, {0, 0}};

    // C = {c1 = (1,0), c2 = (0,1)}, E = {e1 = (1,0), e2 = (1,1)}
    private static final float[][] C = {{1, 0}, {0, 1}};
    private static final float[][] E = {{1, 0}, {1, 1}};

    @Test
    void softmaxOverTheWholeMatrixWeightsTheAbsoluteCosines() {
        // Wq = Wk = I: logits c.e = [[1, 1], [0, 1]]; softmax over all four entries: e/(3e+1) for the 1s,
        // 1/(3e+1) for the 0. |cos| = [[1, 1/sqrt2], [0, 1/sqrt2]].
        // CS = (e*1 + e/sqrt2 + 0 + e/sqrt2) / (3e+1) = e(1 + sqrt2) / (3e + 1) = 0.716835
        CesarStrength.Breakdown b = CesarStrength.breakdown(CesarHead.withoutProjection("t", IDENTITY, IDENTITY), C, E);

        double e = Math.E;
        assertThat(b.attention()[0][0]).isCloseTo(e / (3 * e + 1), within(1e-12));
        assertThat(b.attention()[1][0]).isCloseTo(1 / (3 * e + 1), within(1e-12));
        assertThat(b.association()[0][1]).isCloseTo(1 / Math.sqrt(2), within(1e-12));
        assertThat(b.association()[1][0]).isEqualTo(0.0);
        double attentionSum = 0;
        for (double[] row : b.attention()) {
            for (double a : row) {
                attentionSum += a;
            }
        }
        assertThat(attentionSum).isCloseTo(1.0, within(1e-12));
        assertThat(b.strength()[1][1]).isCloseTo(e / (3 * e + 1) / Math.sqrt(2), within(1e-12));
        assertThat(b.score()).isCloseTo(0.7168349, within(1e-6));
    }

    @Test
    void zeroWeightsGiveUniformAttentionThatIsTheMeanAbsoluteCosine() {
        // (1 + 1/sqrt2 + 0 + 1/sqrt2) / 4 = 0.603553
        double score = CesarStrength.score(CesarHead.withoutProjection("t", ZERO, ZERO), C, E);

        assertThat(score).isCloseTo(0.6035534, within(1e-6));
    }

    @Test
    void oppositeVectorsCountAsFullyAssociated() {
        double score = CesarStrength.score(CesarHead.withoutProjection("t", IDENTITY, IDENTITY),
                new float[][] {{1, 0}}, new float[][] {{-1, 0}});

        assertThat(score).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void theProjectionIsResidual() {
        // x + x(-I) + (1,1) = (1,1) for every token: all embeddings parallel, |cos| = 1 everywhere, CS = 1
        CesarHead collapse = new CesarHead("t", new float[][] {{-1, 0}, {0, -1}}, new float[] {1, 1}, IDENTITY,
                IDENTITY, "");
        CesarHead zeroProjection = new CesarHead("t", ZERO, new float[] {0, 0}, IDENTITY, IDENTITY, "");

        assertThat(CesarStrength.score(collapse, C, E)).isCloseTo(1.0, within(1e-12));
        assertThat(CesarStrength.score(zeroProjection, C, E)).isCloseTo(0.7168349, within(1e-6));
    }

    @Test
    void anUntrainedContextLayerIsTheIdentity() {
        // Wo = 0 and W2 = 0 (and zero biases): the layer adds nothing whatever the other weights are
        float[][] zero = {{0, 0}, {0, 0}};
        float[][] some = {{0.3f, -1}, {2, 0.5f}};
        ContextLayer identity = new ContextLayer(2, new float[] {1, 1}, new float[] {0, 0}, some, some, some, zero,
                new float[] {0, 0}, new float[] {1, 1}, new float[] {0, 0}, new float[][] {{1, 2, 3}, {4, 5, 6}},
                new float[] {0, 0, 0}, new float[][] {{0, 0}, {0, 0}, {0, 0}}, new float[] {0, 0});
        CesarHead head = new CesarHead("t", identity, null, null, IDENTITY, IDENTITY, "");

        assertThat(CesarStrength.score(head, C, E)).isCloseTo(0.7168349, within(1e-6));
    }

    @Test
    void contextLayerArithmetic() {
        // one head, d = 2; LN1 of (1,0) and (0,1) is (1,-1) and (-1,1) (gain 1, bias 0, eps 1e-5 -> 0.999995);
        // Wq = Wk = 0: uniform attention, context = mean of V rows = ((1,-1)+(-1,1))/2 * s = 0; with Wv = I and
        // Wo = I the attention path adds 0; the feed-forward path adds b2 = (0.5, 0.5) to every row:
        // y = x + (0.5, 0.5)
        float[][] zero = {{0, 0}, {0, 0}};
        ContextLayer layer = new ContextLayer(1, new float[] {1, 1}, new float[] {0, 0}, zero, zero, IDENTITY,
                IDENTITY, new float[] {0, 0}, new float[] {1, 1}, new float[] {0, 0}, new float[][] {{0}, {0}},
                new float[] {0}, new float[][] {{0, 0}}, new float[] {0.5f, 0.5f});

        double[][] y = layer.apply(new double[][] {{1, 0}, {0, 1}});

        assertThat(y[0]).containsExactly(new double[] {1.5, 0.5}, within(1e-9));
        assertThat(y[1]).containsExactly(new double[] {0.5, 1.5}, within(1e-9));
        assertThat(ContextLayer.gelu(1.0)).isCloseTo(0.841192, within(1e-6));
    }

    @Test
    void largeLogitsDoNotOverflow() {
        float[][] big = {{1000, 0}, {0, 1000}};
        double score = CesarStrength.score(CesarHead.withoutProjection("t", big, big), C, E);

        // attention concentrates on the largest logits (c1.e1, c1.e2, c2.e2 all 1e6): (1 + 2/sqrt2) / 3
        assertThat(score).isCloseTo((1 + 2 / Math.sqrt(2)) / 3, within(1e-9));
    }

    @Test
    void refusesEmbeddingsOfAnotherSize() {
        CesarHead head = CesarHead.withoutProjection("t", IDENTITY, IDENTITY);

        assertThatThrownBy(() -> CesarStrength.score(head, new float[][] {{1, 2, 3}}, E))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size 3");
        assertThatThrownBy(() -> CesarStrength.score(head, new float[0][], E))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
