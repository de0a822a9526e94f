package io.causalstream.scorer.maps;

import static io.causalstream.scorer.maps.MapFixtures.down;
import static io.causalstream.scorer.maps.MapFixtures.edge;
import static io.causalstream.scorer.maps.MapFixtures.graph;
import static io.causalstream.scorer.maps.MapFixtures.up;
import static io.causalstream.schemas.graph.AnnotatorKind.HUMAN;
import static io.causalstream.schemas.graph.AnnotatorKind.MODEL;
import static io.causalstream.schemas.graph.AnnotatorKind.RULES;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.aggregate.AggregationFilter;
import io.causalstream.fcm.model.Validation;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The causal-maps sub-topology in the scorer's whole topology (TopologyTestDriver): scored graphs keyed by map,
 * aggregated with the FCM library, emitted on the wall-clock punctuator. Weights below are worked out by hand with
 * the library's formula (per passage, the mean over its annotators of sign x strength; w = Σ votes / (passages + 1)).
 */
class CausalMapsTopologyTest {

    private static final Instant T0 = Instant.ofEpochMilli(1_700_000_000_000L);

    @TempDir
    Path stateDir;

    private final SerdeFactory serdes = new RegistryFreeSerdes();
    private final MapWiring wiring = MapWiring.textOnly();
    private TopologyTestDriver driver;
    private TestInputTopic<String, ScoredGraph> scored;
    private TestInputTopic<String, Passage> passages;
    private TestInputTopic<String, Extraction> extractions;
    private TestOutputTopic<String, CollectiveMap> maps;

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    private void start(MapSettings mapSettings) {
        ScorerSettings d = ScorerSettings.defaults();
        ScorerSettings settings = new ScorerSettings(new CommonSettings(d.bootstrapServers(), d.schemaRegistryUrl(),
                d.httpHost(), 0, null, "causal-maps-topology-test", stateDir.toString(), null, null),
                GoldPreference.CURATED, "exact", 500, 1,
                ScorerSettings.DEFAULT_VALIDATION_BUDGET_MS, Map.of(), mapSettings);
        GraphScorer scorer = settings.graphScorer();
        driver = new TopologyTestDriver(ScorerTopology.build(settings.topology(), serdes, ScoringObserver.NONE, scorer,
                ValidationWorkers.inline(scorer), wiring),
                ScorerService.streamsProperties(settings, null), T0);
        scored = driver.createInputTopic(Topics.SCORED_GRAPHS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.SCORED_GRAPHS));
        passages = driver.createInputTopic(Topics.PASSAGES.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.PASSAGES));
        extractions = driver.createInputTopic(Topics.EXTRACTIONS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.EXTRACTIONS));
        maps = driver.createOutputTopic(Topics.CAUSAL_MAPS.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.CAUSAL_MAPS));
    }

    private void send(ScoredGraph g) {
        scored.pipeInput(g.getPassageId(), g);
    }

    /** Runs the punctuator and returns the latest record of each map emitted. */
    private Map<String, CollectiveMap> emitted() {
        driver.advanceWallClockTime(Duration.ofSeconds(1));
        Map<String, CollectiveMap> latest = new LinkedHashMap<>();
        maps.readKeyValuesToList().forEach(kv -> latest.put(kv.key, kv.value));
        return latest;
    }

    private static CollectiveEdge edgeOf(CollectiveMap m, String source, String target) {
        return m.getEdges().stream().filter(e -> e.getSource().equals(source) && e.getTarget().equals(target))
                .findFirst().orElseThrow(() -> new AssertionError("no edge " + source + " -> " + target));
    }

    @Test
    void mergesPassagesByNormalisedTextAndCountsContradictingEvidence() {
        start(MapSettings.DEFAULT);
        send(graph("p1", "p1-llama", "llama3", MODEL, up("Rain", "flooding", 0.8), up("flooding", "crop yield", 0.5)));
        send(graph("p2", "p2-h1", "Human1", HUMAN, down("rain", "Flooding.", 0.6)));
        send(graph("p2", "p2-rules", "rules-v1", RULES, up("the rain", "flooding", 0.4)));
        assertThat(maps.isEmpty()).as("nothing before the punctuator").isTrue();

        Map<String, CollectiveMap> out = emitted();
        assertThat(out).containsOnlyKeys("all");
        CollectiveMap all = out.get("all");
        assertThat(all.getConcepts()).extracting(MapConcept::getId).containsExactly("rain", "flooding", "crop yield");
        assertThat(all.getContributions()).isEqualTo(3);
        CollectiveEdge rain = edgeOf(all, "rain", "flooding");
        // p1: +0.8; p2: (-0.6 + 0.4) / 2 = -0.1; w = (0.8 - 0.1) / (2 + 1)
        assertThat(rain.getWeight()).isCloseTo(0.7 / 3, within(1e-12));
        assertThat(rain.getPassages()).isEqualTo(2);
        assertThat(rain.getAnnotators()).isEqualTo(3);
        assertThat(rain.getPositive()).isEqualTo(2);
        assertThat(rain.getNegative()).isEqualTo(1);
        assertThat(rain.getContradicting()).isEqualTo(1);
        assertThat(rain.getProvenanceCount()).isEqualTo(3);
        // the contradicting evidence comes first, with its passage, annotation, wording and span
        assertThat(rain.getProvenance().get(0).getAnnotationId()).isEqualTo("p2-h1");
        assertThat(rain.getProvenance().get(0).getSign()).isEqualTo(-1);
        assertThat(rain.getProvenance().get(0).getSourceText()).isEqualTo("rain");
        assertThat(rain.getProvenance().get(0).getSpans()).hasSize(1);
        assertThat(edgeOf(all, "flooding", "crop yield").getWeight()).isCloseTo(0.5 / 2, within(1e-12));

        // nothing changed: nothing emitted
        assertThat(emitted()).isEmpty();
    }

    @Test
    void aReScoredPassageReplacesItsPreviousContribution() {
        start(MapSettings.DEFAULT);
        send(graph("p1", "p1-llama", "llama3", MODEL, up("rain", "flooding", 0.8)));
        send(graph("p2", "p2-h1", "Human1", HUMAN, up("rain", "flooding", 0.6)));
        assertThat(edgeOf(emitted().get("all"), "rain", "flooding").getWeight()).isCloseTo(1.4 / 3, within(1e-12));

        // p1 re-scored (same annotation, new strength and sign), then a new extraction by the same annotator of p2
        send(graph("p1", "p1-llama", "llama3", MODEL, down("rain", "flooding", 0.2)));
        send(graph("p2", "p2-h1-v2", "Human1", HUMAN, up("rain", "flooding", 0.9), up("dams", "flooding", 0.3)));
        CollectiveMap all = emitted().get("all");
        CollectiveEdge rain = edgeOf(all, "rain", "flooding");
        assertThat(rain.getWeight()).isCloseTo((-0.2 + 0.9) / 3, within(1e-12));
        assertThat(rain.getPositive()).isEqualTo(1);
        assertThat(rain.getNegative()).isEqualTo(1);
        assertThat(rain.getProvenanceCount()).isEqualTo(2);
        assertThat(rain.getProvenance()).extracting(e -> e.getAnnotationId())
                .containsExactlyInAnyOrder("p1-llama", "p2-h1-v2");
        assertThat(all.getContributions()).isEqualTo(2);
        assertThat(all.getEdges()).hasSize(2);

        // a re-score whose edges all fail the filter takes the old edges out
        send(graph("p1", "p1-llama", "llama3", MODEL,
                edge("rain", "flooding", Direction.INCREASE, ValidationState.REJECTED, 0.9)));
        rain = edgeOf(emitted().get("all"), "rain", "flooding");
        assertThat(rain.getProvenanceCount()).isEqualTo(1);
        assertThat(rain.getWeight()).isCloseTo(0.9 / 2, within(1e-12));
    }

    @Test
    void filtersAnnotatorKindsValidationStatesAndStrength() {
        AggregationFilter filter = new AggregationFilter(Set.of(), Set.of("rules-v1"), Set.of("HUMAN", "MODEL"),
                Validation.VALIDATED, 0.3, false);
        start(MapSettings.DEFAULT.withAggregation(MapSettings.DEFAULT.aggregation().withFilter(filter)));
        send(graph("p1", "a1", "llama3", MODEL,
                up("rain", "flooding", 0.8),
                edge("dams", "flooding", Direction.DECREASE, ValidationState.HYPOTHESIZED, 0.9),
                up("litter", "wildlife", 0.1),
                edge("tourism", "litter", Direction.INCREASE, ValidationState.VALIDATED, null)));
        send(graph("p1", "a2", "rules-v1", RULES, up("heat", "drought", 0.9)));
        send(graph("p2", "a3", "Human1", HUMAN, up("heat", "drought", 0.9)));

        CollectiveMap all = emitted().get("all");
        assertThat(all.getEdges()).extracting(e -> e.getSource() + " -> " + e.getTarget())
                .containsExactly("heat -> drought", "rain -> flooding");
        assertThat(edgeOf(all, "heat", "drought").getAnnotators()).isEqualTo(1);
        assertThat(all.getContributions()).as("the rules annotator never enters").isEqualTo(2);
        assertThat(all.getSettings()).isNotBlank();
    }

    @Test
    void mapsPerAnnotatorKindAndPerPassageSource() {
        start(MapSettings.DEFAULT.withKey("kind"));
        send(graph("p1", "a1", "llama3", MODEL, up("rain", "flooding", 0.8)));
        send(graph("p1", "a2", "Human1", HUMAN, down("rain", "flooding", 0.8)));
        Map<String, CollectiveMap> out = emitted();
        assertThat(out).containsOnlyKeys("kind:model", "kind:human");
        assertThat(edgeOf(out.get("kind:human"), "rain", "flooding").getWeight()).isNegative();
        close();

        start(MapSettings.DEFAULT.withKey("passage:source"));
        passages.pipeInput("p1", Passage.newBuilder().setId("p1").setText("Rain floods.")
                .setMetadata(Map.of("source", "news")).setPublishedAt(T0).build());
        passages.pipeInput("p2", Passage.newBuilder().setId("p2").setText("Dams hold.")
                .setMetadata(Map.of("source", "wiki")).setPublishedAt(T0).build());
        send(graph("p1", "a1", "llama3", MODEL, up("rain", "flooding", 0.8)));
        send(graph("p2", "a2", "llama3", MODEL, down("dams", "flooding", 0.8)));
        send(graph("p3", "a3", "llama3", MODEL, up("heat", "drought", 0.8))); // passage not known: no map
        out = emitted();
        assertThat(out).containsOnlyKeys("source:news", "source:wiki");
        assertThat(out.get("source:wiki").getEdges()).extracting(CollectiveEdge::getSource).containsExactly("dams");
    }

    @Test
    void extractionsScoredByTheScorerReachTheMapAndTheQueryStore() {
        start(MapSettings.DEFAULT);
        extractions.pipeInput("p9", extraction("p9", "llama3", triple("rain", "flooding", Direction.INCREASE),
                triple("dams", "flooding", Direction.DECREASE)));
        CollectiveMap all = emitted().get("all");
        assertThat(all.getEdges()).extracting(e -> e.getSource() + " -> " + e.getTarget() + " " + e.getWeight())
                .containsExactly("dams -> flooding -0.25", "rain -> flooding 0.25"); // no strength: 0.5 / (1 + 1)
        KeyValueStore<String, String> snapshots = driver.getKeyValueStore(MapStores.SNAPSHOTS);
        assertThat(MapSnapshot.header("all", snapshots.get("all")).edges()).isEqualTo(2);
        MapSnapshot s = wiring.views().get("all").orElseThrow();
        assertThat(s.map().edge("rain", "flooding").orElseThrow().provenance().get(0).passageId()).isEqualTo("p9");
    }
}
