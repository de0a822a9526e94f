package io.causalstream.elo.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import io.causalstream.elo.live.PipelineSettings;
import io.causalstream.elo.tournament.BtSettings;
import io.causalstream.elo.tournament.TiePolicy;
import java.time.Duration;
import io.causalstream.runtime.access.AccessTokens;
import io.causalstream.runtime.Config;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class EloSettingsTest {

    @Test
    void defaultsAreThePapersAndTheContracts() {
        EloSettings s = EloSettings.from(Config.of(Map.of()));
        assertThat(s.applicationId()).isEqualTo("elo-service");
        assertThat(s.httpPort()).isEqualTo(7070);
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.advertisedHost()).isEqualTo("localhost");
        assertThat(s.eloK()).isEqualTo(32.0);
        assertThat(s.eloInitial()).isEqualTo(1000.0);
        assertThat(s.ties()).isEqualTo(TiePolicy.HALF);
        assertThat(s.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(s.schemaRegistryUrl()).isEqualTo("http://localhost:8085");
        assertThat(s.streamsOverrides()).isEmpty();
        assertThat(s.bt()).isEqualTo(new BtSettings(0.01, 100, 0.95, 1000));
        assertThat(s.btRefitInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.btRefitBudget()).isEqualTo(Duration.ofMillis(50));
        assertThat(s.btRefitAsync()).isTrue();
        assertThat(s.passageCacheSize()).isEqualTo(256);
        assertThat(s.liveInterval()).isEqualTo(Duration.ofMillis(250));
        // sign-in is closed unless a demo asks for it; the secret is a random one of this process
        assertThat(s.raters().access().openSignIn()).isFalse();
        assertThat(s.raters().access().tokenHashes()).isEmpty();
        assertThat(s.raters().access().secretConfigured()).isFalse();
        assertThat(s.raters().access().sessionSecret()).hasSize(64);
        assertThat(s.raters().instances()).isEqualTo(1);
        assertThat(s.raters().ticketTtl()).isEqualTo(Duration.ofMinutes(30));
        assertThat(s.raters().access().sessionTtl()).isEqualTo(Duration.ofHours(12));
    }

    @Test
    void bradleyTerryRatersAndSessionKeys() {
        EloSettings s = EloSettings.from(Config.of(Map.of("elo.bt.ridge", "0.5", "elo.bt.bootstrap.rounds", "7",
                "elo.bt.confidence", "0.9", "elo.bt.refit.interval.ms", "250", "elo.initial", "1200",
                "elo.raters", AccessTokens.line("Human1", "tok-one") + ", " + AccessTokens.line("Human2", "tok-two"),
                "elo.session.secret", "0123456789abcdef-0123456789abcdef-shared",
                "elo.live.interval.ms", "100", "kafka.producer.linger.ms", "1")));
        assertThat(s.bt()).isEqualTo(new BtSettings(0.5, 7, 0.9, 1200));
        assertThat(s.btRefitInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(s.raters().access().tokenHashes()).containsOnly(Map.entry(AccessTokens.hash("tok-one"), "Human1"),
                Map.entry(AccessTokens.hash("tok-two"), "Human2"));
        assertThat(s.raters().access().openSignIn()).isFalse();
        assertThat(s.raters().access().secretConfigured()).isTrue();
        assertThat(s.liveInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(s.producerOverrides()).containsExactly(Map.entry("linger.ms", "1"));
        // settings are logged: no token, no secret
        assertThat(s.toString()).doesNotContain("tok-one").doesNotContain("0123456789abcdef-shared")
                .doesNotContain(AccessTokens.hash("tok-one").substring(7));
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.raters", "Human1"))))
                .hasMessageContaining("ELO_RATERS");
        // a plain token is refused, without echoing it, with the command that hashes one
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.raters", "Human1:tok-one"))))
                .hasMessageContaining("ELO_RATERS").hasMessageContaining("rater-token")
                .hasMessageNotContaining("tok-one");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.bt.ridge", "0"))))
                .hasMessageContaining("ELO_BT_");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.session.secret", "short"))))
                .hasMessageContaining("ELO_SESSION_SECRET");
        // more than one instance without a shared secret: start-up fails, saying why
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.instances", "2"))))
                .hasMessageContaining("ELO_INSTANCES").hasMessageContaining("ELO_SESSION_SECRET");
        assertThat(EloSettings.from(Config.of(Map.of("elo.instances", "2", "elo.session.secret",
                "0123456789abcdef-0123456789abcdef-shared"))).raters().instances()).isEqualTo(2);
        assertThat(EloSettings.from(Config.of(Map.of("elo.passage.cache.size", "0"))).passageCacheSize()).isZero();
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.passage.cache.size", "-1"))))
                .hasMessageContaining("ELO_PASSAGE_CACHE_SIZE");
    }

    @Test
    void everyKeyCanBeSet() {
        EloSettings s = EloSettings.from(Config.of(Map.of(
                "application.id", "elo-test", "http.port", "0", "http.host", "127.0.0.1",
                "http.advertised.host", "elo-2.internal", "elo.k", "16", "elo.initial", "1500", "elo.ties", "skip",
                "state.dir", "/tmp/elo-x", "kafka.streams.commit.interval.ms", "100")));
        assertThat(s.applicationId()).isEqualTo("elo-test");
        assertThat(s.httpPort()).isZero();
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.advertisedHost()).isEqualTo("elo-2.internal");
        assertThat(s.rating().k()).isEqualTo(16.0);
        assertThat(s.rating().initial()).isEqualTo(1500.0);
        assertThat(s.ties()).isEqualTo(TiePolicy.SKIP);
        assertThat(s.stateDir()).isEqualTo("/tmp/elo-x");
        assertThat(s.streamsOverrides()).containsExactly(Map.entry("commit.interval.ms", "100"));
    }

    @Test
    void streamsPropertiesAreExactlyOnceWithDeadLettersAndApplicationServer() {
        EloSettings s = EloSettings.from(Config.of(Map.of("kafka.streams.commit.interval.ms", "100",
                "kafka.bootstrap.servers", "broker:9092", "state.dir", "/tmp/elo-y")));
        Properties p = s.streamsProperties("elo-1:7070");
        assertThat(p.get(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("elo-service");
        assertThat(p.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG)).isEqualTo("broker:9092");
        assertThat(p.get(StreamsConfig.STATE_DIR_CONFIG)).isEqualTo("/tmp/elo-y");
        assertThat(p.get(StreamsConfig.APPLICATION_SERVER_CONFIG)).isEqualTo("elo-1:7070");
        assertThat(p.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        // the contract's dead-letter handler, counting undecodable judgments into the service's metrics
        assertThat(p.get(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(CountingDeadLetterHandler.class);
        assertThat(DeadLetterExceptionHandler.class).isAssignableFrom(CountingDeadLetterHandler.class);
        assertThat(p.get(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(CountingDeadLetterHandler.class);
        assertThat(p.get("commit.interval.ms")).isEqualTo("100");
    }

    @Test
    void badValuesNameTheKeyAndTheEnvVar() {
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.ties", "draw"))))
                .hasMessageContaining("elo.ties").hasMessageContaining("ELO_TIES");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.k", "-1"))))
                .hasMessageContaining("ELO_K");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.k", "many"))))
                .hasMessageContaining("ELO_K");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("http.port", "70000"))))
                .hasMessageContaining("HTTP_PORT");
    }

    @Test
    void pipelinePanelsReadTheLocalRuntimesServicesByDefault() {
        PipelineSettings p = EloSettings.from(Config.of(Map.of())).pipeline();
        assertThat(p.extractorMetricsUrl()).isEqualTo("http://localhost:7071/metrics");
        assertThat(p.scorerMetricsUrl()).isEqualTo("http://localhost:7072/metrics");
        assertThat(p.scorerUrl()).isEqualTo("http://localhost:7072");
        assertThat(p.groups()).containsExactly("extractor-service", "scorer-service", "elo-service");
        assertThat(p.interval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(p.enabled()).isTrue();

        PipelineSettings set = EloSettings.from(Config.of(Map.of(
                "elo.pipeline.extractor.metrics.url", "http://extractor-0.extractor:7071/metrics,http://extractor-1.extractor:7071/metrics",
                "elo.pipeline.scorer.metrics.url", "none", "elo.pipeline.groups", " a , b ,",
                "elo.pipeline.interval.ms", "0", "elo.links.scorer.url", "https://maps.example.org/"))).pipeline();
        assertThat(set.scorerMetricsUrl()).isEmpty();
        assertThat(set.groups()).containsExactly("a", "b");
        assertThat(set.enabled()).isFalse();
        assertThat(set.scorerUrl()).isEqualTo("https://maps.example.org");

        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.links.scorer.url", "scorer:7072"))))
                .hasMessageContaining("elo.links.scorer.url").hasMessageContaining("ELO_LINKS_SCORER_URL");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.pipeline.scorer.metrics.url",
                "http://ok:1/metrics,ftp://x")))).hasMessageContaining("ELO_PIPELINE_SCORER_METRICS_URL");
        assertThatThrownBy(() -> EloSettings.from(Config.of(Map.of("elo.pipeline.interval.ms", "-5"))))
                .hasMessageContaining("ELO_PIPELINE_INTERVAL_MS");
    }
}
