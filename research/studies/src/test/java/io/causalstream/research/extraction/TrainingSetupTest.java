package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.measures.EdgeSetScorer;
import org.junit.jupiter.api.Test;

class TrainingSetupTest {

    @Test
    void theChoiceMeasuresAreThePapersAtItsThresholds() {
        assertThat(TrainingSetup.rouge().threshold()).isEqualTo(0.45);
        assertThat(TrainingSetup.meteor().threshold()).isEqualTo(0.01);
        assertThat(TrainingSetup.bleu().threshold()).isEqualTo(0.352);
        assertThat(java.util.List.of(TrainingSetup.rouge(), TrainingSetup.meteor(), TrainingSetup.bleu()))
                .extracting(EdgeSetScorer::name).doesNotHaveDuplicates();
    }

    @Test
    void djlRunsOfflineOnTheThreadsGiven() {
        java.util.Properties before = (java.util.Properties) System.getProperties().clone();
        try {
            TrainingSetup.djl(3);

            assertThat(System.getProperty("ai.djl.offline")).isEqualTo("true");
            assertThat(System.getProperty("ai.djl.pytorch.num_threads")).isEqualTo("3");
            assertThat(System.getProperty("ai.djl.pytorch.num_interop_threads")).isEqualTo("1");
        } finally {
            // other tests of this JVM train on their own thread counts
            System.setProperties(before);
        }
    }
}
