package io.causalstream.research.extraction.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.extractor.backend.model.ChunkedSentence;
import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relation head trains with DJL (PyTorch, CPU) on synthetic sentences whose label is written in the vector of
 * the word between the two concepts: it must learn that, and two runs with one seed must give the same bytes.
 */
class RelationTrainerTest {

    private static final int D = 8;

    @BeforeAll
    static void oneThread() {
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("ai.djl.pytorch.num_threads", "1");
        System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
    }

    /** "aa bb cc": concepts aa and cc, the cue bb; label 1 (increase) or 2 (decrease) from the cue's vector. */
    private static List<RelationTrainer.Sentence> data(long seed, int n) {
        Random r = new Random(seed);
        List<RelationTrainer.Sentence> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int label = 1 + r.nextInt(2);
            float[][] v = new float[5][D];
            for (float[] row : v) {
                for (int i = 0; i < D; i++) {
                    row[i] = (float) r.nextGaussian() * 0.3f;
                }
            }
            v[2][0] = label == 1 ? 2f : -2f;
            String[] tokens = {"[CLS]", "aa", "bb", "cc", "[SEP]"};
            boolean[] special = {true, false, false, false, true};
            TokenEmbeddings e = new TokenEmbeddings(tokens, new int[5], special, v);
            ChunkedSentence s = new ChunkedSentence(0, 8, "aa bb cc", new int[] {0, 3, 6}, new int[] {2, 5, 8},
                    new String[] {"NN", "VBZ", "NN"}, new String[] {"B-NP", "B-VP", "B-NP"});
            SentenceFeatures f = new SentenceFeatures(s, List.of(new ConceptSpan(0, 0, 0, 2, "aa"),
                    new ConceptSpan(2, 2, 6, 8, "cc")), e);
            int[][] labels = {{PairLabels.IGNORE, label}, {RelationHead.NONE, PairLabels.IGNORE}};
            out.add(new RelationTrainer.Sentence(f, labels));
        }
        return out;
    }

    private static byte[] train(List<RelationTrainer.Sentence> data) throws Exception {
        RelationTrainer.Options options = new RelationTrainer.Options(30, 16, 16, 0.01f, 0.0001f, 4, 2, 11);
        RelationTrainer.Result result = RelationTrainer.train(data, "synthetic", options,
                head -> new RelationTrainer.Check(0, head, ""));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        result.head().write(out);
        return out.toByteArray();
    }

    @Test
    void learnsTheCueAndTwoRunsGiveIdenticalWeights() throws Exception {
        List<RelationTrainer.Sentence> data = data(1, 120);
        byte[] first = train(data);
        byte[] second = train(data);
        assertThat(second).isEqualTo(first);
        RelationHead head = RelationHead.read(new java.io.ByteArrayInputStream(first));
        int right = 0;
        List<RelationTrainer.Sentence> unseen = data(2, 40);
        for (RelationTrainer.Sentence s : unseen) {
            float[] p = head.score(s.features())[0][1];
            int predicted = p[RelationHead.INCREASE] > p[RelationHead.DECREASE] ? 1 : 2;
            right += predicted == s.labels()[0][1] ? 1 : 0;
        }
        assertThat(right).isGreaterThanOrEqualTo(36);
    }
}
