package io.causalstream.scorer.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.deadletter.DeadLetterExceptionHandler;
import io.causalstream.runtime.Config;
import io.causalstream.scorer.gold.GoldPreference;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;

class ScorerSettingsTest {

    @Test
    void defaults() {
        ScorerSettings s = ScorerSettings.from(Config.of(Map.of()));

        assertThat(s.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(s.schemaRegistryUrl()).isEqualTo("http://localhost:8085");
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.httpPort()).isEqualTo(7072);
        assertThat(s.advertisedHost()).isNull();
        assertThat(s.applicationId()).isEqualTo("scorer-service");
        assertThat(s.stateDir()).isNull();
        assertThat(s.goldPreference()).isEqualTo(GoldPreference.CURATED);
        assertThat(s.measures()).isEqualTo("exact,bleu,rouge1,meteor");
        assertThat(s.maxEdges()).isEqualTo(500);
        assertThat(s.streamsOverrides()).isEmpty();
        assertThat(s.graphScorer().measures()).extracting(m -> m.name() + "@" + m.threshold())
                .containsExactly("exact@1.0", "bleu@0.35", "rouge1@0.7", "meteor@0.55");
    }

    @Test
    void measuresAndEdgeLimit() {
        ScorerSettings s = ScorerSettings.from(Config.of(Map.of(
                "scorer.measures", "exact,bleu:0.5,rouge1:0.6,meteor:0.5,ref-bleu",
                "scorer.max.edges", "50")));
        assertThat(s.maxEdges()).isEqualTo(50);
        assertThat(s.graphScorer().measures()).extracting(m -> m.name() + "@" + m.threshold())
                .containsExactly("exact@1.0", "bleu@0.5", "rouge1@0.6", "meteor@0.5", "ref-bleu@0.2");
        ScorerSettings unknown = ScorerSettings.from(Config.of(Map.of("scorer.measures", "exact,bleurt")));
        assertThatThrownBy(unknown::graphScorer).hasMessageContaining("unknown measure 'bleurt'");
    }

    @Test
    void overridesAndStreamsProperties() {
        ScorerSettings s = ScorerSettings.from(Config.of(Map.of(
                "kafka.bootstrap.servers", "broker:9093",
                "http.port", "0",
                "http.advertised.host", "scorer-0.scorer",
                "application.id", "scorer-a",
                "state.dir", "/var/lib/scorer",
                "scorer.gold.preference", "tournament",
                "kafka.streams.commit.interval.ms", "100")));

        assertThat(s.goldPreference()).isEqualTo(GoldPreference.TOURNAMENT);
        assertThat(s.httpPort()).isZero();
        Properties p = ScorerService.streamsProperties(s, new HostInfo("scorer-0.scorer", 7072));
        assertThat(p).containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, "scorer-a")
                .containsEntry(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "broker:9093")
                .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, "exactly_once_v2")
                .containsEntry(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                        DeadLetterExceptionHandler.class)
                .containsEntry(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                        DeadLetterExceptionHandler.class)
                .containsEntry(StreamsConfig.STATE_DIR_CONFIG, "/var/lib/scorer")
                .containsEntry(StreamsConfig.APPLICATION_SERVER_CONFIG, "scorer-0.scorer:7072")
                .containsEntry("commit.interval.ms", "100");
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> ScorerSettings.from(Config.of(Map.of("scorer.gold.preference", "best"))))
                .hasMessageContaining("scorer.gold.preference");
        assertThatThrownBy(() -> ScorerSettings.from(Config.of(Map.of("http.port", "70000"))))
                .hasMessageContaining("http.port");
        assertThatThrownBy(() -> ScorerSettings.from(Config.of(Map.of("scorer.max.edges", "0"))))
                .hasMessageContaining("scorer.max.edges");
    }
}
