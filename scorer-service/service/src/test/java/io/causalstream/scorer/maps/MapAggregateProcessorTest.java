package io.causalstream.scorer.maps;

import static io.causalstream.scorer.maps.MapFixtures.down;
import static io.causalstream.scorer.maps.MapFixtures.graph;
import static io.causalstream.scorer.maps.MapFixtures.up;
import static io.causalstream.schemas.graph.AnnotatorKind.HUMAN;
import static io.causalstream.schemas.graph.AnnotatorKind.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.aggregate.ConceptSimilarity;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.ConceptMerge;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The aggregating processor over its stores: a new processor on the same stores (a restart, or another instance
 * after a rebalance, whose stores were restored from the changelogs) rebuilds exactly the map there was, resolution
 * replayed from the log without asking the similarity again; changed resolution settings re-resolve the map.
 */
class MapAggregateProcessorTest {

    /** A stand-in similarity (no encoder in a unit test): labels sharing their last word are 0.9 similar. */
    private static final class LastWord implements ConceptSimilarity {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public double similarity(String a, String b) {
            calls.incrementAndGet();
            return last(a).equals(last(b)) ? 0.9 : 0.1;
        }

        private static String last(String s) {
            return s.substring(s.lastIndexOf(' ') + 1);
        }

        @Override
        public String name() {
            return "last-word";
        }
    }

    /** Fails when asked: proves a restore replays resolution. */
    private static final ConceptSimilarity NEVER = new ConceptSimilarity() {
        @Override
        public double similarity(String a, String b) {
            throw new AssertionError("restore must not decide resolution again: asked " + a + " / " + b);
        }

        @Override
        public String name() {
            return "last-word";
        }
    };

    private final SerdeFactory serdes = new RegistryFreeSerdes();
    private KeyValueStore<String, ScoredGraph> contributions;
    private KeyValueStore<String, String> resolution;
    private KeyValueStore<String, String> fingerprints;
    private final MapSettings settings = MapSettings.DEFAULT.withAggregation(
            MapSettings.DEFAULT.aggregation().withSimilarityThreshold(0.85));

