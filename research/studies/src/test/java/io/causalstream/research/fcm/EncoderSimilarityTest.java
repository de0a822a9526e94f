package io.causalstream.research.fcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ContributedEdge;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.Validation;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Concept resolution with the real bundled all-MiniLM-L6-v2 behind the FCM library's similarity interface. */
class EncoderSimilarityTest {

    private static DjlTokenEncoder encoder;

    @BeforeAll
    static void open() {
        encoder = DjlTokenEncoder.open(EncoderSettings.bundledMiniLm());
    }

    @AfterAll
    static void close() {
        encoder.close();
    }

    @Test
    void nearSynonymsAreCloserThanUnrelatedConceptsAndMergeAtAThresholdThatSeparatesThem() {
        EncoderSimilarity similarity = new EncoderSimilarity(encoder);
        double synonyms = similarity.similarity("rainfall", "heavy rainfall");
        double unrelated = similarity.similarity("rainfall", "stock prices");
        assertThat(synonyms).isGreaterThan(unrelated + 0.2);
        assertThat(similarity.name()).isEqualTo("all-minilm-l6-v2");

        // just below the synonyms' similarity: they merge, nothing else in this map is that close
        double threshold = synonyms - 1e-6;
        assertThat(similarity.similarity("flooding", "rainfall")).isLessThan(threshold);
        MapAggregator a = new MapAggregator(AggregationSettings.DEFAULT.withSimilarityThreshold(threshold),
                similarity);
        a.put(new Contribution("p1", "a1", "llama3", "MODEL", List.of(edge("rainfall", "flooding"))));
        a.put(new Contribution("p2", "a2", "llama3", "MODEL", List.of(edge("heavy rainfall", "flooding"),
                edge("stock prices", "flooding"))));
        CognitiveMap map = a.snapshot("m");

        assertThat(map.merges()).singleElement().satisfies(m -> {
            assertThat(m.key()).isEqualTo("heavy rainfall");
            assertThat(m.into()).isEqualTo("rainfall");
            assertThat(m.method()).isEqualTo("similarity:all-minilm-l6-v2");
        });
        assertThat(map.concepts()).extracting(Concept::id).contains("stock prices")
                .doesNotContain("heavy rainfall");
    }

    private static ContributedEdge edge(String s, String t) {
        return new ContributedEdge(s, t, 1, 0.9, Validation.VALIDATED, List.of());
    }
}
