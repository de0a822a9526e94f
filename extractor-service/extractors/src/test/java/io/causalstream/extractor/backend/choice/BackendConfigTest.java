package io.causalstream.extractor.backend.choice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.extractor.backend.cascade.CascadeSettings;
import io.causalstream.extractor.backend.model.ModelSettings;
import io.causalstream.extractor.backend.openai.OpenAiSettings;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.llm.LlmSettings;
import io.causalstream.extractor.prompt.PromptFormat;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The backend keys, their defaults and their messages, read from a plain lookup. */
class BackendConfigTest {

    @Test
    void rulesReadsNothingAndAnUnusedBackendsRequiredKeysNeedNotBeSet() {
        assertThat(BackendConfig.read("rules", Map.<String, String>of()::get)).isEqualTo(new BackendSettings.Rules());
        assertThat(BackendConfig.read("rules", Map.<String, String>of()::get).name()).isEqualTo("rules");
        assertThatThrownBy(() -> BackendConfig.read("gpt5", Map.<String, String>of()::get))
                .hasMessage("unknown extractor.backend 'gpt5' (EXTRACTOR_BACKEND); valid backends: rules, openai, djl, "
                        + "model, cascade");
    }

    @Test
    void modelDefaultsToTheShippedHeadAndItsThresholdAndChecksTheThreshold() {
        BackendSettings s = BackendConfig.read("model", Map.<String, String>of()::get);
        assertThat(s.name()).isEqualTo("model");
        ModelSettings m = ((BackendSettings.Model) s).model();
        assertThat(m.head()).isNull();
        assertThat(m.threshold()).isNull();
        assertThat(m.encoder().bundled()).isTrue();
        ModelSettings set = BackendConfig.model(Map.of("extractor.model.head", "h.bin.gz",
                "extractor.model.threshold", "0.4", "extractor.model.threads", "2")::get);
        assertThat(set.head()).isEqualTo(Path.of("h.bin.gz"));
        assertThat(set.threshold()).isEqualTo(0.4f);
        assertThat(set.encoder().threads()).isEqualTo(2);
        assertThatThrownBy(() -> BackendConfig.model(Map.of("extractor.model.threshold", "1.5")::get))
                .hasMessage("extractor.model.threshold must be in [0, 1], got 1.5");
        assertThat(m.candidates()).isEqualTo(ModelSettings.DEFAULT_CANDIDATES);
        assertThat(BackendConfig.model(Map.of("extractor.model.candidates", " Chunks+Mentions ")::get).candidates())
                .isEqualTo(io.causalstream.extractor.backend.model.CandidateSource.CHUNKS_AND_MENTIONS);
        assertThatThrownBy(() -> BackendConfig.model(Map.of("extractor.model.candidates", "nouns")::get))
                .hasMessage("extractor.model.candidates must be one of chunks, chunks+mentions, mentions, got nouns");
    }

