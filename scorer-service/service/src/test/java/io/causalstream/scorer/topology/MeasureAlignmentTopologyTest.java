package io.causalstream.scorer.topology;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.scorer.app.ScorerService;
import io.causalstream.scorer.app.ScorerSettings;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.serde.SerdeFactory;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * measure-alignment through the scorer's topology: ratings and scored graphs give per-passage Spearman records
 * (the gold not ranked) and the ALL record with its Student-t interval, updated when the tournament changes.
 */
class MeasureAlignmentTopologyTest {

    private static final Instant T0 = Instant.ofEpochMilli(1_700_000_000_000L);
    private static final Triple RAIN_FLOODS = triple("rain", "flooding", INCREASE);
    private static final Triple DAMS_FLOODS = triple("dams", "flooding", DECREASE);
    private static final Triple FLOODS_CROPS = triple("flooding", "crop yield", DECREASE);
    private static final Triple LITTER_WILDLIFE = triple("litter", "wildlife", DECREASE);
    private static final Triple TOURISM_LITTER = triple("tourism", "litter", INCREASE);

    @TempDir
    Path stateDir;

    private final SerdeFactory serdes = new RegistryFreeSerdes();
    private TopologyTestDriver driver;
    private TestInputTopic<String, Extraction> extractions;
    private TestInputTopic<String, GoldGraph> golds;
    private TestInputTopic<String, Tournament> ratings;
    private TestOutputTopic<String, MeasureAlignment> alignment;

