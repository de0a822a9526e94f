package io.causalstream.deploy.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.causalstream.deploy.faults.PipelineRun.Inputs;
import io.causalstream.deploy.faults.PipelineRun.Outputs;
import io.causalstream.deploy.faults.PipelineRun.Phase;
import io.causalstream.deploy.faults.PipelineRun.Service;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.TestCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Faults survived with nothing lost and nothing counted twice: the whole pipeline (extractor on its rules backend,
 * scorer with its default deterministic validation stages, Elo) runs the same fixed inputs (the bundled sample: 20
 * passages, 200 annotations, 900 judgments, every time field fixed) once undisturbed and then once per fault, each
 * run on a fresh broker process of its own; after each fault the last record per key of {@code extractions},
 * {@code scored-graphs} and {@code ratings} equals the undisturbed run's, field by field (except the fields
 * {@link Outputs} names: when a record was made and how long it took), and no run dead-letters anything.
 *
 * <p>The registry outage is tagged {@code long} (two registry starts and a 20 s outage: about 2 min), outside the
 * suite's budget, so the default build skips it (the suite keeps {@code RegistryOutageIT}); run it with
 * {@code mvn -pl deploy/launcher -am verify -Plong-tests -Dit.test=FaultToleranceIT -Dtest=NONE
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false}.
 *
 * <p>Nothing in the tests helps the services: the equality comes from their exactly-once settings (transactions,
 * read_committed, fencing by transactional id), their retries on a broker or registry outage, and their state
 * stores' changelogs.
 */