    @Test
    void openAiDefaultsAndTheSharedLlmSettings() {
        BackendSettings s = BackendConfig.read("openai", Map.of("extractor.openai.model", "meta/llama-3",
                "extractor.openai.base.url", "http://gpu:8000/v1/", "state.dir", "state")::get);
        assertThat(s).isInstanceOf(BackendSettings.OpenAi.class);
        OpenAiSettings o = ((BackendSettings.OpenAi) s).openAi();
        assertThat(o.baseUrl()).isEqualTo(URI.create("http://gpu:8000/v1"));
        assertThat(o.endpoint()).isEqualTo(OpenAiSettings.Endpoint.CHAT);
        assertThat(o.maxTokens()).isEqualTo(512);
        assertThat(o.timeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(o.batchSize()).isEqualTo(8);
        assertThat(o.apiKey()).isNull();
        LlmSettings llm = ((BackendSettings.OpenAi) s).llm();
        assertThat(llm.format()).isEqualTo(PromptFormat.THREE_SHOT);
        assertThat(llm.mode()).isEqualTo(LlmExtractor.Mode.SINGLE);
        assertThat(llm.annotatorId()).isEqualTo("llama-3-three-shot");
        assertThat(llm.cacheDir()).isEqualTo(Path.of("state", "result-cache"));
        assertThat(llm.cacheMaxEntries()).isEqualTo(10_000);
    }

    @Test
    void valuesAreTrimmedAndBlankMeansUnsetAsThroughTheConfigLoader() {
        OpenAiSettings o = BackendConfig.openAi(Map.of("extractor.openai.model", " m ",
                "extractor.openai.api.key", "  ", "extractor.openai.max.tokens", " 64 ")::get);
        assertThat(o.model()).isEqualTo("m");
        assertThat(o.apiKey()).isNull();
        assertThat(o.maxTokens()).isEqualTo(64);
    }

    @Test
    void badValuesFailWithTheKeyAndItsEnvironmentName() {
        assertThatThrownBy(() -> BackendConfig.openAi(Map.<String, String>of()::get))
                .hasMessage("extractor.openai.model must be set (the model name the server serves)");
        assertThatThrownBy(() -> BackendConfig.openAi(Map.of("extractor.openai.model", "m",
                "extractor.openai.max.tokens", "many")::get))
                .hasMessage("config extractor.openai.max.tokens (EXTRACTOR_OPENAI_MAX_TOKENS) must be a number, "
                        + "got 'many'");
        assertThatThrownBy(() -> BackendConfig.openAi(Map.of("extractor.openai.model", "m",
                "extractor.openai.endpoint", "embeddings")::get))
                .hasMessage("extractor.openai.endpoint must be chat or completions, got 'embeddings'");
        assertThatThrownBy(() -> BackendConfig.llm(Map.of("extractor.mode", "batch")::get, "m"))
                .hasMessage("extractor.mode must be single or staged, got 'batch'");
        assertThatThrownBy(() -> BackendConfig.llm(Map.of("extractor.cache.max.entries", "-1")::get, "m"))
                .hasMessage("extractor.cache.max.entries must not be negative");
    }

    private static final Map<String, String> SERVER = Map.of("extractor.openai.base.url", "http://gpu:8000/v1",
            "extractor.openai.model", "meta/llama-3");

    private static BackendSettings.Cascade cascade(Map<String, String> more) {
        Map<String, String> m = new HashMap<>(SERVER);
        m.putAll(more);
        return (BackendSettings.Cascade) BackendConfig.read("cascade", m::get);
    }

    @Test
    void cascadeReadsItsThresholdTheModelsAndTheServersKeysUnderAnIdOfItsOwn() {
        BackendSettings.Cascade c = cascade(Map.of());
        assertThat(c.name()).isEqualTo("cascade");
        assertThat(c.cascade().threshold()).isEqualTo(0.5);
        assertThat(c.model().head()).isNull();
        assertThat(c.openAi().baseUrl()).isEqualTo(URI.create("http://gpu:8000/v1"));
        // not the openai backend's "llama-3-three-shot": the two never replace each other's annotations
        assertThat(c.llm().annotatorId()).isEqualTo("cascade-llama-3-three-shot");
        assertThat(cascade(Map.of("extractor.annotator.id", "triage-1")).llm().annotatorId()).isEqualTo("triage-1");
        BackendSettings.Cascade set = cascade(Map.of("extractor.cascade.threshold", " 0.8 ",
                "extractor.model.threshold", "0.3"));
        assertThat(set.cascade().threshold()).isEqualTo(0.8);
        assertThat(set.model().threshold()).isEqualTo(0.3f);
        assertThat(cascade(Map.of("extractor.cascade.threshold", "0")).cascade().threshold()).isZero();
        assertThat(cascade(Map.of("extractor.cascade.threshold", "1")).cascade().threshold()).isEqualTo(1.0);
    }

    @Test
    void aCascadeThresholdOutsideZeroToOneIsAStartupErrorNamingTheKey() {
        for (String bad : new String[] {"1.5", "-0.1", "NaN"}) {
            assertThatThrownBy(() -> cascade(Map.of("extractor.cascade.threshold", bad)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("extractor.cascade.threshold (EXTRACTOR_CASCADE_THRESHOLD) must be in [0, 1] (0 never "
                            + "routes to the LLM, 1 always does), got " + Double.parseDouble(bad));
        }
        assertThatThrownBy(() -> cascade(Map.of("extractor.cascade.threshold", "high")))
                .hasMessage("config extractor.cascade.threshold (EXTRACTOR_CASCADE_THRESHOLD) must be a number, "
                        + "got 'high'");
        assertThatThrownBy(() -> new CascadeSettings(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCascadeWithoutAServerIsAStartupErrorNamingTheMissingKey() {
        // the openai backend would default to a server on localhost; the cascade wants one named
        assertThatThrownBy(() -> BackendConfig.read("cascade", Map.of("extractor.openai.model", "m")::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("extractor.backend=cascade needs an OpenAI-compatible server for the passages the "
                        + "embedded model is unsure of: extractor.openai.base.url (EXTRACTOR_OPENAI_BASE_URL) is "
                        + "not set");
        assertThatThrownBy(() -> BackendConfig.read("cascade", Map.of("extractor.openai.base.url", " ")::get))
                .hasMessageEndingWith("extractor.openai.base.url (EXTRACTOR_OPENAI_BASE_URL) is not set");
        assertThatThrownBy(() -> BackendConfig.read("cascade", Map.of("extractor.openai.base.url",
                "http://gpu:8000/v1")::get))
                .hasMessageEndingWith("extractor.openai.model (EXTRACTOR_OPENAI_MODEL) is not set");
        // and the server's own checks still apply
        assertThatThrownBy(() -> cascade(Map.of("extractor.openai.base.url", "ftp://gpu/v1")))
                .hasMessage("extractor.openai.base.url must be http(s), got ftp://gpu/v1");
    }
}