    @BeforeEach
    void start() {
        ScorerSettings settings = ScorerSettings.defaults();
        settings = new ScorerSettings(new CommonSettings(settings.bootstrapServers(), settings.schemaRegistryUrl(),
                settings.httpHost(), 0, null, "alignment-topology-test", stateDir.toString(), null, null),
                GoldPreference.CURATED, "exact", 500, 1,
                ScorerSettings.DEFAULT_VALIDATION_BUDGET_MS, Map.of());
        Properties props = ScorerService.streamsProperties(settings, null);
        driver = new TopologyTestDriver(ScorerTopology.build(settings.topology(), serdes, ScoringObserver.NONE,
                settings.graphScorer()), props, T0);
        extractions = driver.createInputTopic(Topics.EXTRACTIONS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.EXTRACTIONS));
        golds = driver.createInputTopic(Topics.GOLD_GRAPHS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.GOLD_GRAPHS));
        ratings = driver.createInputTopic(Topics.RATINGS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.RATINGS));
        alignment = driver.createOutputTopic(Topics.MEASURE_ALIGNMENT.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.MEASURE_ALIGNMENT));
    }

    @AfterEach
    void close() {
        driver.close();
    }

    /** Gold H0 (4 edges); A1 finds all of them (F1 1), A2 two of three (F1 4/7), A3 none (F1 0). */
    private void passage(String p) {
        golds.pipeInput(p, gold(p, "H0", GoldOrigin.CURATED, RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS,
                LITTER_WILDLIFE), T0);
        extractions.pipeInput(p, extraction(p, "A1", RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE), T0);
        extractions.pipeInput(p, extraction(p, "A2", RAIN_FLOODS, DAMS_FLOODS, TOURISM_LITTER), T0);
        extractions.pipeInput(p, extraction(p, "A3", TOURISM_LITTER), T0);
    }

    private static Tournament tournament(String p, Object... idElo) {
        List<Player> players = new ArrayList<>();
        for (int i = 0; i < idElo.length; i += 2) {
            players.add(Player.newBuilder().setAnnotationId((String) idElo[i]).setElo((Double) idElo[i + 1])
                    .setGames(1).setWins(0).setLosses(0).setTies(0).build());
        }
        return Tournament.newBuilder().setPassageId(p).setPlayers(players).setLeader((String) idElo[0])
                .setJudgmentsApplied(10).setUpdatedAt(T0).build();
    }

    @Test
    void ratingsAndScoredGraphsGivePerPassageAndOverallAgreement() {
        passage("p1");
        assertThat(alignment.readKeyValuesToList()).as("no tournament yet, no agreement").isEmpty();

        // the gold H0 leads but is not ranked against itself: A1 > A2 > A3 in Elo and in F1
        ratings.pipeInput("p1", tournament("p1", "H0", 1100.0, "A1", 1050.0, "A2", 1000.0, "A3", 950.0), T0);
        List<KeyValue<String, MeasureAlignment>> out = alignment.readKeyValuesToList();
        assertThat(out).extracting(kv -> kv.key).containsExactly("p1|exact@1", "ALL|exact@1");
        MeasureAlignment p1 = out.get(0).value;
        assertThat(p1.getScope()).isEqualTo("p1");
        assertThat(p1.getMeasure()).isEqualTo("exact@1");
        assertThat(p1.getSpearman()).isEqualTo(1.0);
        assertThat(p1.getN()).isEqualTo(3);
        assertThat(p1.getPassages()).isZero();
        assertThat(p1.getCiLow()).isNull();
        MeasureAlignment all = out.get(1).value;
        assertThat(all.getScope()).isEqualTo("ALL");
        assertThat(all.getSpearman()).isEqualTo(1.0);
        assertThat(all.getPassages()).isEqualTo(1);
        assertThat(all.getCiLow()).as("one passage: no interval").isNull();

        // A3 overtakes: Elo ranks A2 < A1 < A3, F1 ranks A3 < A2 < A1 -> rho = -1/2
        ratings.pipeInput("p1", tournament("p1", "H0", 1100.0, "A3", 1060.0, "A1", 1050.0, "A2", 1000.0), T0);
        out = alignment.readKeyValuesToList();
        assertThat(out).extracting(kv -> kv.key).containsExactly("p1|exact@1", "ALL|exact@1");
        assertThat(out.get(0).value.getSpearman()).isCloseTo(-0.5, within(1e-12));

        // a second passage in agreement: ALL = mean(-1/2, 1) with the Student-t interval over 2 passages
        passage("p2");
        assertThat(alignment.readKeyValuesToList()).isEmpty();
        ratings.pipeInput("p2", tournament("p2", "A1", 1050.0, "A2", 1000.0, "A3", 950.0), T0);
        out = alignment.readKeyValuesToList();
        assertThat(out).extracting(kv -> kv.key).containsExactly("p2|exact@1", "ALL|exact@1");
        all = out.get(1).value;
        double half = 12.706204736174698 * (1.5 / Math.sqrt(2)) / Math.sqrt(2);
        assertThat(all.getSpearman()).isCloseTo(0.25, within(1e-12));
        assertThat(all.getCiLow()).isCloseTo(0.25 - half, within(1e-9));
        assertThat(all.getCiHigh()).isCloseTo(0.25 + half, within(1e-9));
        assertThat(all.getCiLevel()).isEqualTo(0.95);
        assertThat(all.getPassages()).isEqualTo(2);
        assertThat(all.getN()).isEqualTo(6);

        // the same tournament again changes nothing: no record
        ratings.pipeInput("p2", tournament("p2", "A1", 1050.0, "A2", 1000.0, "A3", 950.0), T0);
        assertThat(alignment.readKeyValuesToList()).isEmpty();
    }

    @Test
    void aChangedScoreUpdatesTheAgreementAndAForgottenTournamentStopsIt() {
        passage("p1");
        ratings.pipeInput("p1", tournament("p1", "A1", 1050.0, "A2", 1000.0, "A3", 950.0), T0);
        assertThat(alignment.readKeyValuesToList()).hasSize(2);

        // A3 re-extracted with every gold edge: F1 ranks A2 < A1 = A3, Elo A3 < A2 < A1 -> rho = 0
        extractions.pipeInput("p1", extraction("p1", "A3", RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE),
                T0);
        List<KeyValue<String, MeasureAlignment>> out = alignment.readKeyValuesToList();
        assertThat(out).extracting(kv -> kv.key).containsExactly("p1|exact@1", "ALL|exact@1");
        assertThat(out.get(0).value.getSpearman()).isCloseTo(0.0, within(1e-12));

        ratings.pipeInput("p1", null, T0);
        extractions.pipeInput("p1", extraction("p1", "A2", RAIN_FLOODS), T0);
        assertThat(alignment.readKeyValuesToList()).as("tournament deleted: nothing to compare with").isEmpty();
    }
}
