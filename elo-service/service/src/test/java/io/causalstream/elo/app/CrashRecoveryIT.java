package io.causalstream.elo.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.elo.SoftMeasuresData;
import io.causalstream.elo.SoftMeasuresData.PublishedRow;
import io.causalstream.elo.api.PassageIndex;
import io.causalstream.elo.api.RatingsView;
import io.causalstream.local.LocalPorts;
import io.causalstream.runtime.Config;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.testkit.KafkaTestCluster;
import io.causalstream.testkit.ServiceProcess;
import io.causalstream.testkit.TestCluster;
import io.causalstream.topics.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the service for real in the middle of a replay and restarts it: the service runs in a child JVM that gets
 * SIGKILL (no shutdown hook, no close, no commit) while it is counting the 900 judgments of the study. The
 * restarted process (same state directory, as a restarted pod with its volume) must end with exactly the tables of
 * an uninterrupted run, to the last bit, Elo and Bradley-Terry alike, and those Elo tables are the published ones.
 * Producer retries after the crash (the first 100 judgments sent again) must not count twice.
 */
@ExtendWith(KafkaTestCluster.class)
class CrashRecoveryIT {

    @TempDir
    Path dir;

    @Test
    void killedMidReplayAndRestartedEndsExactlyAsAnUninterruptedRun(TestCluster cluster) throws Exception {
        String prefix = "crash-" + UUID.randomUUID().toString().substring(0, 8) + "-";
        String crashingApp = "elo-crash-" + UUID.randomUUID();
        ItSupport.publishPassagesAndAnnotations(cluster.bootstrapServers(), cluster.serdes(), prefix);
        List<Judgment> judgments = SoftMeasuresData.judgments("elo", prefix);

        int port = LocalPorts.pickFree();
        Path state = dir.resolve("crashing-state");
        ServiceProcess first = startChild(cluster, crashingApp, state, port, dir.resolve("child.log"));
        long appliedAtKill;
        try {
            ItSupport.poll(port, "/health", Map.class, h -> "RUNNING".equals(h.get("streams")));
            // a paced replay (about 3 s), so the kill lands while the child is still counting
            Thread producer = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < judgments.size(); i += 30) {
                    ItSupport.publishJudgments(cluster.bootstrapServers(), cluster.serdes(),
                            judgments.subList(i, Math.min(judgments.size(), i + 30)));
                    sleep(100);
                }
            });
            appliedAtKill = waitForCommitted(cluster, prefix, 150);
            first.kill();   // SIGKILL, and checks the exit code says so
            producer.join();
        } finally {
            first.close();
        }
        org.slf4j.LoggerFactory.getLogger(CrashRecoveryIT.class).info("child killed (SIGKILL) with {} of 900 "
                + "judgments committed", appliedAtKill);
        assertThat(appliedAtKill).as("judgments committed when the child was killed: the kill must come mid-replay")
                .isBetween(150L, 899L);
        // producer retries of judgments the crashed process may or may not have counted
        ItSupport.publishJudgments(cluster.bootstrapServers(), cluster.serdes(), judgments.subList(0, 100));

        ServiceProcess second = startChild(cluster, crashingApp, state, port, dir.resolve("child.log"));
        try (EloService uninterrupted = EloService.start(cluster.config(inProcessConfig("elo-reference-"
                + UUID.randomUUID())))) {
            List<PublishedRow> table = SoftMeasuresData.published("final_elo_rankings.csv");
            for (PublishedRow row : table) {
                String id = SoftMeasuresData.passageId(prefix, row.passage());
                // final: all 45 counted and the last refit done (Bradley-Terry of the final counts)
                RatingsView reference = ItSupport.ratings(uninterrupted.httpPort(), id,
                        v -> v.judgmentsApplied() == 45 && ItSupport.fittedToItsCounts(v));
                RatingsView restarted = ItSupport.ratings(port, id, v -> v.equals(reference));
                assertThat(restarted).isEqualTo(reference);
                assertThat(restarted.leader()).isEqualTo(row.winner());
                for (RatingsView.PlayerView p : restarted.players()) {
                    assertThat(Double.doubleToLongBits(p.elo())).as("%s %s", id, p.annotationId())
                            .isEqualTo(Double.doubleToLongBits(row.elo().get(p.annotationId())));
                }
            }
            PassageIndex index = ItSupport.poll(port, "/api/passages", PassageIndex.class, i -> true);
            assertThat(index.passages().stream().filter(e -> e.passageId().startsWith(prefix))
                    .mapToLong(PassageIndex.Entry::judgmentsApplied).sum()).isEqualTo(900);
        } finally {
            second.close();
        }
    }

    /** Waits until the committed ratings of our passages add up to {@code atLeast} judgments; returns the sum. */
    private static long waitForCommitted(TestCluster cluster, String prefix, long atLeast) {
        Map<String, Long> applied = new HashMap<>();
        cluster.readUntil(Topics.RATINGS, ItSupport.TIMEOUT, records -> {
            for (ConsumerRecord<String, Tournament> r : records) {
                if (r.key().startsWith(prefix)) {
                    applied.merge(r.key(), r.value().getJudgmentsApplied(), Math::max);
                }
            }
            return applied.values().stream().mapToLong(Long::longValue).sum() >= atLeast;
        });
        return applied.values().stream().mapToLong(Long::longValue).sum();
    }

    private static ServiceProcess startChild(TestCluster cluster, String appId, Path state, int port, Path log)
            throws Exception {
        Files.createDirectories(state);
        Map<String, String> cfg = new HashMap<>(serviceSettings(appId, state, port));
        cfg.put(Config.BOOTSTRAP_SERVERS, cluster.bootstrapServers());
        cfg.put(Config.SCHEMA_REGISTRY_URL, cluster.registryUrl());
        return ServiceProcess.start(EloService.class.getName(), cfg, log);
    }

    private Map<String, String> inProcessConfig(String appId) {
        return serviceSettings(appId, dir.resolve(appId), 0);
    }

    private static Map<String, String> serviceSettings(String appId, Path state, int port) {
        Map<String, String> m = new HashMap<>();
        m.put("application.id", appId);
        m.put("state.dir", state.toString());
        m.put("http.port", String.valueOf(port));
        m.put("http.host", "127.0.0.1");
        m.put("http.advertised.host", "127.0.0.1");
        m.put("elo.ties", "skip");
        m.put("elo.bt.refit.interval.ms", "200");
        m.put("kafka.streams.commit.interval.ms", "100");
        // a killed member leaves the group after this long, not the default 45 s
        m.put("kafka.streams.session.timeout.ms", "6000");
        m.put("kafka.streams.heartbeat.interval.ms", "1000");
        return m;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
