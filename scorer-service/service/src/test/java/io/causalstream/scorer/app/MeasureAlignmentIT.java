package io.causalstream.scorer.app;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static io.causalstream.testkit.Samples.extraction;
import static io.causalstream.testkit.Samples.gold;
import static io.causalstream.testkit.Samples.triple;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * measure-alignment end to end through the real broker and registry: a tournament on {@code ratings} and the
 * scored graphs of its passage give {@code passageId|measure} records and, through the repartition topic,
 * {@code ALL|measure} records on {@code measure-alignment}.
 */
@ExtendWith(KafkaTestCluster.class)
class MeasureAlignmentIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Triple RAIN_FLOODS = triple("rain", "flooding", INCREASE);
    private static final Triple DAMS_FLOODS = triple("dams", "flooding", DECREASE);
    private static final Triple FLOODS_CROPS = triple("flooding", "crop yield", DECREASE);
    private static final Triple LITTER_WILDLIFE = triple("litter", "wildlife", DECREASE);
    private static final Triple TOURISM_LITTER = triple("tourism", "litter", INCREASE);

    private static Player player(String id, double elo) {
        return Player.newBuilder().setAnnotationId(id).setElo(elo).setGames(3).setWins(1).setLosses(1).setTies(1)
                .build();
    }

    @Test
    void ratingsAndScoredGraphsProduceMeasureAlignment(TestCluster cluster, @TempDir Path stateDir)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String passage = "alignment-it-" + run;
        var config = cluster.streamsService("alignment-it-" + run, stateDir, Map.of());

        try (ScorerService service = ScorerService.start(config)) {
            cluster.send(Topics.GOLD_GRAPHS, passage, gold(passage, "Human1", GoldOrigin.CURATED,
                    RAIN_FLOODS, DAMS_FLOODS, FLOODS_CROPS, LITTER_WILDLIFE));
            // F1 against the gold: all four edges (1), two of three (4/7), one unrelated edge (at most 0.4)
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "best", RAIN_FLOODS, DAMS_FLOODS,
                    FLOODS_CROPS, LITTER_WILDLIFE));
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "middle", RAIN_FLOODS, DAMS_FLOODS,
                    TOURISM_LITTER));
            cluster.send(Topics.EXTRACTIONS, passage, extraction(passage, "worst", TOURISM_LITTER));
            // the humans rank them in the reverse order; the gold leads and is not ranked against itself
            cluster.send(Topics.RATINGS, passage, Tournament.newBuilder().setPassageId(passage)
                    .setPlayers(List.of(player("Human1", 1100), player("worst", 1040), player("middle", 1000),
                            player("best", 960)))
                    .setLeader("Human1").setJudgmentsApplied(9).setUpdatedAt(Instant.now()).build());

            String key = passage + "|meteor@0.55";
            List<ConsumerRecord<String, MeasureAlignment>> records = cluster.readUntil(Topics.MEASURE_ALIGNMENT,
                    WAIT, rs -> rs.stream().anyMatch(r -> r.key().equals(key) && r.value().getN() == 3)
                            && rs.stream().anyMatch(r -> r.key().equals("ALL|meteor@0.55")
                            && r.value().getN() == 3));
            MeasureAlignment perPassage = records.stream().filter(r -> r.key().equals(key))
                    .filter(r -> r.value().getN() == 3).reduce((a, b) -> b).orElseThrow().value();
            assertThat(perPassage.getScope()).isEqualTo(passage);
            assertThat(perPassage.getSpearman()).isCloseTo(-1.0, within(1e-12));
            assertThat(perPassage.getThreshold()).isEqualTo(0.55);
            MeasureAlignment all = records.stream().filter(r -> r.key().equals("ALL|meteor@0.55"))
                    .filter(r -> r.value().getN() == 3).reduce((a, b) -> b).orElseThrow().value();
            assertThat(all.getSpearman()).isCloseTo(-1.0, within(1e-12));
            assertThat(all.getPassages()).isEqualTo(1);
            assertThat(records).extracting(ConsumerRecord::key).contains(passage + "|exact@1",
                    passage + "|bleu@0.35", passage + "|rouge1@0.7", "ALL|exact@1");
        }
    }
}
