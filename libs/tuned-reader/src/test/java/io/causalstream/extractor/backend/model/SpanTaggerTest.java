package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The BIO tagger: its decoding never opens a span with I, its spans follow the tags, and its file round-trips. */
class SpanTaggerTest {

    private static final double NO = Double.NEGATIVE_INFINITY;

    @Test
    void anInsideTagThatFollowsNothingOfItsKindIsNeverDecoded() {
        // O, B-cause, I-cause, B-effect, I-effect: alone, every word would take I-effect, which cannot open a span
        double[][] logp = {
                {-3, -2, -4, -5, -0.1},
                {-3, -4, -5, -2, -0.1},
                {-0.5, -4, -5, -4, -0.1},
        };
        int[] path = SpanTagger.viterbi(logp);
        for (int k = 0; k < path.length; k++) {
            assertThat(SpanTagger.allowed(k == 0 ? -1 : path[k - 1], path[k])).as("word %d", k).isTrue();
        }
        // B-cause (-2), B-effect (-2), I-effect (-0.1) beats opening the effect at once (-5, -0.1, -0.1)
        assertThat(path).containsExactly(SpanTagger.tag(0, true), SpanTagger.tag(1, true), SpanTagger.tag(1, false));
    }

    @Test
    void theBestAllowedPathIsFound() {
        // brute force over every allowed path of three words and five tags
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 50; round++) {
            double[][] logp = new double[3][5];
            for (double[] row : logp) {
                for (int c = 0; c < 5; c++) {
                    row[c] = -random.nextDouble() * 5;
                }
            }
            double best = NO;
            for (int a = 0; a < 5; a++) {
                for (int b = 0; b < 5; b++) {
                    for (int c = 0; c < 5; c++) {
                        if (SpanTagger.allowed(-1, a) && SpanTagger.allowed(a, b) && SpanTagger.allowed(b, c)) {
                            best = Math.max(best, logp[0][a] + logp[1][b] + logp[2][c]);
                        }
                    }
                }
            }
            int[] path = SpanTagger.viterbi(logp);
            assertThat(logp[0][path[0]] + logp[1][path[1]] + logp[2][path[2]]).isCloseTo(best,
                    org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    @Test
    void spansFollowTheTags() {
        int bc = SpanTagger.tag(0, true);
        int ic = SpanTagger.tag(0, false);
        int be = SpanTagger.tag(1, true);
        int ie = SpanTagger.tag(1, false);
        assertThat(SpanTagger.spans(new int[] {0, bc, ic, ic, 0, be, ie, be}))
                .containsExactly(new SpanTagger.Span(0, 1, 3), new SpanTagger.Span(1, 5, 6),
                        new SpanTagger.Span(1, 7, 7));
        assertThat(SpanTagger.spans(new int[] {0, 0})).isEmpty();
    }

    @Test
    void aWordTakesItsFirstPiece() {
        // "rain floods" with pieces [CLS] rain flood ##s [SEP]
        int[] starts = {-1, 0, 5, 10, -1};
        assertThat(SpanTagger.firstPieces(starts, new int[][] {{0, 4}, {5, 11}, {12, 15}}))
                .containsExactly(1, 2, -1);
    }

    @Test
    void decodingReadsTheScoresOfTheLinearLayer() {
        // d = 2: piece vector (1, 0) scores B-concept, (0, 1) scores I-concept, (0, 0) leaves O
        float[] w = {0, 0, 5, 0, 0, 5};
        SpanTagger tagger = new SpanTagger(SpanTagger.CONCEPT_KINDS, 2, w, new float[] {1, 0, 0});
        float[][] pieces = {{0, 0}, {1, 0}, {0, 1}, {0, 0}, {0, 1}};
        // words at pieces 1, 2, 3, 4: B I O I -> the last I follows O, so it cannot stand: O or B instead
        List<SpanTagger.Span> spans = tagger.decode(pieces, new int[] {1, 2, 3, 4});
        assertThat(spans.getFirst()).isEqualTo(new SpanTagger.Span(0, 0, 1));
        assertThat(spans).allSatisfy(s -> assertThat(s.from()).isNotEqualTo(3));
    }

    @Test
    void theFileRoundTrips() throws IOException {
        SpanTagger tagger = new SpanTagger(SpanTagger.ARGUMENT_KINDS, 3, new float[15], new float[] {1, 2, 3, 4, 5});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        tagger.write(bytes);
        SpanTagger read = SpanTagger.read(new ByteArrayInputStream(bytes.toByteArray()));
        assertThat(read.kinds()).isEqualTo(SpanTagger.ARGUMENT_KINDS);
        assertThat(read.tags()).isEqualTo(5);
        assertThat(read.logProbabilities(new float[3])).containsExactly(
                tagger.logProbabilities(new float[3]));
    }

    @Test
    void weightsOfTheWrongShapeAreRefused() {
        assertThatThrownBy(() -> new SpanTagger(SpanTagger.ARGUMENT_KINDS, 3, new float[14], new float[5]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("w [5][3]");
    }
}
