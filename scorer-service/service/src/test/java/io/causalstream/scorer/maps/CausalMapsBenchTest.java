package io.causalstream.scorer.maps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.bench.AggregationBench;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.topology.ScorerTopology;
import io.causalstream.scorer.topology.ScoringObserver;
import io.causalstream.scorer.validate.ValidationWorkers;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scored graphs per second through the causal-maps sub-topology (TopologyTestDriver: Avro serdes, the repartition
 * by map id, RocksDB stores written per graph, a snapshot emitted every 2,000 graphs as the wall-clock punctuator
 * would at that rate), printed beside the library alone on the same graphs (fcm's AggregationBench: 12,000 graphs,
 * 6 edges each, a third of them re-scores, 300 concepts). Goal: at least 1,000 scored graphs/s. The assertions
 * check the result, never the time: the emitted map equals the library's map built once from the latest graphs.
 */
class CausalMapsBenchTest {

    private static final int EMIT_EVERY = 2_000;

    @TempDir
    Path stateDir;

    private final SerdeFactory serdes = new RegistryFreeSerdes();

    private record Run(double graphsPerSecond, CollectiveMap map) {
    }

    private Run throughTopology(List<ScoredGraph> graphs, ConceptSimilarity similarity, String name) {
        ScorerSettings d = ScorerSettings.defaults();
        ScorerSettings settings = new ScorerSettings(new CommonSettings(d.bootstrapServers(), d.schemaRegistryUrl(),
                d.httpHost(), 0, null, "causal-maps-bench-" + name, stateDir.resolve(name).toString(), null, null),
                GoldPreference.CURATED, "exact", 500, ScorerSettings.DEFAULT_MAX_PASSAGE_CHARS, 1,
                ScorerSettings.DEFAULT_VALIDATION_BUDGET_MS, Map.of(), MapSettings.DEFAULT);
        GraphScorer scorer = settings.graphScorer();
        try (TopologyTestDriver driver = new TopologyTestDriver(ScorerTopology.build(settings, serdes,
                ScoringObserver.NONE, scorer, ValidationWorkers.inline(scorer),
                new MapWiring(() -> similarity, MapMetrics.none())), ScorerService.streamsProperties(settings, null),
                Instant.ofEpochMilli(1_700_000_000_000L))) {
            TestInputTopic<String, ScoredGraph> in = driver.createInputTopic(Topics.SCORED_GRAPHS.name(),
                    new StringSerializer(), serdes.valueSerializer(Topics.SCORED_GRAPHS));
            TestOutputTopic<String, CollectiveMap> out = driver.createOutputTopic(Topics.CAUSAL_MAPS.name(),
                    new StringDeserializer(), serdes.valueDeserializer(Topics.CAUSAL_MAPS));
            long start = System.nanoTime();
            int n = 0;
            for (ScoredGraph g : graphs) {
                in.pipeInput(g.getPassageId(), g);
                if (++n % EMIT_EVERY == 0) {
                    driver.advanceWallClockTime(Duration.ofSeconds(1));
                }
            }
            driver.advanceWallClockTime(Duration.ofSeconds(1));
            double seconds = (System.nanoTime() - start) / 1e9;
            CollectiveMap last = null;
            for (var kv : out.readKeyValuesToList()) {
                last = kv.value;
            }
            return new Run(graphs.size() / seconds, last);
        }
    }

    @Test
    void printsScoredGraphsPerSecondThroughTheSubTopologyBesideTheLibrary() {
        List<ScoredGraph> graphs = AggregationBench.graphs(12_000, 300, 15);
        throughTopology(AggregationBench.graphs(3_000, 300, 1), ConceptSimilarity.NONE, "warm-up");
        AggregationBench.run(AggregationBench.graphs(5_000, 300, 1), ConceptSimilarity.NONE);

        Run plain = throughTopology(graphs, ConceptSimilarity.NONE, "plain");
        Run words = throughTopology(graphs, AggregationBench.WORDS, "words");
        AggregationBench.Figures library = AggregationBench.run(graphs, ConceptSimilarity.NONE);
        AggregationBench.Figures libraryWords = AggregationBench.run(graphs, AggregationBench.WORDS);
        System.out.println(String.format(Locale.ROOT, "causal-maps sub-topology, normalised text  %,8d scored graphs "
                + "%,10.0f graphs/s   (library alone: %,10.0f graphs/s)", graphs.size(), plain.graphsPerSecond(),
                library.graphsPerSecond()));
        System.out.println(String.format(Locale.ROOT, "causal-maps sub-topology, plus similarity  %,8d scored graphs "
                + "%,10.0f graphs/s   (library alone: %,10.0f graphs/s)", graphs.size(), words.graphsPerSecond(),
                libraryWords.graphsPerSecond()));

        // correctness: the emitted map is the library's map of the latest graph of every passage and annotator
        MapAggregator scratch = new MapAggregator(AggregationSettings.DEFAULT);
        for (Contribution c : library.aggregator().contributions()) {
            scratch.put(c);
        }
        Map<String, MapEdge> expected = new HashMap<>();
        scratch.snapshot("all").edges().forEach(e -> expected.put(e.source() + " -> " + e.target(), e));
        assertThat(plain.map().getContributions()).isEqualTo(2_666 * 3);
        assertThat(plain.map().getEdges()).hasSize(expected.size());
        for (CollectiveEdge e : plain.map().getEdges()) {
            MapEdge want = expected.get(e.getSource() + " -> " + e.getTarget());
            assertThat(want).as(e.getSource() + " -> " + e.getTarget()).isNotNull();
            assertThat(e.getWeight()).isCloseTo(want.weight(), within(1e-12));
            assertThat(e.getProvenanceCount()).isEqualTo(want.provenance().size());
        }
        assertThat(words.map().getContributions()).isEqualTo(2_666 * 3);
    }
}
