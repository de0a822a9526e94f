package io.causalstream.elo.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.deadletter.DeadLetters;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.elo.app.EloSettings;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.topology.JudgmentListener.Reason;
import io.causalstream.elo.topology.JudgmentListener.Verdict;
import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.elo.tournament.BtRating;
import io.causalstream.elo.tournament.BtSettings;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.testkit.RegistryFreeSerdes;
import io.causalstream.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EloTopologyTest {

    private static final double EPS = 1e-9;
    private static final String P = "p-topo";
    private static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");

    private static final List<Triple> HUMAN_A_TRIPLES = List.of(triple("rainfall", "flooding", Direction.INCREASE));
    private static final List<Triple> HUMAN_B_TRIPLES = List.of(triple("rainfall", "flood risk", Direction.INCREASE),
            triple("drainage", "flood risk", Direction.DECREASE));
    private static final List<Triple> LLAMA_TRIPLES = List.of(triple("rain", "crops", Direction.DECREASE));

    @TempDir
    Path stateDir;

    private final RegistryFreeSerdes serdes = new RegistryFreeSerdes();
    private final List<Verdict> verdicts = new CopyOnWriteArrayList<>();
    private final List<Reason> reasons = new CopyOnWriteArrayList<>();
    private final JudgmentListener listener = (verdict, reason) -> {
        verdicts.add(verdict);
        reasons.add(reason);
    };
    private TestInputTopic<String, Passage> passages;
    private TopologyTestDriver driver;
    private TestInputTopic<String, Extraction> extractions;
    private TestInputTopic<String, Judgment> judgments;
    private TestInputTopic<String, byte[]> rawJudgments;
    private TestOutputTopic<String, Tournament> ratings;
    private TestOutputTopic<String, GoldGraph> winners;
    private TestOutputTopic<byte[], byte[]> judgmentsDlq;
    private TestOutputTopic<byte[], byte[]> extractionsDlq;

    private void start(String ties) {
        start(ties, Map.of());
    }

    private void start(String ties, Map<String, String> more) {
        Map<String, String> cfg = new HashMap<>(more);
        cfg.put("state.dir", stateDir.toString());
        cfg.put("kafka.bootstrap.servers", "unused:9092");
        cfg.put("elo.ties", ties);
        // the driver feeds one record at a time on a clock that does not move: waiting for the other input topic
        // (max.task.idle.ms, for timestamp order in production) would hold every record back
        cfg.putIfAbsent("kafka.streams.max.task.idle.ms", "0");
        // refits on the stream thread, so one advance of the clock shows their result (one test covers async)
        cfg.putIfAbsent("elo.bt.refit.async", "false");
        EloSettings settings = EloSettings.from(Config.of(cfg));
        driver = new TopologyTestDriver(EloTopology.build(settings.topology(), serdes, listener),
                settings.streamsProperties("localhost:7070", listener));
        passages = driver.createInputTopic(Topics.PASSAGES.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.PASSAGES));
        extractions = driver.createInputTopic(Topics.EXTRACTIONS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.EXTRACTIONS));
        judgments = driver.createInputTopic(Topics.JUDGMENTS.name(), new StringSerializer(),
                serdes.valueSerializer(Topics.JUDGMENTS));
        rawJudgments = driver.createInputTopic(Topics.JUDGMENTS.name(), new StringSerializer(),
                new ByteArraySerializer());
        ratings = driver.createOutputTopic(Topics.RATINGS.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.RATINGS));
        winners = driver.createOutputTopic(Topics.TOURNAMENT_WINNERS.name(), new StringDeserializer(),
                serdes.valueDeserializer(Topics.TOURNAMENT_WINNERS));
        judgmentsDlq = driver.createOutputTopic(Topics.JUDGMENTS.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        extractionsDlq = driver.createOutputTopic(Topics.EXTRACTIONS.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    @AfterEach
    void stop() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Three annotations of passage P: two by people (HumanA, HumanB), one by a model (llama3). */
    private void publishAnnotations() {
        extractions.pipeInput(P, extraction("HumanA", "HumanA", AnnotatorKind.HUMAN, HUMAN_A_TRIPLES), T0);
        extractions.pipeInput(P, extraction("HumanB", "HumanB", AnnotatorKind.HUMAN, HUMAN_B_TRIPLES), T0);
        extractions.pipeInput(P, extraction("llama3", "llama3", AnnotatorKind.MODEL, LLAMA_TRIPLES), T0);
    }

    @Test
    void ratingsFollowTheHandComputedElo() {
        start("half");
        publishAnnotations();

        // j1: HumanA beats llama3 from 1000 each: E = 0.5, HumanA 1000 + 32 * 0.5 = 1016, llama3 984
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        // j2: HumanB (new, 1000) beats HumanA (1016):
        //   E_B = 1 / (1 + 10^(16/400)) = 1 / (1 + 1.0964781961) = 0.4769904127
        //   HumanB = 1000 + 32 * (1 - 0.4769904127) = 1016.7363067935
        //   HumanA = 1016 - 16.7363067935 = 999.2636932065
        judge("j2", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 2);
        // j3: llama3 (984) ties HumanA (999.2636932065), rater HumanB (author of neither):
        //   E_llama3 = 1 / (1 + 10^(15.2636932065/400)) = 0.4780479009
        //   llama3 = 984 + 32 * (0.5 - 0.4780479009) = 984.7024671725
        //   HumanA = 999.2636932065 - 0.7024671725 = 998.5612260340
        judge("j3", "HumanB", "llama3", "HumanA", Outcome.TIE, 3);

        List<TestRecord<String, Tournament>> out = ratings.readRecordsToList();
        assertThat(out).hasSize(3).allSatisfy(r -> assertThat(r.key()).isEqualTo(P));

        Tournament first = out.get(0).value();
        assertThat(first.getLeader()).isEqualTo("HumanA");
        assertThat(first.getJudgmentsApplied()).isEqualTo(1);
        assertThat(first.getPlayers()).extracting(Player::getAnnotationId, Player::getElo)
                .containsExactly(tuple("HumanA", 1016.0), tuple("llama3", 984.0));

        Tournament second = out.get(1).value();
        assertThat(second.getLeader()).isEqualTo("HumanB");
        assertElos(second, Map.of("HumanB", 1016.7363067935, "HumanA", 999.2636932065, "llama3", 984.0));
        assertThat(second.getPlayers()).extracting(Player::getAnnotationId)
                .containsExactly("HumanB", "HumanA", "llama3");

        Tournament third = out.get(2).value();
        assertThat(third.getJudgmentsApplied()).isEqualTo(3);
        assertThat(third.getLeader()).isEqualTo("HumanB");
        assertThat(third.getUpdatedAt()).isEqualTo(T0.plusSeconds(3));
        assertElos(third, Map.of("HumanB", 1016.7363067935, "HumanA", 998.5612260340, "llama3", 984.7024671725));
        assertThat(third.getPlayers()).extracting(Player::getAnnotationId, Player::getGames, Player::getWins,
                        Player::getLosses, Player::getTies)
                .containsExactly(tuple("HumanB", 1, 1, 0, 0), tuple("HumanA", 3, 1, 1, 1),
                        tuple("llama3", 2, 0, 1, 1));

        KeyValueStore<String, Tournament> store = driver.getKeyValueStore(EloTopology.TOURNAMENTS_STORE);
        assertThat(store.get(P)).isEqualTo(third);
        assertThat(verdicts).containsExactly(Verdict.APPLIED, Verdict.APPLIED, Verdict.APPLIED);
    }

    @Test
    void aDuplicateJudgmentIdIsCountedOnce() {
        start("half");
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        // a producer retry, and even a different payload under the same id, is ignored
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 2);
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.RIGHT, 3);

        assertThat(ratings.readValuesToList()).singleElement().satisfies(t -> {
            assertThat(t.getJudgmentsApplied()).isEqualTo(1);
            assertElos(t, Map.of("HumanA", 1016.0, "llama3", 984.0));
        });
        assertThat(driver.<String, Tournament>getKeyValueStore(EloTopology.TOURNAMENTS_STORE).get(P)
                .getJudgmentsApplied()).isEqualTo(1);
        assertThat(driver.<String, Long>getKeyValueStore(EloTopology.SEEN_JUDGMENTS_STORE).get("j1"))
                .isEqualTo(T0.plusSeconds(1).toEpochMilli());
        assertThat(judgmentsDlq.isEmpty()).isTrue();
        assertThat(verdicts).containsExactly(Verdict.APPLIED, Verdict.DUPLICATE, Verdict.DUPLICATE);
    }

    @Test
    void invalidJudgmentsGoToDeadLettersWithTheReasonAndChangeNothing() {
        start("half");
        publishAnnotations();
        judge("own", "HumanA", "HumanA", "llama3", Outcome.LEFT, 1);          // rates own annotation (left)
        judge("own2", "humanb", "llama3", "HumanB", Outcome.RIGHT, 2);        // own annotation (right), other case
        judge("unknown", "HumanC", "HumanA", "gpt4", Outcome.LEFT, 3);        // not an annotation of P
        judge("same", "HumanC", "llama3", "llama3", Outcome.TIE, 4);          // left == right
        judge("blank", " ", "HumanA", "llama3", Outcome.TIE, 5);              // blank rater
        judgments.pipeInput("other-passage", judgment("wrongkey", "HumanC", "HumanA", "llama3", Outcome.LEFT),
                T0.plusSeconds(6));                                             // keyed by another passage

        List<TestRecord<byte[], byte[]>> dead = judgmentsDlq.readRecordsToList();
        assertThat(dead).extracting(r -> DeadLetters.header(r.headers(), DeadLetters.MESSAGE)).satisfiesExactly(
                m -> assertThat(m).contains("judgment own:").contains("rater 'HumanA' is the author of annotation "
                        + "'HumanA'"),
                m -> assertThat(m).contains("judgment own2:").contains("is the author of annotation 'HumanB'"),
                m -> assertThat(m).contains("judgment unknown:")
                        .contains("right annotation 'gpt4' is not an annotation of passage 'p-topo'"),
                m -> assertThat(m).contains("judgment same:").contains("left and right are the same annotation"),
                m -> assertThat(m).contains("judgment blank:").contains("raterId is blank"),
                m -> assertThat(m).contains("judgment wrongkey:").contains("record key 'other-passage'"));
        assertThat(dead).allSatisfy(r -> {
            assertThat(DeadLetters.header(r.headers(), DeadLetters.EXCEPTION))
                    .isEqualTo(InvalidRecordException.class.getName());
            assertThat(DeadLetters.header(r.headers(), DeadLetters.TOPIC)).isEqualTo("judgments");
        });
        // the dead letter holds the original bytes: they decode to the rejected judgment
        assertThat(serdes.valueDeserializer(Topics.JUDGMENTS).deserialize("judgments", dead.get(0).value())
                .getJudgmentId()).isEqualTo("own");
        assertThat(new String(dead.get(0).key(), StandardCharsets.UTF_8)).isEqualTo(P);

        assertThat(ratings.isEmpty()).isTrue();
        assertThat(winners.isEmpty()).isTrue();
        assertThat(driver.<String, Tournament>getKeyValueStore(EloTopology.TOURNAMENTS_STORE).get(P)).isNull();
        assertThat(driver.<String, Long>getKeyValueStore(EloTopology.SEEN_JUDGMENTS_STORE).get("own")).isNull();
        assertThat(verdicts).hasSize(6).containsOnly(Verdict.INVALID);
        assertThat(reasons).containsExactly(Reason.OWN_ANNOTATION, Reason.OWN_ANNOTATION, Reason.UNKNOWN_ANNOTATION,
                Reason.SAME_ANNOTATION, Reason.MALFORMED, Reason.KEY_MISMATCH);

        // the stream goes on: a valid judgment after them counts from 1000 each
        judge("ok", "HumanC", "HumanA", "llama3", Outcome.LEFT, 7);
        assertThat(ratings.readValuesToList()).singleElement()
                .satisfies(t -> assertElos(t, Map.of("HumanA", 1016.0, "llama3", 984.0)));
    }

    @Test
    void undecodableJudgmentGoesToDeadLetters() {
        // Under exactly-once the test driver drops what a skipped record produced (it clears its mock producer's
        // open transaction before the next commit), so this wiring test runs at-least-once; EloServiceIT checks
        // the same dead letter under exactly-once through a real broker.
        start("half", Map.of("kafka.streams.processing.guarantee", "at_least_once"));
        rawJudgments.pipeInput(P, new byte[] {0, 0, 0, 0, 9, 42}, T0);
        assertThat(judgmentsDlq.readRecordsToList()).singleElement().satisfies(r -> {
            assertThat(r.value()).containsExactly(0, 0, 0, 0, 9, 42);
            assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE)).contains("not a valid Judgment");
        });
        assertThat(ratings.isEmpty()).isTrue();
        assertThat(verdicts).containsExactly(Verdict.INVALID);
        assertThat(reasons).containsExactly(Reason.UNDECODABLE);
    }

    @Test
    void aJudgmentBeforeItsAnnotationsArrivedIsInvalid() {
        start("half");
        judge("early", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        assertThat(judgmentsDlq.readRecordsToList()).singleElement()
                .satisfies(r -> assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                        .contains("left annotation 'HumanA' is not an annotation of passage 'p-topo'"));
    }

    @Test
    void winnerIsPublishedOnlyWhenTheLeaderChangesWithTheLeadersTriples() {
        start("half");
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);   // leader: none -> HumanA
        judge("j2", "HumanC", "HumanA", "llama3", Outcome.LEFT, 2);   // HumanA stays leader
        judge("j3", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 3);   // HumanB takes the lead (see below)
        judge("j4", "HumanB", "llama3", "HumanA", Outcome.TIE, 4);    // no leader change

        // after j2 HumanA = 1016 + 32 * (1 - 1 / (1 + 10^(-32/400))) = 1016 + 32 * 0.4540780772 = 1030.5304984710;
        // j3: HumanB (1000) beats HumanA (1030.53): HumanB = 1000 + 32 * (1 - 1 / (1 + 10^(30.53/400)))
        //   = 1000 + 32 * 0.5438 = 1017.40..., HumanA = 1030.53 - 17.40 = 1013.13...: HumanB leads
        List<TestRecord<String, GoldGraph>> out = winners.readRecordsToList();
        assertThat(out).extracting(r -> r.value().getAnnotationId()).containsExactly("HumanA", "HumanB");
        GoldGraph first = out.get(0).value();
        assertThat(out.get(0).key()).isEqualTo(P);
        assertThat(first.getPassageId()).isEqualTo(P);
        assertThat(first.getOrigin()).isEqualTo(GoldOrigin.TOURNAMENT);
        assertThat(first.getTriples()).isEqualTo(HUMAN_A_TRIPLES);
        assertThat(first.getUpdatedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(out.get(1).value().getTriples()).isEqualTo(HUMAN_B_TRIPLES);
        assertThat(out.get(1).value().getUpdatedAt()).isEqualTo(T0.plusSeconds(3));
        assertThat(ratings.readValuesToList()).hasSize(4);
    }

    @Test
    void reannotatingTheLeaderRepublishesTheWinnerWithTheNewTriples() {
        start("half");
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        winners.readRecordsToList();

        List<Triple> revised = List.of(triple("heavy rainfall", "flooding", Direction.INCREASE));
        extractions.pipeInput(P, extraction("llama3", "llama3", AnnotatorKind.MODEL, revised), T0.plusSeconds(5));
        extractions.pipeInput(P, extraction("HumanA", "HumanA", AnnotatorKind.HUMAN, HUMAN_A_TRIPLES),
                T0.plusSeconds(6));
        assertThat(winners.isEmpty()).as("same triples or not the leader: nothing to publish").isTrue();

        extractions.pipeInput(P, extraction("HumanA", "HumanA", AnnotatorKind.HUMAN, revised), T0.plusSeconds(7));
        assertThat(winners.readRecordsToList()).singleElement().satisfies(r -> {
            assertThat(r.value().getAnnotationId()).isEqualTo("HumanA");
            assertThat(r.value().getTriples()).isEqualTo(revised);
            assertThat(r.value().getUpdatedAt()).isEqualTo(T0.plusSeconds(7));
        });
        assertThat(ratings.readValuesToList()).hasSize(1);
    }

    @Test
    void theLeadersAnnotationIdRepublishedByAnotherAnnotatorIsDeadLetteredAndTheGoldStays() {
        start("half");
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);   // HumanA leads
        winners.readRecordsToList();

        List<Triple> forged = List.of(triple("nothing", "everything", Direction.INCREASE));
        extractions.pipeInput(P, extraction("HumanA", "mallory", AnnotatorKind.HUMAN, forged), T0.plusSeconds(5));
        assertThat(extractionsDlq.readRecordsToList()).singleElement().satisfies(r -> {
            assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE)).isEqualTo("annotation id 'HumanA' of "
                    + "passage '" + P + "' belongs to annotator 'HumanA', who first published it; a record from "
                    + "annotator 'mallory' may not reuse it");
            assertThat(DeadLetters.header(r.headers(), DeadLetters.CODE)).isEqualTo("annotation_owner");
            assertThat(DeadLetters.header(r.headers(), DeadLetters.APPLICATION_ID)).isNotBlank();
        });
        assertThat(winners.isEmpty()).as("the gold is not rewritten").isTrue();
        assertThat(driver.<String, Extraction>getKeyValueStore(EloTopology.ANNOTATIONS_STORE)
                .get(EloTopology.annotationKey(P, "HumanA")).getTriples()).isEqualTo(HUMAN_A_TRIPLES);
    }

    @Test
    void anExtractionKeyedByAnotherPassageGoesToDeadLetters() {
        start("half");
        extractions.pipeInput("elsewhere", extraction("HumanA", "HumanA", AnnotatorKind.HUMAN, HUMAN_A_TRIPLES), T0);
        assertThat(extractionsDlq.readRecordsToList()).singleElement()
                .satisfies(r -> assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                        .contains("record key 'elsewhere' is not its passageId 'p-topo'"));
        assertThat(driver.<String, Extraction>getKeyValueStore(EloTopology.ANNOTATIONS_STORE)
                .get(EloTopology.annotationKey(P, "HumanA"))).isNull();
    }

    @Test
    void skipPolicyCountsTiesWithoutMovingRatings() {
        start("skip");
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        judge("j2", "HumanB", "llama3", "HumanA", Outcome.TIE, 2);

        List<Tournament> out = ratings.readValuesToList();
        assertThat(out).hasSize(2);
        Tournament last = out.get(1);
        assertThat(last.getJudgmentsApplied()).isEqualTo(2);
        assertThat(last.getPlayers()).extracting(Player::getAnnotationId, Player::getElo, Player::getGames,
                        Player::getTies)
                .containsExactly(tuple("HumanA", 1016.0, 2, 1), tuple("llama3", 984.0, 2, 1));
    }

    @Test
    void storesAndProcessorsHaveTheirNames() {
        start("half");
        TopologySettings defaults = EloSettings.from(Config.of(Map.of())).topology();
        String description = EloTopology.build(defaults, serdes).describe().toString();
        assertThat(description).contains("extractions-source", "judgments-source", "annotations-writer",
                "tournament-updater", "ratings-sink", "tournament-winners-sink", "annotations", "seen-judgments",
                "tournaments", "passages-source", "passages-writer", "pair-counts", "bt-pending", "item-votes");
        // one sub-topology: every store of a passage lives in the same task, so one instance answers for it
        assertThat(EloTopology.build(defaults, serdes).describe().subtopologies()).hasSize(1);
    }

    @Test
    void bradleyTerryIsRefittedByThePunctuatorOnlyWhenCountsChanged() {
        start("half", Map.of("elo.bt.bootstrap.rounds", "50", "elo.bt.refit.interval.ms", "1000"));
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        judge("j2", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 2);
        judge("j3", "HumanB", "llama3", "HumanA", Outcome.TIE, 3);
        List<Tournament> perJudgment = ratings.readValuesToList();
        assertThat(perJudgment).hasSize(3);
        assertThat(perJudgment.get(2).getPlayers()).allSatisfy(p -> assertThat(p.getBtScore()).isNull());
        assertThat(driver.<String, Long>getKeyValueStore(EloTopology.BT_PENDING_STORE).get(P)).isEqualTo(3L);
        assertThat(driver.<String, List<PairCount>>getKeyValueStore(EloTopology.PAIR_COUNTS_STORE).get(P))
                .containsExactly(new PairCount("HumanA", "HumanB", 0, 1, 0),
                        new PairCount("HumanA", "llama3", 1, 0, 1));

        driver.advanceWallClockTime(Duration.ofSeconds(1));
        Tournament refitted = ratings.readValuesToList().stream().reduce((a, b) -> b).orElseThrow();
        // what the fit gives for these counts (BradleyTerryTest checks the fit itself)
        Map<String, BtRating> expected = new HashMap<>();
        new BradleyTerry(new BtSettings(0.01, 50, 0.95, 1000)).fit(P, List.of(
                new PairCount("HumanA", "HumanB", 0, 1, 0), new PairCount("HumanA", "llama3", 1, 0, 1)))
                .forEach(b -> expected.put(b.annotationId(), b));
        assertThat(refitted.getJudgmentsApplied()).isEqualTo(3);
        assertThat(refitted.getPlayers()).hasSize(3).allSatisfy(p -> {
            BtRating b = expected.get(p.getAnnotationId());
            assertThat(p.getBtScore()).isEqualTo(b.score());
            assertThat(p.getBtCiLow()).isEqualTo(b.ciLow());
            assertThat(p.getBtCiHigh()).isEqualTo(b.ciHigh());
            assertThat(p.getBtRank()).isEqualTo(b.rank());
        });
        // Elo is untouched by the refit; B won its only game, A lost one and tied one
        assertElos(refitted, Map.of("HumanB", 1016.7363067935, "HumanA", 998.5612260340, "llama3", 984.7024671725));
        assertThat(expected.get("HumanB").score()).isGreaterThan(expected.get("HumanA").score());
        assertThat(driver.<String, Tournament>getKeyValueStore(EloTopology.TOURNAMENTS_STORE).get(P))
                .isEqualTo(refitted);
        assertThat(driver.<String, Long>getKeyValueStore(EloTopology.BT_PENDING_STORE).get(P)).isNull();

        // nothing changed: the next punctuation publishes nothing
        driver.advanceWallClockTime(Duration.ofSeconds(1));
        assertThat(ratings.isEmpty()).isTrue();

        // a new judgment keeps the previous fit until the next refit, a new player has none yet
        extractions.pipeInput(P, extraction("mistral", "mistral", AnnotatorKind.MODEL, LLAMA_TRIPLES), T0);
        judge("j4", "HumanA", "mistral", "HumanB", Outcome.RIGHT, 4);
        Tournament afterJ4 = ratings.readValuesToList().get(0);
        assertThat(afterJ4.getPlayers()).filteredOn(p -> p.getAnnotationId().equals("HumanB")).singleElement()
                .satisfies(p -> assertThat(p.getBtScore()).isEqualTo(expected.get("HumanB").score()));
        assertThat(afterJ4.getPlayers()).filteredOn(p -> p.getAnnotationId().equals("mistral")).singleElement()
                .satisfies(p -> assertThat(p.getBtScore()).isNull());
    }

    @Test
    void asynchronousRefitsWriteTheFitOfTheCurrentCountsAndUnmarkThePassage() throws InterruptedException {
        start("half", Map.of("elo.bt.bootstrap.rounds", "50", "elo.bt.refit.interval.ms", "100",
                "elo.bt.refit.async", "true"));
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        judge("j2", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 2);
        judge("j3", "HumanB", "llama3", "HumanA", Outcome.TIE, 3);
        assertThat(ratings.readValuesToList()).hasSize(3);
        // the first punctuation starts the fit on another thread; a later one writes it
        List<Tournament> refits = new ArrayList<>();
        for (int i = 0; i < 500 && refits.isEmpty(); i++) {
            driver.advanceWallClockTime(Duration.ofMillis(100));
            refits.addAll(ratings.readValuesToList());
            Thread.sleep(10);
        }
        Map<String, BtRating> expected = new HashMap<>();
        new BradleyTerry(new BtSettings(0.01, 50, 0.95, 1000)).fit(P, List.of(
                new PairCount("HumanA", "HumanB", 0, 1, 0), new PairCount("HumanA", "llama3", 1, 0, 1)))
                .forEach(b -> expected.put(b.annotationId(), b));
        assertThat(refits).singleElement().satisfies(t -> assertThat(t.getPlayers()).hasSize(3).allSatisfy(p -> {
            assertThat(p.getBtScore()).isEqualTo(expected.get(p.getAnnotationId()).score());
            assertThat(p.getBtCiLow()).isEqualTo(expected.get(p.getAnnotationId()).ciLow());
        }));
        assertThat(driver.<String, Long>getKeyValueStore(EloTopology.BT_PENDING_STORE).get(P)).isNull();
        assertThat(driver.<String, Tournament>getKeyValueStore(EloTopology.TOURNAMENTS_STORE).get(P))
                .isEqualTo(refits.get(0));
    }

    @Test
    void tablesKeptInMemoryGiveExactlyWhatTheStoresAloneGive() {
        // 0: every judgment decodes its passage from the stores; 1: two passages take turns evicting each other;
        // 256: both stay in memory, across a refit, a duplicate, a rejected judgment and a new player
        List<List<TestRecord<String, Tournament>>> runs = new ArrayList<>();
        for (String size : List.of("0", "1", "256")) {
            runs.add(twoPassageScenario(size));
        }
        assertThat(runs.get(0)).hasSize(9);   // 7 judgments counted, 2 refits
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
        assertThat(runs.get(2)).isEqualTo(runs.get(0));
        // the judgment after the refit kept the fit it followed (its new player has none yet)
        Tournament last = runs.get(0).get(runs.get(0).size() - 1).value();
        assertThat(last.getPassageId()).isEqualTo(P);
        assertThat(last.getJudgmentsApplied()).isEqualTo(4);
        assertThat(last.getPlayers()).filteredOn(p -> p.getAnnotationId().equals("HumanA")).singleElement()
                .satisfies(p -> assertThat(p.getBtScore()).isNotNull());
        assertThat(last.getPlayers()).filteredOn(p -> p.getAnnotationId().equals("mistral")).singleElement()
                .satisfies(p -> assertThat(p.getBtScore()).isNull());
    }

    private List<TestRecord<String, Tournament>> twoPassageScenario(String cacheSize) {
        String q = "p-two";
        start("half", Map.of("elo.passage.cache.size", cacheSize, "application.id", "cache-" + cacheSize,
                "elo.bt.bootstrap.rounds", "20"));
        publishAnnotations();
        for (String a : List.of("HumanA", "HumanB", "llama3")) {
            extractions.pipeInput(q, Extraction.newBuilder(extraction(a, a, a.startsWith("Human") ? AnnotatorKind.HUMAN
                    : AnnotatorKind.MODEL, LLAMA_TRIPLES)).setPassageId(q).build(), T0);
        }
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        judgeOther(q, "k1", "HumanC", "HumanB", "llama3", Outcome.RIGHT, 2);
        judge("j2", "HumanC", "HumanB", "HumanA", Outcome.LEFT, 3);
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 4);        // duplicate: ignored
        judge("bad", "HumanA", "HumanA", "llama3", Outcome.LEFT, 5);       // own annotation: rejected
        judgeOther(q, "k2", "HumanB", "HumanA", "llama3", Outcome.TIE, 6);
        driver.advanceWallClockTime(Duration.ofSeconds(1));               // refit of both passages
        judge("j3", "HumanB", "llama3", "HumanA", Outcome.TIE, 7);
        judgeOther(q, "k3", "HumanC", "HumanA", "HumanB", Outcome.LEFT, 8);
        extractions.pipeInput(P, extraction("mistral", "mistral", AnnotatorKind.MODEL, LLAMA_TRIPLES), T0);
        judge("j4", "HumanA", "mistral", "HumanB", Outcome.RIGHT, 9);
        List<TestRecord<String, Tournament>> out = ratings.readRecordsToList();
        assertThat(judgmentsDlq.readRecordsToList()).hasSize(1);
        driver.close();
        driver = null;
        return out;
    }

    private void judgeOther(String passage, String id, String rater, String left, String right, Outcome outcome,
                            int secondsAfterT0) {
        Judgment j = judgment(id, rater, left, right, outcome);
        j.setPassageId(passage);
        j.setTime(T0.plusSeconds(secondsAfterT0));
        judgments.pipeInput(passage, j, T0.plusSeconds(secondsAfterT0));
    }

    /**
     * Work per record is bounded: an oversized annotation is dead-lettered with the limit named; a passage over the
     * common limit (passage.max.chars) is not kept, and not dead-lettered a second time: the extractor, which reads
     * passages first, dead-letters it.
     */
    @Test
    void oversizedPassagesAreSkippedAndOversizedAnnotationsGoToDeadLetters() {
        start("half", Map.of("elo.max.edges", "1", "passage.max.chars", "10"));
        passages.pipeInput(P, Passage.newBuilder().setId(P).setText("Rain.").setPublishedAt(T0).build(), T0);
        assertThat(driver.<String, Passage>getKeyValueStore(EloTopology.PASSAGES_STORE).get(P)).isNotNull();
        passages.pipeInput(P, Passage.newBuilder().setId(P).setText("Rain floods the valley.").setPublishedAt(T0)
                .build(), T0);
        assertThat(driver.createOutputTopic(Topics.PASSAGES.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer()).readRecordsToList()).isEmpty();
        extractions.pipeInput(P, extraction("HumanA", "HumanA", AnnotatorKind.HUMAN,
                List.of(triple("rainfall", "flooding", Direction.INCREASE), triple("dams", "flooding",
                        Direction.DECREASE))), T0);
        assertThat(extractionsDlq.readRecordsToList()).singleElement()
                .satisfies(r -> assertThat(DeadLetters.header(r.headers(), DeadLetters.MESSAGE))
                        .contains("has 2 triples, more than elo.max.edges = 1"));
        assertThat(driver.<String, Passage>getKeyValueStore(EloTopology.PASSAGES_STORE).get(P)).isNull();
    }

    @Test
    void passagesAndRaterVotesAreKept() {
        start("half");
        passages.pipeInput(P, Passage.newBuilder().setId(P).setText("Rain floods the valley.").setPublishedAt(T0)
                .build(), T0);
        publishAnnotations();
        judge("j1", "HumanC", "HumanA", "llama3", Outcome.LEFT, 1);
        judge("j2", "HumanB", "llama3", "HumanA", Outcome.TIE, 2);
        judge("j3", "HumanC", "llama3", "HumanA", Outcome.LEFT, 3);
        assertThat(driver.<String, Passage>getKeyValueStore(EloTopology.PASSAGES_STORE).get(P).getText())
                .isEqualTo("Rain floods the valley.");
        ItemVotes votes = driver.<String, ItemVotes>getKeyValueStore(EloTopology.ITEM_VOTES_STORE)
                .get(RaterReliability.itemKey(P, "HumanA", "llama3"));
        assertThat(votes.results()).containsExactly(Map.entry("HumanB", List.of("TIE")),
                Map.entry("HumanC", List.of("HumanA", "llama3")));

        passages.pipeInput("other", Passage.newBuilder().setId(P).setText("x").setPublishedAt(T0).build(), T0);
        assertThat(driver.createOutputTopic(Topics.PASSAGES.deadLetterTopic(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer()).readRecordsToList()).hasSize(1);
    }

    private void judge(String id, String rater, String left, String right, Outcome outcome, int secondsAfterT0) {
        Judgment j = judgment(id, rater, left, right, outcome);
        j.setTime(T0.plusSeconds(secondsAfterT0));
        judgments.pipeInput(P, j, T0.plusSeconds(secondsAfterT0));
    }

    private static Judgment judgment(String id, String rater, String left, String right, Outcome outcome) {
        return Judgment.newBuilder().setJudgmentId(id).setPassageId(P).setRaterId(rater).setLeft(left)
                .setRight(right).setOutcome(outcome).setTime(T0).build();
    }

    static Extraction extraction(String annotationId, String annotatorId, AnnotatorKind kind, List<Triple> triples) {
        return Extraction.newBuilder().setPassageId(P).setAnnotationId(annotationId)
                .setAnnotator(Annotator.newBuilder().setId(annotatorId).setKind(kind)
                        .setModel(kind == AnnotatorKind.MODEL ? "Meta-Llama-3-8B-Instruct" : null).build())
                .setTriples(new ArrayList<>(triples)).setCreatedAt(T0).build();
    }

    static Triple triple(String source, String target, Direction direction) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction).build();
    }

    private static void assertElos(Tournament t, Map<String, Double> expected) {
        assertThat(t.getPlayers()).hasSize(expected.size());
        for (Player p : t.getPlayers()) {
            assertThat(p.getElo()).as(p.getAnnotationId()).isCloseTo(expected.get(p.getAnnotationId()), within(EPS));
        }
    }
}