@ExtendWith(KafkaTestCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultToleranceIT {

    private static final Logger log = LoggerFactory.getLogger(FaultToleranceIT.class);
    /** The outputs are Avro's JSON rendering, which writes NaN bare. */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    private static final Duration QUIET = Duration.ofSeconds(4);
    private static final Duration SETTLE = Duration.ofSeconds(180);

    private final Inputs inputs = Inputs.sample();
    private TestCluster cluster;
    private Path dir;
    private Outputs reference;

    @BeforeAll
    void undisturbedRun(TestCluster cluster) throws Exception {
        this.cluster = cluster;
        this.dir = Files.createTempDirectory("faults");
        long t0 = System.nanoTime();
        try (PipelineRun run = new PipelineRun(dir, "reference", inputs, cluster.registryUrl(), Set.of(),
                Map.of())) {
            run.startServices();
            run.publishInBackground(Phase.DONE); // nothing paced
            run.awaitPublished(SETTLE);
            reference = run.settledOutputs(this::complete, null, QUIET, SETTLE);
        }
        log.info("undisturbed run: {} extractions, {} scored graphs, {} ratings, {} judgments counted, in {} s",
                reference.extractions().size(), reference.scoredGraphs().size(), reference.ratings().size(),
                reference.judgmentsCounted(), (System.nanoTime() - t0) / 1_000_000_000);
        // the reference itself is what the inputs make: every annotation extracted or published, scored against a
        // gold, every judgment counted once, nothing dead-lettered
        assertThat(complete(reference)).as("the undisturbed run completes: %s", reference).isTrue();
        assertThat(reference.deadLetters()).isEmpty();
    }

    @AfterAll
    void deleteRunDirectories() throws Exception {
        if (dir == null) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Every annotation (the 200 given, 20 by the rules) scored against a gold, every judgment counted, fitted. */
    private boolean complete(Outputs o) {
        int passages = inputs.passages().size();
        int annotations = inputs.annotations().size() + passages;
        return o.extractions().size() == annotations
                && o.scoredGraphs().size() == annotations
                && o.scoredGraphs().values().stream().noneMatch(g -> g.contains("\"goldAnnotationId\": null"))
                && o.ratings().size() == passages
                && o.judgmentsCounted() == inputs.judgments().size()
                && o.ratings().values().stream().noneMatch(t -> t.contains("\"btScore\": null"))
                && scoredAgainstTheFinalLeaders(o);
    }

    /**
     * Every graph scored against a tournament's winner is scored against the final leader of its passage's
     * tournament: the scorer has read every winner the Elo service published. Counting and a quiet spell alone
     * took a snapshot while the scorer was still behind by a few winners (CI, a 4 s pause of the scorer).
     */
    private static boolean scoredAgainstTheFinalLeaders(Outputs o) {
        try {
            Map<String, String> leaders = new java.util.HashMap<>();
            for (String t : o.ratings().values()) {
                JsonNode tournament = JSON.readTree(t);
                leaders.put(tournament.path("passageId").asText(), tournament.path("leader").asText(null));
            }
            for (String g : o.scoredGraphs().values()) {
                JsonNode graph = JSON.readTree(g);
                if ("TOURNAMENT".equals(graph.path("goldOrigin").asText()) && !graph.path("goldAnnotationId").asText()
                        .equals(leaders.get(graph.path("passageId").asText()))) {
                    return false;
                }
            }
            return true;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Predicate<Outputs> equalToReference() {
        return o -> o.sameRecords(reference);
    }

    @ParameterizedTest(name = "{0} SIGKILLed mid-run and restarted")
    @EnumSource(Service.class)
    void aServiceKilledMidRunAndRestartedEndsAsAnUndisturbedRun(Service killed) throws Exception {
        // the service's input arrives paced; the kill comes once some of it is committed, while the rest still arrives
        Phase input = switch (killed) {
            case EXTRACTOR -> Phase.PASSAGES;
            case SCORER -> Phase.ANNOTATIONS;
            case ELO -> Phase.JUDGMENTS;
        };
        long threshold = switch (killed) {
            case EXTRACTOR -> 3;      // of 20 passages
            case SCORER -> 30;        // of 220 annotations
            case ELO -> 150;          // of 900 judgments
        };
        long total = switch (killed) {
            case EXTRACTOR -> inputs.passages().size();
            case SCORER -> inputs.annotations().size() + inputs.passages().size();
            case ELO -> inputs.judgments().size();
        };
        try (PipelineRun run = new PipelineRun(dir, "kill-" + killed.name().toLowerCase(), inputs,
                cluster.registryUrl(), Set.of(killed), Map.of())) {
            run.startServices();
            run.publishInBackground(input);
            long atKill = run.awaitProgress(killed, threshold, SETTLE);
            Phase phaseAtKill = run.publishedPhase();
            run.killAndRestart(killed);
            log.info("{} killed with {} of {} done (committed); publishing: {}", killed, atKill, total, phaseAtKill);
            run.awaitPublished(SETTLE);
            Outputs after = run.settledOutputs(equalToReference(), reference, QUIET, SETTLE);
            assertThat(after.differences(reference)).as("outputs after %s was killed", killed).isEmpty();
            assertThat(atKill).as("the kill lands mid-run: %s had committed only part of its work", killed)
                    .isLessThan(total);
            assertThat(run.supervisorRestarts()).as("services that exited on their own").isEmpty();
        }
    }

    @Test
    void aBrokerRestartMidRunEndsAsAnUndisturbedRun() throws Exception {
        // the services as child processes under a supervisor, as deployed: one that exits would be started again
        // (and counted: none may need it)
        try (PipelineRun run = new PipelineRun(dir, "broker-restart", inputs, cluster.registryUrl(),
                Set.of(Service.values()), Map.of())) {
            run.startServices();
            run.publishInBackground(Phase.JUDGMENTS);
            long atStop = run.awaitProgress(Service.ELO, 150, SETTLE);
            run.stopBroker();
            Thread.sleep(5_000); // the services and the publisher meet a broker that is gone
            run.startBroker();   // same port, same data directory
            log.info("broker restarted with {} of {} judgments counted", atStop, inputs.judgments().size());
            run.awaitPublished(SETTLE);
            Outputs after = run.settledOutputs(equalToReference(), reference, QUIET, SETTLE);
            assertThat(after.differences(reference)).as("outputs after a broker restart").isEmpty();
            assertThat(atStop).as("the restart lands mid-run").isLessThan(inputs.judgments().size());
            assertThat(run.supervisorRestarts()).as("services that exited on their own").isEmpty();
        }
    }

    @Test
    @Tag("long")
    void aRegistryUnavailableForTwentySecondsMidRunDeadLettersNothingAndEndsAsAnUndisturbedRun() throws Exception {
        // a registry of this run's own (kafkasql storage on this run's broker: its schemas survive its restart);
        // the services retry a registry outage for up to 3 minutes (the default is 1) since a registry start on a
        // busy test machine takes up to a minute on top of the 20 s outage
        // the services as child processes under a supervisor, as deployed: a Streams service that cannot write a
        // record whose schema it has not registered yet exits by design (docs/architecture.md "Dead letters") and is restarted
        try (PipelineRun run = new PipelineRun(dir, "registry-outage", inputs, null,
                Set.of(Service.values()), Map.of("schema.registry.retry.budget.ms", "180000"))) {
            run.startServices();
            run.publishInBackground(Phase.JUDGMENTS);
            // the judgments (a schema the Elo service has not read yet) and the gold graphs (one it has not written
            // yet) flow while the registry is down
            while (run.publishedPhase() != Phase.JUDGMENTS) {
                Thread.sleep(50);
            }
            long atStop = run.progress(Service.ELO);
            run.stopRegistry();
            long t0 = System.nanoTime();
            Thread.sleep(20_000);
            run.startRegistry(); // same port
            log.info("registry was down {} s from {} of {} judgments counted",
                    (System.nanoTime() - t0) / 1_000_000_000, atStop, inputs.judgments().size());
            assertThat(atStop).as("the outage starts mid-run").isLessThan(inputs.judgments().size());
            run.awaitPublished(SETTLE);
            Outputs after = run.settledOutputs(equalToReference(), reference, QUIET, SETTLE);
            log.info("services restarted by the supervisor during the registry outage: {}", run.supervisorRestarts());
            assertThat(after.deadLetters()).as("dead letters after a registry outage").isEmpty();
            assertThat(after.differences(reference)).as("outputs after a registry outage").isEmpty();
        }
    }
}