    @BeforeEach
    void stores() {
        contributions = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(MapStores.CONTRIBUTIONS),
                Serdes.String(), serdes.value(Topics.SCORED_GRAPHS)).withLoggingDisabled().build();
        resolution = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(MapStores.RESOLUTION),
                Serdes.String(), Serdes.String()).withLoggingDisabled().build();
        fingerprints = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(MapStores.FINGERPRINTS),
                Serdes.String(), Serdes.String()).withLoggingDisabled().build();
    }

    /** A processor over the shared stores (the snapshot store is new each time: it has no changelog). */
    private MockProcessorContext<String, CollectiveMap> context(MapAggregateProcessor processor) {
        MockProcessorContext<String, CollectiveMap> context = new MockProcessorContext<>();
        KeyValueStore<String, String> snapshots = Stores.keyValueStoreBuilder(
                Stores.inMemoryKeyValueStore(MapStores.SNAPSHOTS), Serdes.String(), Serdes.String())
                .withLoggingDisabled().build();
        for (var store : List.of(contributions, resolution, fingerprints, snapshots)) {
            if (!store.isOpen()) {
                store.init(context.getStateStoreContext(), store);
            }
            context.addStateStore(store);
        }
        processor.init(context);
        return context;
    }

    private static CollectiveMap punctuate(MockProcessorContext<String, CollectiveMap> context, String mapId) {
        context.resetForwards();
        context.scheduledPunctuators().getFirst().getPunctuator().punctuate(2_000);
        CollectiveMap found = null;
        for (var f : context.forwarded()) {
            if (mapId.equals(f.record().key())) {
                found = f.record().value();
            }
        }
        assertThat(found).as("map " + mapId + " emitted").isNotNull();
        return found;
    }

    private static Record<String, ScoredGraph> record(String mapId, ScoredGraph g) {
        return new Record<>(mapId, g, 1_000);
    }

    @Test
    void aRestartRebuildsTheSameMapFromTheStoresWithoutDecidingResolutionAgain() {
        LastWord similarity = new LastWord();
        MapAggregateProcessor first = new MapAggregateProcessor(settings,
                new MapWiring(() -> similarity, MapMetrics.none()));
        MockProcessorContext<String, CollectiveMap> c1 = context(first);
        first.process(record("all", graph("p1", "a1", "llama3", MODEL, up("heavy rainfall", "flooding", 0.8))));
        first.process(record("all", graph("p2", "a2", "Human1", HUMAN, up("rainfall", "river flooding", 0.6),
                down("dams", "flooding", 0.5))));
        first.process(record("all", graph("p1", "a1", "llama3", MODEL, up("heavy rainfall", "flooding", 0.4))));
        first.process(record("kind:human", graph("p2", "a2", "Human1", HUMAN, up("rain", "flooding", 0.6))));
        CollectiveMap before = punctuate(c1, "all");
        assertThat(similarity.calls.get()).isPositive();
        assertThat(before.getMerges()).extracting(ConceptMerge::getKey, ConceptMerge::getInto)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("rainfall", "heavy rainfall"),
                        org.assertj.core.groups.Tuple.tuple("river flooding", "flooding"));
        assertThat(before.getContributions()).isEqualTo(2);
        first.close();

        MapAggregateProcessor second = new MapAggregateProcessor(settings,
                new MapWiring(() -> NEVER, MapMetrics.none()));
        MockProcessorContext<String, CollectiveMap> c2 = context(second);
        // every restored map is emitted again (its last update may not have been) and served
        CollectiveMap after = punctuate(c2, "all");
        assertThat(after.getConcepts()).isEqualTo(before.getConcepts());
        assertThat(after.getEdges()).isEqualTo(before.getEdges());
        assertThat(after.getMerges()).isEqualTo(before.getMerges());
        List<String> keys = c2.forwarded().stream().map(f -> (String) f.record().key()).toList();
        assertThat(keys)
                .containsExactlyInAnyOrder("all", "kind:human");
        KeyValueStore<String, String> snapshots = c2.getStateStore(MapStores.SNAPSHOTS);
        assertThat(MapSnapshot.header("all", snapshots.get("all")).edges()).isEqualTo(before.getEdges().size());

        // and goes on from there: a known label costs no similarity call, the replacement still works
        second.process(record("all", graph("p1", "a1", "llama3", MODEL, down("rainfall", "flooding", 0.4))));
        CollectiveMap next = punctuate(c2, "all");
        var edge = next.getEdges().stream().filter(e -> e.getSource().equals("heavy rainfall")
                && e.getTarget().equals("flooding")).findFirst().orElseThrow();
        assertThat(edge.getPositive()).isEqualTo(1);
        assertThat(edge.getNegative()).isEqualTo(1);
    }

    @Test
    void keepingALabelSeparateUndoesItsMergeAtTheNextStart() {
        LastWord similarity = new LastWord();
        MapAggregateProcessor first = new MapAggregateProcessor(settings,
                new MapWiring(() -> similarity, MapMetrics.none()));
        MockProcessorContext<String, CollectiveMap> c1 = context(first);
        first.process(record("all", graph("p1", "a1", "llama3", MODEL, up("heavy rainfall", "flooding", 0.8))));
        first.process(record("all", graph("p2", "a2", "Human1", HUMAN, up("rainfall", "flooding", 0.6))));
        assertThat(punctuate(c1, "all").getConcepts()).extracting(MapConcept::getId)
                .containsExactly("heavy rainfall", "flooding");
        first.close();

        MapSettings separate = settings.withAggregation(settings.aggregation()
                .withKeepSeparate(java.util.Set.of("rainfall")));
        MapAggregateProcessor second = new MapAggregateProcessor(separate,
                new MapWiring(() -> new LastWord(), MapMetrics.none()));
        CollectiveMap after = punctuate(context(second), "all");
        assertThat(after.getConcepts()).extracting(MapConcept::getId)
                .containsExactly("heavy rainfall", "flooding", "rainfall");
        assertThat(after.getMerges()).isEmpty();
        assertThat(fingerprints.get("all")).isEqualTo(separate.resolutionFingerprint("last-word"));
        // the rewritten log restores as it is now
        MapAggregateProcessor third = new MapAggregateProcessor(separate,
                new MapWiring(() -> NEVER, MapMetrics.none()));
        assertThat(punctuate(context(third), "all").getConcepts()).isEqualTo(after.getConcepts());
    }

    @Test
    void settingsFingerprintsIgnoreSetOrderAndSeeEveryChange() {
        MapSettings a = MapSettings.DEFAULT.withAggregation(MapSettings.DEFAULT.aggregation()
                .withAliases(Map.of("rain", "rainfall", "dam", "dams")));
        MapSettings b = MapSettings.DEFAULT.withAggregation(MapSettings.DEFAULT.aggregation()
                .withAliases(Map.of("dam", "dams", "rain", "rainfall")));
        assertThat(a.resolutionFingerprint("x")).isEqualTo(b.resolutionFingerprint("x"));
        assertThat(a.resolutionFingerprint("x")).isNotEqualTo(a.resolutionFingerprint("y"));
        assertThat(a.fingerprint("x")).isNotEqualTo(a.withAggregation(a.aggregation().withPrior(2)).fingerprint("x"));
        assertThat(a.resolutionFingerprint("x"))
                .isEqualTo(a.withAggregation(a.aggregation().withPrior(2)).resolutionFingerprint("x"));
    }
}
