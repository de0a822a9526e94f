package io.causalstream.extractor.backend.choice;

import io.causalstream.extractor.backend.cascade.CascadeSettings;
import io.causalstream.extractor.backend.djl.DjlSettings;
import io.causalstream.extractor.backend.model.ModelSettings;
import io.causalstream.extractor.backend.openai.OpenAiSettings;
import io.causalstream.extractor.llm.LlmSettings;

/**
 * The typed settings of one backend, everything {@link ExtractorBackends#create} needs: the caller reads them (see
 * {@link BackendConfig}) so the backends never read configuration themselves.
 */
public sealed interface BackendSettings {

    /** The backend's name, one of {@link ExtractorBackends#names()}. */
    String name();

    /** {@code rules}: no model, nothing to set. */
    record Rules() implements BackendSettings {
        @Override
        public String name() {
            return ExtractorBackends.RULES;
        }
    }

    /** {@code openai}: an OpenAI-compatible inference server. */
    record OpenAi(OpenAiSettings openAi, LlmSettings llm) implements BackendSettings {
        @Override
        public String name() {
            return ExtractorBackends.OPENAI;
        }
    }

    /** {@code djl}: a model run in process. */
    record Djl(DjlSettings djl, LlmSettings llm) implements BackendSettings {
        @Override
        public String name() {
            return ExtractorBackends.DJL;
        }
    }

    /** {@code model}: the trained embedded extractor, in process. */
    record Model(ModelSettings model) implements BackendSettings {
        @Override
        public String name() {
            return ExtractorBackends.MODEL;
        }
    }

    /**
     * {@code cascade}: the embedded model for every passage, the OpenAI-compatible server for those it is unsure of.
     *
     * @param llm its annotator id is the cascade's (every extraction is published under it)
     */
    record Cascade(CascadeSettings cascade, ModelSettings model, OpenAiSettings openAi, LlmSettings llm)
            implements BackendSettings {
        @Override
        public String name() {
            return ExtractorBackends.CASCADE;
        }
    }
}
