package io.causalstream.scorer.topology;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.cesar.CesarSettings;
import io.causalstream.validation.ValidationSettings;
import io.causalstream.deadletter.DeadLetters;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.StageVerdict;
import io.causalstream.schemas.scoring.ValidationState;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.scorer.scoring.EdgeAssessment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphAlignment;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.scorer.scoring.ValidationAssessor;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import io.causalstream.scorer.validate.ValidationWorkers;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScorerTopologyTest {

    private static final Instant T0 = Instant.ofEpochMilli(1_700_000_000_000L);

    // Gold of p1: 4 edges. The extraction below gets 2 right, 1 wrong: P = 2/3, R = 2/4, F1 = 4/7.
    private static final Triple RAIN_FLOODS = triple("rain", "flooding", INCREASE);
    private static final Triple DAMS_FLOODS = triple("dams", "flooding", DECREASE);
    private static final Triple FLOODS_CROPS = triple("flooding", "crop yield", DECREASE);
    private static final Triple LITTER_WILDLIFE = triple("litter", "wildlife", DECREASE);
    private static final Triple TOURISM_LITTER = triple("tourism", "litter", INCREASE);

    @TempDir
    Path stateDir;

    private final SerdeFactory serdes = new RegistryFreeSerdes();
    /** Gold changes the topology reported: "passage: before origin/annotation -> after origin/annotation". */
    private final List<String> goldChanges = new java.util.ArrayList<>();
    private final ScoringObserver observer = new ScoringObserver() {
        @Override
        public void scored(ScoredGraph graph) {
        }

        @Override
        public void goldChanged(String passageId, GoldGraph before, GoldGraph after) {
            goldChanges.add(passageId + ": " + describe(before) + " -> " + describe(after));
        }

        private String describe(GoldGraph g) {
            return g == null ? "none" : g.getOrigin() + "/" + g.getAnnotationId();
        }
    };
    private TopologyTestDriver driver;
    private TestInputTopic<String, Extraction> extractions;
    private TestInputTopic<byte[], byte[]> rawExtractions;
    private TestInputTopic<String, GoldGraph> golds;
    private TestInputTopic<String, GoldGraph> winners;
    private TestOutputTopic<String, ScoredGraph> scored;
    private TestOutputTopic<byte[], byte[]> extractionsDlq;
    private TestOutputTopic<byte[], byte[]> winnersDlq;
    private TestInputTopic<String, Passage> passages;
    private TestOutputTopic<byte[], byte[]> passagesDlq;

    /** The exact measure only: the expected values below are the classical F1 worked out by hand. */
    private void start(GoldPreference preference) {
        start(preference, "exact", 500, null);
    }

    private void start(GoldPreference preference, String measures, int maxEdges, GraphScorer scorer) {
        start(preference, measures, maxEdges, scorer, null);
    }

    private void start(GoldPreference preference, String measures, int maxEdges, GraphScorer scorer,
                       ValidationWorkers workers) {
        ScorerSettings settings = ScorerSettings.defaults();
        settings = new ScorerSettings(new CommonSettings(settings.bootstrapServers(), settings.schemaRegistryUrl(),
                settings.httpHost(), 0, null, "scorer-topology-test", stateDir.toString(), null, null), preference,
                measures, maxEdges, 1,
                ScorerSettings.DEFAULT_VALIDATION_BUDGET_MS, Map.of());
        Properties props = ScorerService.streamsProperties(settings, null);
        assertThat(props.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        TopologySettings topology = settings.topology();
        driver = new TopologyTestDriver(scorer == null ? ScorerTopology.build(topology, serdes, observer,
                settings.graphScorer())
                : workers == null ? ScorerTopology.build(topology, serdes, ScoringObserver.NONE, scorer)
                : ScorerTopology.build(topology, serdes, ScoringObserver.NONE, scorer, workers), props, T0);
        passages = driver.createInputTopic(Topics.PASSAGES.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.PASSAGES));
        passagesDlq = driver.createOutputTopic(Topics.PASSAGES.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());

        extractions = driver.createInputTopic(Topics.EXTRACTIONS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.EXTRACTIONS));
        rawExtractions = driver.createInputTopic(Topics.EXTRACTIONS.name(), new ByteArraySerializer(),
                new ByteArraySerializer());
        golds = driver.createInputTopic(Topics.GOLD_GRAPHS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.GOLD_GRAPHS));
        winners = driver.createInputTopic(Topics.TOURNAMENT_WINNERS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.TOURNAMENT_WINNERS));
        scored = driver.createOutputTopic(Topics.SCORED_GRAPHS.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.SCORED_GRAPHS));
        extractionsDlq = driver.createOutputTopic(Topics.EXTRACTIONS.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        winnersDlq = driver.createOutputTopic(Topics.TOURNAMENT_WINNERS.deadLetterTopic(),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    @AfterEach
    void closeDriver() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void goldThenExtractionIsScoredOnArrival() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED,
                RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE), T0);
        assertThat(scored.isEmpty()).isTrue();

        Extraction e = extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER);
        extractions.pipeInput("p1", e, T0.plusSeconds(5));

        List<TestRecord<String, ScoredGraph>> out = scored.readRecordsToList();
        assertThat(out).hasSize(1);
        assertThat(out.get(0).key()).isEqualTo("p1");
        ScoredGraph g = out.get(0).value();
        assertThat(g.getPassageId()).isEqualTo("p1");
        assertThat(g.getAnnotationId()).isEqualTo("llama3");
        assertThat(g.getAnnotator()).isEqualTo(e.getAnnotator());
        assertThat(g.getGoldAnnotationId()).isEqualTo("Human1");
        assertThat(g.getGoldOrigin()).isEqualTo(GoldOrigin.CURATED);
        assertThat(g.getEdges()).extracting(ScoredEdge::getTriple)
                .containsExactly(RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER);
        assertThat(g.getEdges()).extracting(ScoredEdge::getValidation).containsOnly(ValidationState.UNCHECKED);
        assertThat(g.getEdges()).extracting(ScoredEdge::getStrength).containsOnlyNulls();
        assertExact(g, 2, 0, 1, 2, 4.0 / 7.0, 4.0 / 7.0);
        assertThat(g.getAlignmentF1()).isNull();
        assertThat(g.getShareValidated()).isNull();
        assertThat(g.getMeanStrength()).isNull();
        assertThat(g.getScoredAt()).isEqualTo(T0.plusSeconds(5));
        assertThat(out.get(0).timestamp()).isEqualTo(T0.plusSeconds(5).toEpochMilli());
    }

    @Test
    void anExtractionWithoutGoldIsPublishedWithoutScoresAndScoredWhenGoldArrives() {
        start(GoldPreference.CURATED);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER), T0);

        // no gold yet: published at once with empty scores and no gold id ("no gold yet", not "scored 0")
        ScoredGraph noGold = scored.readValue();
        assertThat(noGold.getAnnotationId()).isEqualTo("llama3");
        assertThat(noGold.getGoldAnnotationId()).isNull();
        assertThat(noGold.getGoldOrigin()).isNull();
        assertThat(noGold.getScores()).isEmpty();
        assertThat(noGold.getAlignmentF1()).isNull();
        assertThat(noGold.getEdges()).hasSize(3);
        assertThat(noGold.getQuality().getEdges()).isEqualTo(3);
        assertThat(noGold.getQuality().getUnchecked()).isEqualTo(3);
        assertThat(scored.isEmpty()).isTrue();

        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED,
                RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE), T0.plusSeconds(9));

        List<ScoredGraph> out = scored.readValuesToList();
        assertThat(out).hasSize(1);
        assertThat(out.get(0).getAnnotationId()).isEqualTo("llama3");
        assertThat(out.get(0).getGoldAnnotationId()).isEqualTo("Human1");
        assertExact(out.get(0), 2, 0, 1, 2, 4.0 / 7.0, 4.0 / 7.0);
        assertThat(out.get(0).getScoredAt()).isEqualTo(T0.plusSeconds(9));
        assertThat(out.get(0).getEdges()).isEqualTo(noGold.getEdges());
    }

    @Test
    void aGoldChangeRescoresEveryStoredExtractionOfThePassage() {
        start(GoldPreference.CURATED);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "Human2", RAIN_FLOODS), T0);
        extractions.pipeInput("p2", extraction("p2", "llama3", RAIN_FLOODS), T0);
        golds.pipeInput("p2", gold("p2", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        List<ScoredGraph> first = againstGold(scored.readValuesToList());
        assertThat(first).extracting(ScoredGraph::getPassageId, ScoredGraph::getAnnotationId)
                .containsExactly(tuple("p2", "llama3"), tuple("p1", "Human2"), tuple("p1", "llama3"));
        assertExact(first.get(2), 1, 0, 1, 0, 2.0 / 3.0, 2.0 / 3.0);   // llama3: {rain, dams} vs {rain}
        assertExact(first.get(1), 1, 0, 0, 0, 1.0, 1.0);               // Human2: {rain} vs {rain}

        // Same gold re-published (new updatedAt only): nothing to re-score.
        GoldGraph same = gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS);
        same.setUpdatedAt(T0.plusSeconds(60));
        golds.pipeInput("p1", same, T0.plusSeconds(60));
        assertThat(scored.isEmpty()).isTrue();

        // A corrected curated gold: both extractions of p1 are re-scored, p2 is not.
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS), T0.plusSeconds(90));
        List<ScoredGraph> rescored = scored.readValuesToList();
        assertThat(rescored).extracting(ScoredGraph::getPassageId, ScoredGraph::getAnnotationId)
                .containsExactly(tuple("p1", "Human2"), tuple("p1", "llama3"));
        assertExact(rescored.get(0), 1, 0, 0, 1, 2.0 / 3.0, 2.0 / 3.0); // {rain} vs {rain, dams}
        assertExact(rescored.get(1), 2, 0, 0, 0, 1.0, 1.0);
        assertThat(rescored).extracting(ScoredGraph::getScoredAt).containsOnly(T0.plusSeconds(90));
    }

    @Test
    void aReExtractionReplacesTheStoredOne() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", TOURISM_LITTER), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);
        assertThat(scored.readValuesToList()).extracting(g -> g.getScores().get(0).getF1()).containsExactly(0.0, 1.0);

        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS), T0);

        List<ScoredGraph> rescored = scored.readValuesToList();
        assertThat(rescored).hasSize(1);
        assertExact(rescored.get(0), 1, 0, 0, 1, 2.0 / 3.0, 2.0 / 3.0);
    }

    @Test
    void curatedGoldIsPreferredOverTheTournamentWinnerByDefault() {
        start(GoldPreference.CURATED);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS), T0);
        assertThat(scored.readValue().getGoldAnnotationId()).isNull();

        // Only a tournament winner: scored against it.
        winners.pipeInput("p1", gold("p1", "Human3", GoldOrigin.TOURNAMENT, RAIN_FLOODS), T0);
        ScoredGraph vsWinner = scored.readValue();
        assertThat(vsWinner.getGoldOrigin()).isEqualTo(GoldOrigin.TOURNAMENT);
        assertThat(vsWinner.getGoldAnnotationId()).isEqualTo("Human3");
        assertExact(vsWinner, 1, 0, 1, 0, 2.0 / 3.0, 2.0 / 3.0);
        assertThat(scored.isEmpty()).isTrue();

        // A curated gold arrives: it takes over.
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS), T0);
        ScoredGraph vsCurated = scored.readValue();
        assertThat(vsCurated.getGoldOrigin()).isEqualTo(GoldOrigin.CURATED);
        assertThat(vsCurated.getGoldAnnotationId()).isEqualTo("Human1");
        assertExact(vsCurated, 2, 0, 0, 0, 1.0, 1.0);

        // A new tournament leader does not change the effective gold: nothing is emitted ...
        winners.pipeInput("p1", gold("p1", "Human4", GoldOrigin.TOURNAMENT, DAMS_FLOODS), T0);
        assertThat(scored.isEmpty()).isTrue();

        // ... but is kept: when the curated gold is deleted (tombstone), the passage falls back to it.
        golds.pipeInput("p1", (GoldGraph) null, T0);
        ScoredGraph fallback = scored.readValue();
        assertThat(fallback.getGoldAnnotationId()).isEqualTo("Human4");
        assertThat(fallback.getGoldOrigin()).isEqualTo(GoldOrigin.TOURNAMENT);
        assertExact(fallback, 1, 0, 1, 0, 2.0 / 3.0, 2.0 / 3.0);
    }

    @Test
    void tournamentPreferenceReversesTheChoice() {
        start(GoldPreference.TOURNAMENT);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS), T0);
        winners.pipeInput("p1", gold("p1", "Human3", GoldOrigin.TOURNAMENT, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS), T0);

        ScoredGraph g = scored.readValue();
        assertThat(g.getGoldOrigin()).isEqualTo(GoldOrigin.TOURNAMENT);
        assertThat(g.getGoldAnnotationId()).isEqualTo("Human3");
        assertThat(scored.isEmpty()).isTrue();
    }

    @Test
    void aTournamentWinnerMirroredOntoGoldGraphsFillsTheTournamentSlot() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        golds.pipeInput("p1", gold("p1", "Human3", GoldOrigin.TOURNAMENT, DAMS_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);

        assertThat(scored.readValue().getGoldAnnotationId()).isEqualTo("Human1");
        KeyValueStore<String, GoldGraph> store = driver.getKeyValueStore(ScorerTopology.GOLD_STORE);
        assertThat(store.get("p1\u0000TOURNAMENT").getAnnotationId()).isEqualTo("Human3");
        assertThat(store.get("p1\u0000CURATED").getAnnotationId()).isEqualTo("Human1");
    }

    @Test
    void losingTheLastGoldPublishesTheGraphsAgainWithoutScores() {
        start(GoldPreference.CURATED);
        winners.pipeInput("p1", gold("p1", "Human3", GoldOrigin.TOURNAMENT, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);
        assertThat(scored.readValuesToList()).hasSize(1);
        KeyValueStore<String, ScoredGraph> scores = driver.getKeyValueStore(ScorerTopology.SCORES_STORE);
        assertThat(scores.get("p1\u0000llama3").getGoldAnnotationId()).isEqualTo("Human3");

        winners.pipeInput("p1", (GoldGraph) null, T0);

        // scores against a gold that no longer exists would mislead: the graph is published again without them
        ScoredGraph withoutGold = scored.readValue();
        assertThat(withoutGold.getGoldAnnotationId()).isNull();
        assertThat(withoutGold.getScores()).isEmpty();
        assertThat(scores.get("p1\u0000llama3").getGoldAnnotationId()).isNull();
        assertThat(scored.isEmpty()).isTrue();
        // The extraction is still kept: a new gold scores it again.
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        assertThat(scored.readValue().getGoldAnnotationId()).isEqualTo("Human1");
    }

    @Test
    void scoresStoreHoldsTheLatestScorePerAnnotation() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", TOURISM_LITTER), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "Human2", DAMS_FLOODS), T0);
        extractions.pipeInput("p10", extraction("p10", "llama3", DAMS_FLOODS), T0);

        KeyValueStore<String, ScoredGraph> scores = driver.getKeyValueStore(ScorerTopology.SCORES_STORE);
        List<String> p1 = new ArrayList<>();
        try (var it = scores.prefixScan(ScorerTopology.passageKeyPrefix("p1"), new StringSerializer())) {
            it.forEachRemaining(kv -> p1.add(kv.value.getAnnotationId() + "=" + kv.value.getScores().get(0).getF1()));
        }
        assertThat(p1).containsExactly("Human2=0.0", "llama3=1.0");
    }

    /**
     * The deserialization handler runs here too, but TopologyTestDriver (4.3.1) does not capture the dead-letter
     * records a {@code DeserializationExceptionHandler} returns (those of the processing handler it does capture,
     * see the next test); the {@code extractions.dlq} record itself is asserted in {@code ScorerServiceIT}.
     */
    @Test
    void anUndecodableExtractionIsSkippedAndProcessingContinues() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        byte[] garbage = "this is not avro".getBytes(StandardCharsets.UTF_8);

        rawExtractions.pipeInput("p1".getBytes(StandardCharsets.UTF_8), garbage, T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);

        List<ScoredGraph> out = scored.readValuesToList();
        assertThat(out).hasSize(1);
        assertExact(out.get(0), 1, 0, 0, 0, 1.0, 1.0);
        KeyValueStore<String, Extraction> stored = driver.getKeyValueStore(ScorerTopology.EXTRACTIONS_STORE);
        assertThat(stored.approximateNumEntries()).isEqualTo(1);
    }

    @Test
    void anAnnotationIdReusedByAnotherAnnotatorIsDeadLetteredAndChangesNothing() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);
        assertThat(scored.readValuesToList()).hasSize(1);

        Extraction forged = extraction("p1", "llama3", TOURISM_LITTER, LITTER_WILDLIFE);
        forged.getAnnotator().setId("mallory");
        extractions.pipeInput("p1", forged, T0.plusSeconds(1));
        TestRecord<byte[], byte[]> dead = extractionsDlq.readRecord();
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.MESSAGE))
                .isEqualTo("annotation id 'llama3' of passage 'p1' belongs to annotator 'llama3', who first published "
                        + "it; a record from annotator 'mallory' may not reuse it");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.CODE)).isEqualTo("annotation_owner");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.APPLICATION_ID)).isEqualTo("scorer-topology-test");
        assertThat(scored.isEmpty()).isTrue();
        KeyValueStore<String, Extraction> stored = driver.getKeyValueStore(ScorerTopology.EXTRACTIONS_STORE);
        assertThat(stored.get(StoreKeys.annotation("p1", "llama3")).getTriples()).containsExactly(RAIN_FLOODS);

        // the owner may still re-publish it
        extractions.pipeInput("p1", extraction("p1", "llama3", DAMS_FLOODS), T0.plusSeconds(2));
        assertThat(scored.readValue().getScores().get(0).getF1()).isEqualTo(0.0);
        assertThat(extractionsDlq.isEmpty()).isTrue();
    }

    @Test
    void everyGoldChangeIsReportedWithItsOrigin() {
        start(GoldPreference.CURATED);
        winners.pipeInput("p1", gold("p1", "llama3", GoldOrigin.TOURNAMENT, RAIN_FLOODS), T0);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, DAMS_FLOODS), T0);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, DAMS_FLOODS), T0.plusSeconds(5)); // same
        winners.pipeInput("p1", gold("p1", "Human2", GoldOrigin.TOURNAMENT, RAIN_FLOODS), T0); // curated preferred
        golds.pipeInput("p1", null, T0);
        winners.pipeInput("p1", null, T0);
        assertThat(goldChanges).containsExactly(
                "p1: none -> TOURNAMENT/llama3",
                "p1: TOURNAMENT/llama3 -> CURATED/Human1",
                "p1: CURATED/Human1 -> TOURNAMENT/Human2",
                "p1: TOURNAMENT/Human2 -> none");
    }

    @Test
    void recordsThatBreakTheContractGoToDeadLettersWithTheReason() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);

        Extraction misKeyed = extraction("p1", "llama3", RAIN_FLOODS);
        extractions.pipeInput("p2", misKeyed, T0);
        TestRecord<byte[], byte[]> dead = extractionsDlq.readRecord();
        assertThat(dead.value()).isEqualTo(serdes.valueSerializer(Topics.EXTRACTIONS).serialize("x", misKeyed));
        assertThat(dead.key()).isEqualTo("p2".getBytes(StandardCharsets.UTF_8));
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.MESSAGE)).contains("differs from passageId");
        extractions.pipeInput("p1", extraction("p1", "bad\u0000id", RAIN_FLOODS), T0);
        assertThat(DeadLetters.header(extractionsDlq.readRecord().headers(), DeadLetters.MESSAGE))
                .contains("annotationId must not contain U+0000");
        winners.pipeInput("p1", gold("p1", "Human9", GoldOrigin.CURATED, DAMS_FLOODS), T0);
        assertThat(DeadLetters.header(winnersDlq.readRecord().headers(), DeadLetters.MESSAGE))
                .contains("tournament-winners carries TOURNAMENT golds only");

        // Nothing of the rejected records reached the state or the output.
        assertThat(scored.isEmpty()).isTrue();
        KeyValueStore<String, Extraction> stored = driver.getKeyValueStore(ScorerTopology.EXTRACTIONS_STORE);
        assertThat(stored.approximateNumEntries()).isZero();
        extractions.pipeInput("p1", extraction("p1", "llama3", DAMS_FLOODS), T0);
        assertThat(scored.readValue().getGoldAnnotationId()).isEqualTo("Human1");
    }

    @Test
    void everyNodeAndStoreIsNamed() {
        TopologyDescription description = ScorerTopology.build(ScorerSettings.defaults().topology(), serdes,
                ScoringObserver.NONE, ScorerSettings.defaults().graphScorer()).describe();
        assertThat(description.subtopologies()).hasSize(3);
        var subtopologies = description.subtopologies().stream()
                .sorted(java.util.Comparator.comparingInt(TopologyDescription.Subtopology::id)).toList();
        List<String> nodes = subtopologies.get(0).nodes().stream()
                .map(TopologyDescription.Node::name).sorted().toList();
        assertThat(nodes).containsExactly("align", "apply-gold-graph", "apply-tournament-winner",
                "extractions-source", "gold-graphs-source", "map-keys", "measure-alignment-by-measure-sink",
                "measure-alignment-sink", "passages-source", "ratings-source", "score", "scored-graphs-by-map-sink",
                "scored-graphs-sink", "scored-graphs-source", "tournament-winners-source", "validate");
        List<String> shared = List.of("extractions-by-passage", "gold-by-passage", "scores-by-passage",
                "passages-by-id", "validated-by-passage");
        assertThat(subtopologies.get(0).nodes().stream()
                .filter(n -> n instanceof TopologyDescription.Processor)
                .map(n -> (TopologyDescription.Processor) n))
                .allSatisfy(p -> assertThat(p.stores()).as(p.name()).containsExactlyInAnyOrderElementsOf(
                        switch (p.name()) {
                            // the collective maps read a passage attribute (the map key) from the passages
                            case "map-keys" -> List.of("passages-by-id");
                            case "validate" -> java.util.stream.Stream.concat(shared.stream(),
                                    java.util.stream.Stream.of("verifier-answers")).toList();
                            case "align" -> java.util.stream.Stream.concat(shared.stream(),
                                    java.util.stream.Stream.of("tournaments-by-passage", "alignment-by-passage"))
                                    .toList();
                            default -> shared;
                        }));
        // the ALL stage reads the per-passage values repartitioned by measure
        assertThat(subtopologies.get(1).nodes().stream().map(TopologyDescription.Node::name).sorted().toList())
                .containsExactly("align-all", "measure-alignment-all-sink", "measure-alignment-by-measure-source");
        assertThat(subtopologies.get(1).nodes().stream()
                .filter(n -> n instanceof TopologyDescription.Processor)
                .map(n -> ((TopologyDescription.Processor) n).stores()))
                .containsExactly(java.util.Set.of("alignment-by-measure"));
        // the collective maps, keyed by map id, aggregated over their own stores
        assertThat(subtopologies.get(2).nodes().stream().map(TopologyDescription.Node::name).sorted().toList())
                .containsExactly("aggregate-maps", "causal-maps-sink", "scored-graphs-by-map-source");
        assertThat(subtopologies.get(2).nodes().stream()
                .filter(n -> n instanceof TopologyDescription.Processor)
                .map(n -> ((TopologyDescription.Processor) n).stores()))
                .containsExactly(java.util.Set.of("causal-map-contributions", "causal-map-resolution",
                        "causal-map-fingerprints", "causal-map-snapshots"));
    }

    /** With the default measure list every record carries the four measures; a gold change re-scores all four. */
    @Test
    void aGoldChangeRescoresUnderEveryConfiguredMeasure() {
        start(GoldPreference.CURATED, MeasureCatalog.DEFAULT_SPEC, 500, null);
        Triple heavyRain = triple("heavy rain", "flooding", INCREASE);
        extractions.pipeInput("p1", extraction("p1", "llama3", heavyRain), T0);
        assertThat(scored.readValue().getScores()).isEmpty(); // no gold yet
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);

        ScoredGraph first = scored.readValue();
        assertThat(first.getScores()).extracting(MeasureScore::getMeasure)
                .containsExactly("exact", "bleu", "rouge1", "meteor");
        // "heavy rain" vs "rain": exact no; sacrebleu 0.5 >= 0.35 yes; rouge1 F 2/3 < 0.7 no;
        // METEOR (1 match of 2 hypothesis words, 1 reference word) 0.5 * 0.5 / (0.45 + 0.1) = 0.4545 < 0.55 no.
        assertThat(first.getScores()).extracting(MeasureScore::getTp).containsExactly(0, 1, 0, 0);

        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, heavyRain), T0.plusSeconds(1));
        ScoredGraph rescored = scored.readValue();
        assertThat(rescored.getScores()).extracting(MeasureScore::getTp).containsExactly(1, 1, 1, 1);
        assertThat(rescored.getScores()).extracting(MeasureScore::getF1).containsOnly(1.0);
        assertThat(scored.isEmpty()).isTrue();
    }

    /** A hook that reads the passage text: extractions scored before their passage arrived are re-scored once. */
    @Test
    void passageTextArrivingLaterRescoresWhenTheHooksReadIt() {
        EdgeAssessor grounding = new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                return extraction.getTriples().stream().map(t -> passageText == null ? EdgeAssessment.UNCHECKED
                        : new EdgeAssessment(null, passageText.contains(t.getSource())
                        ? ValidationState.VALIDATED : ValidationState.REJECTED, List.of())).toList();
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
        start(GoldPreference.CURATED, "exact", 500,
                GraphScorer.of("exact").withHooks(grounding, GraphAlignment.NONE));
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS), T0);
        assertThat(scored.readValue().getShareValidated()).isNull();

        passages.pipeInput("p1", passage("p1", "Heavy rain causes flooding."), T0.plusSeconds(1));
        ScoredGraph validated = scored.readValue();
        assertThat(validated.getEdges()).extracting(ScoredEdge::getValidation)
                .containsExactly(ValidationState.VALIDATED, ValidationState.REJECTED);
        assertThat(validated.getShareValidated()).isEqualTo(0.5);

        // The same text again: nothing to do. A new extraction is validated on arrival.
        passages.pipeInput("p1", passage("p1", "Heavy rain causes flooding."), T0.plusSeconds(2));
        assertThat(scored.isEmpty()).isTrue();
        extractions.pipeInput("p1", extraction("p1", "Human2", DAMS_FLOODS), T0.plusSeconds(3));
        assertThat(scored.readValue().getEdges()).extracting(ScoredEdge::getValidation)
                .containsExactly(ValidationState.REJECTED);
        KeyValueStore<String, Passage> store = driver.getKeyValueStore(ScorerTopology.PASSAGES_STORE);
        assertThat(store.get("p1").getText()).isEqualTo("Heavy rain causes flooding.");
    }

    /**
     * As deployed, validation runs on worker threads: a record only queues its job, and the stream thread publishes
     * the result when it has finished (after a later record, or by the wall-clock punctuation), never waiting for
     * it. A gold change then re-scores the validated graph without asking the assessor again.
     */
    @Test
    void validationRunsOffTheStreamThreadAndAGoldChangeDoesNotRunItAgain() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        EdgeAssessor slow = new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                calls.incrementAndGet();
                threads.add(Thread.currentThread().getName());
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return extraction.getTriples().stream().map(t -> new EdgeAssessment(0.8, ValidationState.VALIDATED,
                        List.of())).toList();
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
        GraphScorer scorer = GraphScorer.of("exact").withHooks(slow, GraphAlignment.NONE);
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer, 1, Duration.ofSeconds(30), o -> { })) {
            start(GoldPreference.CURATED, "exact", 500, scorer, workers);
            passages.pipeInput("p1", passage("p1", "Rain causes flooding."), T0);
            extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0.plusSeconds(1));
            assertThat(scored.isEmpty()).as("the stream thread did not wait for validation").isTrue();

            release.countDown();
            for (int i = 0; i < 200 && scored.isEmpty(); i++) {
                driver.advanceWallClockTime(Duration.ofMillis(50));
                Thread.sleep(5);
            }
            ScoredGraph validated = scored.readValue();
            assertThat(validated.getEdges()).extracting(ScoredEdge::getValidation)
                    .containsExactly(ValidationState.VALIDATED);
            assertThat(validated.getGoldAnnotationId()).isNull();
            assertThat(validated.getScoredAt()).as("stamped with its trigger").isEqualTo(T0.plusSeconds(1));
            assertThat(threads).allSatisfy(t -> assertThat(t).startsWith("edge-validation-"));

            golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0.plusSeconds(2));
            ScoredGraph scoredGraph = scored.readValue();
            assertThat(scoredGraph.getGoldAnnotationId()).isEqualTo("Human1");
            assertThat(scoredGraph.getEdges()).isEqualTo(validated.getEdges());
            assertThat(calls).as("validated once").hasValue(1);
        }
    }

    /** A job overtaken by a newer extraction of the same annotation is dropped; only the newest is published. */
    @Test
    void anOvertakenValidationIsDropped() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        EdgeAssessor gated = new EdgeAssessor() {
            @Override
            public List<EdgeAssessment> assess(Extraction extraction, String passageText) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return extraction.getTriples().stream().map(t -> new EdgeAssessment(null, ValidationState.VALIDATED,
                        List.of())).toList();
            }

            @Override
            public boolean usesPassageText() {
                return true;
            }
        };
        GraphScorer scorer = GraphScorer.of("exact").withHooks(gated, GraphAlignment.NONE);
        try (ValidationWorkers workers = ValidationWorkers.pool(scorer, 2, Duration.ofSeconds(30), o -> { })) {
            start(GoldPreference.CURATED, "exact", 500, scorer, workers);
            passages.pipeInput("p1", passage("p1", "Rain causes flooding."), T0);
            extractions.pipeInput("p1", extraction("p1", "llama3", TOURISM_LITTER), T0);
            extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS, DAMS_FLOODS), T0);
            release.countDown();
            for (int i = 0; i < 200 && scored.isEmpty(); i++) {
                driver.advanceWallClockTime(Duration.ofMillis(50));
                Thread.sleep(5);
            }
            for (int i = 0; i < 10; i++) { // let a stale result, if any, arrive too
                driver.advanceWallClockTime(Duration.ofMillis(50));
                Thread.sleep(5);
            }
            List<ScoredGraph> out = scored.readValuesToList();
            assertThat(out).hasSize(1);
            assertThat(out.getFirst().getEdges()).extracting(e -> e.getTriple().getSource())
                    .containsExactly("rain", "dams");
        }
    }

    /** The scorer's staged validation with the shipped reader and, switched on, the CESAR head on every edge. */
    @Test
    void anExtractionThroughTheScorerCarriesStrengthAndValidationPerEdge() {
        try (EdgeValidation validation = EdgeValidation.open(ValidationSettings.defaults().withStrength(true),
                CesarSettings.defaults())) {
            start(GoldPreference.CURATED, "exact", 500,
                    GraphScorer.of("exact").withHooks(new ValidationAssessor(validation), GraphAlignment.NONE));
            passages.pipeInput("p1", passage("p1", "Heavy rain causes flooding. Dams reduce flooding downstream."),
                    T0);
            golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
            extractions.pipeInput("p1", extraction("p1", "llama3", triple("heavy rain", "flooding", INCREASE),
                    triple("flooding", "dams", DECREASE), TOURISM_LITTER), T0);

            ScoredGraph graph = scored.readValue();
            List<ScoredEdge> edges = graph.getEdges();
            assertThat(edges).extracting(e -> e.getTriple().getSource()).containsExactly("heavy rain", "flooding",
                    "tourism");
            // grounded with a consistent cue; reversed against "Dams reduce flooding"; named nowhere in the text
            // but plausible (CESAR vouches for tourism -> litter): HYPOTHESIZED, EmpiriGraph's state for it
            assertThat(edges).extracting(ScoredEdge::getValidation).containsExactly(ValidationState.VALIDATED,
                    ValidationState.REJECTED, ValidationState.HYPOTHESIZED);
            for (ScoredEdge e : edges) {
                assertThat(e.getStrength()).as("CESAR strength").isBetween(0.0, 1.0);
                assertThat(e.getStages()).extracting(StageVerdict::getStage).containsExactly("grounding",
                        "normalisation", "evidence", "strength", "verification");
            }
            assertThat(edges.get(0).getStages().get(4).getReason())
                    .startsWith("reader " + TunedReader.SHIPPED_NAME + " reads INCREASE");
            assertThat(edges.get(1).getStages().get(4).getReason())
                    .contains("cue 'reduce' runs target -> source: direction reversed");
            assertThat(edges.get(2).getStages().get(0).getReason()).contains("'tourism' not found in the passage");
            assertThat(edges.get(2).getStages().get(3).getPassed()).isTrue();
            assertThat(graph.getShareValidated()).isCloseTo(1.0 / 3, within(1e-12));
            assertThat(graph.getMeanStrength()).isCloseTo(edges.stream().mapToDouble(ScoredEdge::getStrength)
                    .average().orElseThrow(), within(1e-12));
        }
    }

    @Test
    void withoutTextHooksAPassageIsStoredAndEmitsNothing() {
        start(GoldPreference.CURATED);
        golds.pipeInput("p1", gold("p1", "Human1", GoldOrigin.CURATED, RAIN_FLOODS), T0);
        extractions.pipeInput("p1", extraction("p1", "llama3", RAIN_FLOODS), T0);
        scored.readValue();

        passages.pipeInput("p1", passage("p1", "Rain floods."), T0);
        assertThat(scored.isEmpty()).isTrue();
        passages.pipeInput("p9", passage("p1", "Mis-keyed."), T0);
        assertThat(DeadLetters.header(passagesDlq.readRecord().headers(), DeadLetters.MESSAGE))
                .contains("differs from passageId");
        KeyValueStore<String, Passage> store = driver.getKeyValueStore(ScorerTopology.PASSAGES_STORE);
        assertThat(store.get("p1").getText()).isEqualTo("Rain floods.");
        assertThat(store.get("p9")).isNull();
    }

    /**
     * A passage over the common limit (passage.max.chars, 20,000 by default) is the extractor's to dead-letter: the
     * scorer keeps no text for it (a text it had is forgotten) and writes no second dead letter.
     */
    @Test
    void aPassageOverTheCommonLimitIsSkippedNotDeadLetteredAgain() {
        start(GoldPreference.CURATED);
        passages.pipeInput("p1", passage("p1", "Rain floods."), T0);
        KeyValueStore<String, Passage> store = driver.getKeyValueStore(ScorerTopology.PASSAGES_STORE);
        assertThat(store.get("p1").getText()).isEqualTo("Rain floods.");
        String atLimit = "Rain floods. ".repeat(2000).substring(0, CommonSettings.DEFAULT_PASSAGE_MAX_CHARS);
        passages.pipeInput("p2", passage("p2", atLimit), T0);
        assertThat(store.get("p2").getText()).hasSize(20_000);
        passages.pipeInput("p1", passage("p1", atLimit + "x"), T0);
        passages.pipeInput("p3", passage("p3", atLimit + "x"), T0);
        assertThat(passagesDlq.isEmpty()).isTrue();
        assertThat(store.get("p3")).isNull();
        assertThat(store.get("p1")).isNull();
    }

    /**
     * Bad input never stops the stream and each has a defined result: empty graphs (both empty 1.0, one empty 0),
     * blank node names (match nothing), non-Latin text (scored like any text), very long names (cut to 1,000
     * characters for the measures), and more edges than {@code scorer.max.edges} (dead-lettered).
     */
    @Test
    void badInputHasDefinedResultsAndNeverStopsTheStream() {
        start(GoldPreference.CURATED, MeasureCatalog.DEFAULT_SPEC, 3, null);
        golds.pipeInput("empty", gold("empty", "Human1", GoldOrigin.CURATED), T0);
        extractions.pipeInput("empty", extraction("empty", "llama3"), T0);
        assertThat(scored.readValue().getScores()).extracting(MeasureScore::getF1).containsOnly(1.0);
        extractions.pipeInput("empty", extraction("empty", "mistral", RAIN_FLOODS), T0);
        assertThat(scored.readValue().getScores()).extracting(MeasureScore::getFp).containsOnly(1);

        Triple blank = triple("  ", "flooding", INCREASE);
        golds.pipeInput("blank", gold("blank", "Human1", GoldOrigin.CURATED, blank, RAIN_FLOODS), T0);
        extractions.pipeInput("blank", extraction("blank", "llama3", blank, RAIN_FLOODS), T0);
        // TP 1 (rain), the blank edges FP 1 and FN 1: F1 = 2 / 4.
        assertThat(scored.readValue().getScores()).extracting(MeasureScore::getF1).containsOnly(0.5);

        Triple chinese = triple("暴雨 天气", "洪水", INCREASE);
        Triple chineseLonger = triple("暴雨 天气 持续", "洪水", INCREASE);
        String longName = "rain ".repeat(5_000);
        Triple longTriple = triple(longName, "flooding", INCREASE);
        golds.pipeInput("intl", gold("intl", "Human1", GoldOrigin.CURATED, chinese, longTriple), T0);
        extractions.pipeInput("intl", extraction("intl", "llama3", chineseLonger, longTriple), T0);
        ScoredGraph intl = scored.readValue();
        // The identical long label matches under every measure. "暴雨 天气 持续" vs "暴雨 天气": sacrebleu 0.55 and
        // METEOR 0.89 match it; rouge_score has no tokens for Chinese text (0), and exact does not.
        assertThat(intl.getScores()).extracting(MeasureScore::getTp).containsExactly(1, 2, 1, 2);

        Triple[] four = {RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE};
        extractions.pipeInput("intl", extraction("intl", "mistral", four), T0);
        assertThat(DeadLetters.header(extractionsDlq.readRecord().headers(), DeadLetters.MESSAGE))
                .contains("4 edges, more than scorer.max.edges = 3");
        extractions.pipeInput("intl", extraction("intl", "Human2", chinese), T0);
        assertThat(scored.readValue().getAnnotationId()).isEqualTo("Human2");
    }

    private static Passage passage(String id, String text) {
        return Passage.newBuilder().setId(id).setText(text).setPublishedAt(T0).build();
    }

    /** The records scored against a gold, leaving out those published while the passage had none. */
    private static List<ScoredGraph> againstGold(List<ScoredGraph> records) {
        return records.stream().filter(g -> g.getGoldAnnotationId() != null).toList();
    }

    private static void assertExact(ScoredGraph g, int tp, int pp, int fp, int fn, double f1, double f1Strict) {
        assertThat(g.getScores()).hasSize(1);
        MeasureScore m = g.getScores().get(0);
        assertThat(m.getMeasure()).isEqualTo("exact");
        assertThat(m.getThreshold()).isEqualTo(1.0);
        assertThat(new int[] {m.getTp(), m.getPp(), m.getFp(), m.getFn()}).containsExactly(tp, pp, fp, fn);
        assertThat(m.getF1()).isCloseTo(f1, within(1e-12));
        assertThat(m.getF1Strict()).isCloseTo(f1Strict, within(1e-12));
    }

    private static org.assertj.core.groups.Tuple tuple(Object... values) {
        return org.assertj.core.groups.Tuple.tuple(values);
    }
}
