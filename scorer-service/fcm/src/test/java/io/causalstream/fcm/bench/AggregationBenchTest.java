package io.causalstream.fcm.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runs the aggregation benchmark at a small size and prints its figure (goal: at least 1,000 scored graphs/s); the
 * assertions check the result, never the time: the live map after 12,000 graphs (a third of them re-scores) equals
 * the map built once from the latest contribution of every passage and annotator.
 */
class AggregationBenchTest {

    @Test
    void printsScoredGraphsPerSecondAndTheLiveMapEqualsTheMapFromScratch() {
        List<ScoredGraph> graphs = AggregationBench.graphs(12_000, 300, 15);
        AggregationBench.run(AggregationBench.graphs(5_000, 500, 1), ConceptSimilarity.NONE); // warm-up

        AggregationBench.Figures plain = AggregationBench.run(graphs, ConceptSimilarity.NONE);
        AggregationBench.Figures similar = AggregationBench.run(graphs, AggregationBench.WORDS);
        System.out.println(AggregationBench.line("fcm aggregation, normalised text", plain));
        System.out.println(AggregationBench.line("fcm aggregation, plus word similarity", similar));

        MapAggregator scratch = new MapAggregator(AggregationSettings.DEFAULT);
        for (Contribution c : plain.aggregator().contributions()) {
            scratch.put(c);
        }
        Map<String, Double> expected = weights(scratch.snapshot("bench"));
        Map<String, Double> live = weights(plain.map());
        assertThat(live.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, w) -> assertThat(live.get(k)).as(k).isCloseTo(w, within(1e-12)));
        // 300 concepts, two surface forms each, merged by normalisation
        assertThat(plain.map().concepts()).hasSize(300);
        // 12,000 graphs, of which 8,000 new (passage, annotator) keys: 2,666 passages x 3 annotators
        assertThat(plain.aggregator().contributions()).hasSize(2_666 * 3);
    }

    private static Map<String, Double> weights(CognitiveMap map) {
        Map<String, Double> w = new HashMap<>();
        for (MapEdge e : map.edges()) {
            w.put(e.source() + " -> " + e.target(), e.weight());
        }
        return w;
    }
}
