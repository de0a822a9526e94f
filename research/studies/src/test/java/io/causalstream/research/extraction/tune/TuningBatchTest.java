package io.causalstream.research.extraction.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.extractor.backend.model.ChunkedSentence;
import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The training step pools the encoder's token states into exactly the features the extractor computes at inference:
 * for random token vectors, {@code pool . states} equals {@link SentenceFeatures#write} row for row, whatever the
 * batch's padding, and the claim rows equal the sentence mean.
 */
class TuningBatchTest {

    private static final int D = 6;

    @Test
    void poolingRowsAreTheExtractorsFeatures() {
        // "heavy rain floods low roads" : pieces [CLS] heavy rain flood ##s low roads [SEP]
        String text = "heavy rain floods low roads";
        String[] tokens = {"[CLS]", "heavy", "rain", "flood", "##s", "low", "roads", "[SEP]"};
        boolean[] special = {true, false, false, false, false, false, false, true};
        int[] starts = SentenceFeatures.characterStarts(text, tokens, special);
        assertThat(starts).containsExactly(-1, 0, 6, 11, 16, 18, 22, -1);
        List<ConceptSpan> spans = List.of(new ConceptSpan(0, 1, 0, 10, "heavy rain"),
                new ConceptSpan(3, 4, 18, 27, "low roads"));
        int[][] labels = {{-1, 1}, {0, -1}};
        TuningSentence sentence = new TuningSentence(text, new long[] {101, 1, 2, 3, 4, 5, 6, 102}, starts, spans,
                labels, 1);
        // a shorter second sentence in the batch: the first is padded to nothing, the second to 8 pieces
        TuningSentence other = new TuningSentence("rain", new long[] {101, 2, 102}, new int[] {-1, 0, -1}, List.of(),
                null, 0);
        TuningBatch batch = TuningBatch.of(List.of(other, sentence), 10, new Random(1));
        assertThat(batch.width()).isEqualTo(8);
        assertThat(batch.examples()).isEqualTo(2);
        assertThat(batch.claimExamples()).isEqualTo(2);

        Random r = new Random(3);
        float[][] states = new float[2 * 8][D];
        for (float[] row : states) {
            for (int k = 0; k < D; k++) {
                row[k] = (float) r.nextGaussian();
            }
        }
        float[][] own = new float[8][];
        System.arraycopy(states, 8, own, 0, 8);
        ChunkedSentence chunked = new ChunkedSentence(0, text.length(), text, new int[] {0, 6, 11, 18, 22},
                new int[] {5, 10, 17, 21, 27}, new String[] {"JJ", "NN", "VBZ", "JJ", "NNS"},
                new String[] {"B-NP", "I-NP", "B-VP", "B-NP", "I-NP"});
        SentenceFeatures features = new SentenceFeatures(chunked, spans, new TokenEmbeddings(tokens, new int[8],
                special, own));
        int columns = batch.sentences() * batch.width();
        for (int x = 0; x < batch.examples(); x++) {
            int label = (int) batch.pairLabels()[x];
            int cause = label == 1 ? 0 : 1;
            float[] expected = new float[SentenceFeatures.dimension(D)];
            features.write(cause, 1 - cause, expected, 0);
            for (int part = 0; part < 4; part++) {
                float[] row = new float[D];
                for (int c = 0; c < columns; c++) {
                    float w = batch.pairPool()[((part * batch.examples()) + x) * columns + c];
                    for (int k = 0; k < D; k++) {
                        row[k] += w * states[c][k];
                    }
                }
                for (int k = 0; k < D; k++) {
                    assertThat(row[k]).as("example %d part %d dim %d", x, part, k)
                            .isCloseTo(expected[part * D + k], within(1e-5f));
                }
            }
            for (int s = 0; s < SentenceFeatures.SCALARS; s++) {
                assertThat(batch.scalars()[x * SentenceFeatures.SCALARS + s]).isEqualTo(expected[4 * D + s]);
            }
        }
        float[] mean = features.sentenceVector();
        float[] claimRow = new float[D];
        for (int c = 0; c < columns; c++) {
            float w = batch.claimPool()[columns + c];
            for (int k = 0; k < D; k++) {
                claimRow[k] += w * states[c][k];
            }
        }
        for (int k = 0; k < D; k++) {
            assertThat(claimRow[k]).isCloseTo(mean[k], within(1e-5f));
        }
        assertThat(batch.claimLabels()).containsExactly(0f, 1f);
    }
}
