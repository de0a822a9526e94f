package io.causalstream.measures.neural;

import io.causalstream.encoder.EncoderSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both neural measures with the real all-MiniLM-L6-v2. */
class MiniLmMeasuresTest {

    private static NeuralMeasures measures;

    @BeforeAll
    static void load() {
        measures = NeuralMeasures.open(EncoderSettings.bundledMiniLm());
    }

    @AfterAll
    static void close() {
        measures.close();
    }

    @Test
    void namesFollowTheEncoder() {
        assertThat(measures.cosine().name()).isEqualTo("minilm-cosine");
        assertThat(measures.bertScore().name()).isEqualTo("minilm-bertscore");
    }

    @Test
    void identicalLabelsScoreOneAndParaphrasesBeatUnrelatedLabels() {
        for (var m : measures.all()) {
            assertThat(m.similarity("fish stocks", "fish stocks")).as(m.name()).isCloseTo(1.0, within(1e-5));
            double paraphrase = m.similarity("decline of fish populations", "fish stock decline");
            double unrelated = m.similarity("decline of fish populations", "interest rates");
            assertThat(paraphrase).as(m.name()).isGreaterThan(unrelated + 0.2);
            assertThat(unrelated).as(m.name()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void cosineIsSymmetricAndBlankIsZero() {
        MeanPooledCosine cosine = measures.cosine();

        assertThat(cosine.similarity("heavy rainfall", "flooding"))
                .isCloseTo(cosine.similarity("flooding", "heavy rainfall"), within(1e-9));
        assertThat(cosine.similarity("", "flooding")).isZero();
    }
}
