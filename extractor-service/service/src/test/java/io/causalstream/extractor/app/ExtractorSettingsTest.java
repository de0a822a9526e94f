package io.causalstream.extractor.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.extractor.backend.choice.BackendSettings;
import io.causalstream.runtime.Config;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractorSettingsTest {

    @Test
    void defaults() {
        ExtractorSettings s = ExtractorSettings.from(Config.of(Map.of()));
        assertThat(s.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(s.schemaRegistryUrl()).isEqualTo("http://localhost:8085");
        assertThat(s.httpHost()).isEqualTo("127.0.0.1");
        assertThat(s.httpPort()).isEqualTo(7071);
        assertThat(s.applicationId()).isEqualTo("extractor-service");
        assertThat(s.instanceId()).isEqualTo("0");
        assertThat(s.transactionalId()).isEqualTo("extractor-service-0");
        assertThat(s.backend()).isEqualTo("model");
        assertThat(s.maxConcurrency()).isEqualTo(4);
        assertThat(s.retryBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.maxPassageChars()).isEqualTo(20_000);
        assertThat(s.drainTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void exactlyOnceClientSettings() {
        ExtractorSettings s = ExtractorSettings.from(Config.of(Map.of("application.id", "ext-a",
                "extractor.instance.id", "3", "kafka.consumer.max.poll.records", "20",
                "kafka.producer.transaction.timeout.ms", "30000")));
        assertThat(s.consumerConfig())
                .containsEntry("group.id", "ext-a")
                .containsEntry("isolation.level", "read_committed")
                .containsEntry("enable.auto.commit", false)
                .containsEntry("auto.offset.reset", "earliest")
                .containsEntry("max.poll.records", "20")
                .containsEntry("client.id", "ext-a-3-consumer");
        assertThat(s.producerConfig())
                .containsEntry("transactional.id", "ext-a-3")
                .containsEntry("enable.idempotence", true)
                .containsEntry("acks", "all")
                .containsEntry("transaction.timeout.ms", "30000")
                .containsEntry("client.id", "ext-a-3-producer");
    }

    @Test
    void unknownBackendIsAStartupErrorListingTheValidOnes() {
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("extractor.backend", "gpt5"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown extractor.backend 'gpt5' (EXTRACTOR_BACKEND); valid backends: rules, openai, djl, "
                        + "model, cascade");
    }

    @Test
    void theCascadeIsChosenAndCheckedThroughTheOneLoader() {
        ExtractorSettings s = ExtractorSettings.from(Config.of(Map.of("extractor.backend", "cascade",
                "extractor.cascade.threshold", "0.7", "extractor.openai.base.url", "http://gpu:8000/v1",
                "extractor.openai.model", "llama3")));
        assertThat(s.backend()).isEqualTo("cascade");
        assertThat(((BackendSettings.Cascade) s.backendSettings()).cascade().threshold()).isEqualTo(0.7);
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("extractor.backend", "cascade",
                "extractor.openai.model", "llama3"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("extractor.openai.base.url (EXTRACTOR_OPENAI_BASE_URL) is not set");
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("extractor.backend", "cascade",
                "extractor.cascade.threshold", "2", "extractor.openai.base.url", "http://gpu:8000/v1",
                "extractor.openai.model", "llama3"))))
                .hasMessageStartingWith("extractor.cascade.threshold (EXTRACTOR_CASCADE_THRESHOLD) must be in [0, 1]");
    }

    @Test
    void overridingAnExactlyOnceSettingIsRefused() {
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("kafka.consumer.enable.auto.commit",
                "true"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("kafka.consumer.enable.auto.commit cannot be set");
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("kafka.producer.transactional.id",
                "x"))))
                .hasMessageStartingWith("kafka.producer.transactional.id cannot be set");
    }

    @Test
    void passageLimitAndDrainTimeoutAreRead() {
        ExtractorSettings s = ExtractorSettings.from(Config.of(Map.of("passage.max.chars", "500",
                "extractor.shutdown.drain.ms", "2500")));
        assertThat(s.maxPassageChars()).isEqualTo(500);
        assertThat(s.drainTimeout()).isEqualTo(Duration.ofMillis(2500));
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("passage.max.chars", "0"))))
                .hasMessage("config passage.max.chars (PASSAGE_MAX_CHARS) must be at least 1, got 0");
    }

    @Test
    void concurrencyMustBePositive() {
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("extractor.max.concurrency", "0"))))
                .hasMessage("extractor.max.concurrency must be at least 1, got 0");
    }

    @Test
    void unsupportedLanguagePolicyIsReportByDefaultOrDlq() {
        assertThat(ExtractorSettings.from(Config.of(Map.of())).unsupportedLanguage())
                .isEqualTo(io.causalstream.extractor.backend.LanguageSupport.Policy.REPORT);
        assertThat(ExtractorSettings.from(Config.of(Map.of("extractor.unsupported.language", "dlq")))
                .unsupportedLanguage()).isEqualTo(io.causalstream.extractor.backend.LanguageSupport.Policy.DLQ);
        assertThatThrownBy(() -> ExtractorSettings.from(Config.of(Map.of("extractor.unsupported.language", "x"))))
                .hasMessage("extractor.unsupported.language must be report or dlq, got 'x'");
    }
}
