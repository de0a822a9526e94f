package io.causalstream.validation.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.openai.OpenAiClientSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verifier's keys, their defaults and their messages, read from a plain lookup. */
class VerifierConfigTest {

    @Test
    void withoutABaseUrlThereIsNoVerifier() {
        assertThat(VerifierConfig.read(Map.<String, String>of()::get, 0)).isEmpty();
        assertThat(VerifierConfig.read(Map.of(OpenAiYesNoModel.BASE_URL, " ")::get, 0)).isEmpty();
    }

    @Test
    void defaultsAndTheCallersTemperature() {
        Map<String, String> keys = Map.of(OpenAiYesNoModel.BASE_URL, "http://llm:8000/v1/",
                "validation.verifier.model", "m");
        OpenAiClientSettings s = VerifierConfig.read(keys::get, OpenAiYesNoModel.DEFAULT_TEMPERATURE).orElseThrow();
        assertThat(s.baseUrl()).isEqualTo(URI.create("http://llm:8000/v1"));
        assertThat(s.temperature()).isZero();
        assertThat(s.maxTokens()).isEqualTo(4);
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.maxAttempts()).isEqualTo(3);
        assertThat(s.backoffMax()).isEqualTo(Duration.ofSeconds(5));
        assertThat(VerifierConfig.read(keys::get, 0.7).orElseThrow().temperature()).isEqualTo(0.7);
    }

    @Test
    void badValuesNameTheKeys() {
        assertThatThrownBy(() -> VerifierConfig.read(Map.of(OpenAiYesNoModel.BASE_URL, "http://llm")::get, 0))
                .hasMessage("validation.verifier.model is required when validation.verifier.base.url is set");
        assertThatThrownBy(() -> VerifierConfig.read(Map.of(OpenAiYesNoModel.BASE_URL, "http://llm",
                "validation.verifier.model", "m", "validation.verifier.timeout.ms", "soon")::get, 0))
                .hasMessage("bad validation.verifier.* setting: config validation.verifier.timeout.ms "
                        + "(VALIDATION_VERIFIER_TIMEOUT_MS) must be a number, got 'soon'");
    }
}
