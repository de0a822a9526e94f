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
    void aSentenceKnownToHoldEveryKindReadsTheBestPathThatOpensEach() {
        // brute force over every allowed path of four words that opens a cause and an effect
        SplittableRandom random = new SplittableRandom(5);
        int forced = 0;
        for (int round = 0; round < 200; round++) {
            double[][] logp = new double[4][5];
            for (double[] row : logp) {
                for (int c = 0; c < 5; c++) {
                    row[c] = -random.nextDouble() * 6;
                }
                row[0] = -random.nextDouble() * 0.5; // O is likely, so the plain path often opens nothing
            }
            double best = NO;
            for (int code = 0; code < 625; code++) {
                int[] p = {code % 5, code / 5 % 5, code / 25 % 5, code / 125};
                boolean ok = true;
                for (int k = 0; k < 4; k++) {
                    ok &= SpanTagger.allowed(k == 0 ? -1 : p[k - 1], p[k]);
                }
                List<SpanTagger.Span> spans = SpanTagger.spans(p);
                boolean both = spans.stream().anyMatch(x -> x.kind() == 0) && spans.stream().anyMatch(x -> x.kind() == 1);
                if (ok && both) {
                    best = Math.max(best, logp[0][p[0]] + logp[1][p[1]] + logp[2][p[2]] + logp[3][p[3]]);
                }
            }
            int[] path = SpanTagger.viterbi(logp, 2);
            for (int k = 0; k < path.length; k++) {
                assertThat(SpanTagger.allowed(k == 0 ? -1 : path[k - 1], path[k])).isTrue();
            }
            assertThat(logp[0][path[0]] + logp[1][path[1]] + logp[2][path[2]] + logp[3][path[3]]).isCloseTo(best,
                    org.assertj.core.data.Offset.offset(1e-12));
            List<SpanTagger.Span> plain = SpanTagger.spans(SpanTagger.viterbi(logp));
            if (plain.stream().map(SpanTagger.Span::kind).distinct().count() < 2) {
                forced++;
            } else {
                assertThat(path).as("a plain path that opens both is kept").containsExactly(SpanTagger.viterbi(logp));
            }
        }
        assertThat(forced).as("rounds where the plain path lacked a kind").isGreaterThan(20);
    }

    @Test
    void aSentenceTooShortForEveryKindReadsAsPlainDecoding() {
        SpanTagger tagger = new SpanTagger(SpanTagger.ARGUMENT_KINDS, 1, new float[] {0, 0, 0, 0, 0},
                new float[] {5, 0, 0, 0, 0});
        assertThat(tagger.decodeEveryKind(new float[][] {{1}}, new int[] {0})).isEmpty();
        assertThat(tagger.decodeEveryKind(new float[][] {{1}, {1}}, new int[] {0, 1}))
                .extracting(SpanTagger.Span::kind).containsExactlyInAnyOrder(0, 1);
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
