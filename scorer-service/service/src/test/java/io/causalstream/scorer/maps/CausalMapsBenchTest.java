package io.causalstream.scorer.maps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.bench.AggregationBench;
import io.causalstream.fcm.model.CognitiveMap;
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
import java.io.File;
import java.nio.file.Path;
import java.util.Properties;
import io.causalstream.schemas.passage.Passage;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
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
 * Scored graphs per second through the causal-maps sub-topology, printed beside the library alone on the same
 * graphs (fcm's AggregationBench: 8,000 graphs, 6 edges each, a third of them re-scores, 300 concepts): its two
 * processors with their RocksDB stores and Avro serdes as a stream thread runs them (stores flushed every 1,000
 * graphs, maps emitted every 2,000), and the scorer's whole topology in TopologyTestDriver on the first 2,000 (it
 * commits, so flushes every RocksDB store, after every record: a worst case, not the broker's rate). Goal: at least
 * 1,000 scored graphs/s. The assertions check the result, never the time: the served map equals the library's map
 * built once from the latest graphs.
 */
class CausalMapsBenchTest {

    private static final int EMIT_EVERY = Integer.getInteger("emitEvery", 2_000);

    @TempDir
    Path stateDir;

    private final SerdeFactory serdes = new RegistryFreeSerdes();

    private record Run(double graphsPerSecond, CollectiveMap record, CognitiveMap map) {
    }

    private Run throughTopology(List<ScoredGraph> graphs, ConceptSimilarity similarity, String name) {
        ScorerSettings d = ScorerSettings.defaults();
        ScorerSettings settings = new ScorerSettings(new CommonSettings(d.bootstrapServers(), d.schemaRegistryUrl(),
                d.httpHost(), 0, null, "causal-maps-bench-" + name, stateDir.resolve(name).toString(), null, null),
                GoldPreference.CURATED, "exact", 500, 1,
                ScorerSettings.DEFAULT_VALIDATION_BUDGET_MS, Map.of(), MapSettings.DEFAULT);
        GraphScorer scorer = settings.graphScorer();
        MapWiring wiring = new MapWiring(() -> similarity, MapMetrics.none());
        try (TopologyTestDriver driver = new TopologyTestDriver(ScorerTopology.build(settings.topology(), serdes,
                ScoringObserver.NONE, scorer, ValidationWorkers.inline(scorer),
                wiring), ScorerService.streamsProperties(settings, null),
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
            return new Run(graphs.size() / seconds, last, wiring.views().get("all").orElseThrow().map());
        }
    }

    /**
     * The two processors and their RocksDB stores by hand, as a stream thread runs them: each graph deserialised
     * from the bytes the broker hands over, keyed, serialised and deserialised again through the repartition, then
     * aggregated; the stores flushed every 1,000 graphs (a commit) and the maps emitted and serialised every
     * {@link #EMIT_EVERY}. No broker I/O (network, fetch, transactions).
     */
    private Run throughProcessors(List<ScoredGraph> graphs, ConceptSimilarity similarity, String name) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "causal-maps-bench-" + name);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9");
        File dir = stateDir.resolve("processors-" + name).toFile();
        MockProcessorContext<String, ScoredGraph> keyed = new MockProcessorContext<>(props, new TaskId(0, 0), dir);
        MockProcessorContext<String, CollectiveMap> aggregated =
                new MockProcessorContext<>(props, new TaskId(1, 0), dir);
        KeyValueStore<String, Passage> passageStore = Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(
                ScorerTopology.PASSAGES_STORE), Serdes.String(), serdes.value(Topics.PASSAGES))
                .withLoggingDisabled().build();
        passageStore.init(keyed.getStateStoreContext(), passageStore);
        keyed.addStateStore(passageStore);
        List<KeyValueStore<String, ?>> persistent = List.of(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(MapStores.CONTRIBUTIONS), Serdes.String(),
                        serdes.value(Topics.SCORED_GRAPHS)).withLoggingDisabled().build(),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(MapStores.RESOLUTION), Serdes.String(),
                        Serdes.String()).withLoggingDisabled().build(),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(MapStores.FINGERPRINTS), Serdes.String(),
                        Serdes.String()).withLoggingDisabled().build());
        KeyValueStore<String, String> snapshots = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(
                MapStores.SNAPSHOTS), Serdes.String(), Serdes.String()).withLoggingDisabled().build();
        for (KeyValueStore<String, ?> store : persistent) {
            store.init(aggregated.getStateStoreContext(), store);
            aggregated.addStateStore(store);
        }
        snapshots.init(aggregated.getStateStoreContext(), snapshots);
        aggregated.addStateStore(snapshots);
        MapKeyProcessor keys = new MapKeyProcessor(MapSettings.DEFAULT, MapMetrics.none(),
                ScorerTopology.PASSAGES_STORE);
        keys.init(keyed);
        MapWiring wiring = new MapWiring(() -> similarity, MapMetrics.none());
        MapAggregateProcessor maps = new MapAggregateProcessor(MapSettings.DEFAULT, wiring);
        maps.init(aggregated);
        var graphSerializer = serdes.valueSerializer(Topics.SCORED_GRAPHS);
        var graphDeserializer = serdes.valueDeserializer(Topics.SCORED_GRAPHS);
        var mapSerializer = serdes.valueSerializer(Topics.CAUSAL_MAPS);
        List<byte[]> input = graphs.stream().map(g -> graphSerializer.serialize(Topics.SCORED_GRAPHS.name(), g))
                .toList();
        long start = System.nanoTime();
        long bytesOut = 0;
        CollectiveMap last = null;
        for (int i = 0; i < input.size(); i++) {
            ScoredGraph g = graphDeserializer.deserialize(Topics.SCORED_GRAPHS.name(), input.get(i));
            keys.process(new Record<>(g.getPassageId(), g, i));
            for (var f : keyed.forwarded()) {
                byte[] repartitioned = graphSerializer.serialize(Topics.SCORED_GRAPHS_BY_MAP.name(),
                        (ScoredGraph) f.record().value());
                maps.process(new Record<>((String) f.record().key(), graphDeserializer.deserialize(
                        Topics.SCORED_GRAPHS_BY_MAP.name(), repartitioned), i));
            }
            keyed.resetForwards();
            if ((i + 1) % 1_000 == 0) {
                persistent.forEach(KeyValueStore::flush);
            }
            if ((i + 1) % EMIT_EVERY == 0 || i == input.size() - 1) {
                aggregated.scheduledPunctuators().getFirst().getPunctuator().punctuate(i);
                for (var f : aggregated.forwarded()) {
                    last = (CollectiveMap) f.record().value();
                    bytesOut += mapSerializer.serialize(Topics.CAUSAL_MAPS.name(), last).length;
                }
                aggregated.resetForwards();
            }
        }
        double perSecond = input.size() / ((System.nanoTime() - start) / 1e9);
        assertThat(bytesOut).isPositive();
        CognitiveMap served = wiring.views().get("all").orElseThrow().map();
        maps.close();
        persistent.forEach(KeyValueStore::close);
        passageStore.close();
        return new Run(perSecond, last, served);
    }

    @Test
    void printsScoredGraphsPerSecondThroughTheSubTopologyBesideTheLibrary() {
        List<ScoredGraph> graphs = AggregationBench.graphs(8_000, 300, 15);
        List<ScoredGraph> fewer = graphs.subList(0, 2_000);
        AggregationBench.run(AggregationBench.graphs(5_000, 300, 1), ConceptSimilarity.NONE); // warm-up
        int contributions = (int) graphs.stream().map(g -> g.getPassageId() + "/" + g.getAnnotator().getId())
                .distinct().count();

        AggregationBench.Figures library = AggregationBench.run(graphs, ConceptSimilarity.NONE);
        Run processors = throughProcessors(graphs, ConceptSimilarity.NONE, "plain");
        AggregationBench.Figures libraryWords = AggregationBench.run(graphs, AggregationBench.WORDS);
        Run processorsWords = throughProcessors(graphs, AggregationBench.WORDS, "words");
        Run driver = throughTopology(fewer, ConceptSimilarity.NONE, "driver");
        String row = "%-62s %,8d scored graphs %,10.0f graphs/s";
        System.out.println(String.format(Locale.ROOT, row, "library alone (fcm MapAggregator), normalised text",
                graphs.size(), library.graphsPerSecond()));
        System.out.println(String.format(Locale.ROOT, row, "causal-maps processors + RocksDB + Avro, normalised text",
                graphs.size(), processors.graphsPerSecond()));
        System.out.println(String.format(Locale.ROOT, row, "library alone, plus similarity (word Jaccard stand-in)",
                graphs.size(), libraryWords.graphsPerSecond()));
        System.out.println(String.format(Locale.ROOT, row, "causal-maps processors + RocksDB + Avro, plus similarity",
                graphs.size(), processorsWords.graphsPerSecond()));
        System.out.println(String.format(Locale.ROOT, row, "causal-maps in TopologyTestDriver (flush per record), text",
                fewer.size(), driver.graphsPerSecond()));

        // correctness: the served map is the library's map of the latest graph of every passage and annotator
        MapAggregator scratch = new MapAggregator(AggregationSettings.DEFAULT);
        for (Contribution c : library.aggregator().contributions()) {
            scratch.put(c);
        }
        Map<String, MapEdge> expected = new HashMap<>();
        scratch.snapshot("all").edges().forEach(e -> expected.put(e.source() + " -> " + e.target(), e));
        assertThat(processors.record().getContributions()).isEqualTo(contributions);
        assertThat(processors.map().edges()).hasSize(expected.size());
        for (MapEdge e : processors.map().edges()) {
            MapEdge want = expected.get(e.source() + " -> " + e.target());
            assertThat(want).as(e.source() + " -> " + e.target()).isNotNull();
            assertThat(e.weight()).isCloseTo(want.weight(), within(1e-12));
            assertThat(e.provenance()).hasSameSizeAs(want.provenance());
        }
        // some 25k edges do not fit one record under 900 kB: the strongest do, the record says how many there are
        assertThat(processors.record().getEdgeCount()).isEqualTo(expected.size());
        assertThat(processors.record().getEdges().size()).isLessThan(expected.size());
        for (CollectiveEdge e : processors.record().getEdges()) {
            assertThat(e.getWeight()).isCloseTo(expected.get(e.getSource() + " -> " + e.getTarget()).weight(),
                    within(1e-12));
        }
        assertThat(processorsWords.record().getContributions()).isEqualTo(contributions);
        // the whole topology on the first 3,000 graphs: every contribution of them in the map
        assertThat(driver.record().getContributions()).isEqualTo((int) fewer.stream()
                .map(g -> g.getPassageId() + "/" + g.getAnnotator().getId()).distinct().count());
    }
}
