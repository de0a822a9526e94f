package io.causalstream.extractor.backend.choice;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.cascade.CascadeExtractor;
import io.causalstream.extractor.backend.djl.DjlBackend;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.openai.OpenAiBackend;
import io.causalstream.extractor.backend.rules.RuleBasedExtractor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The backends selectable with {@code extractor.backend}, by name: {@code rules} (no model),
 * {@code openai} (an OpenAI-compatible inference server), {@code djl} (a model run in process) and
 * {@code model} (the default: the trained embedded extractor: concepts from noun-phrase chunks, a relation head over a frozen
 * encoder, in process on CPU) and {@code cascade} ({@code model} for every passage, {@code openai} for those it is
 * unsure of). Their settings
 * come typed ({@link BackendSettings}, read by {@link BackendConfig}).
 */
public final class ExtractorBackends {

    public static final String RULES = "rules";
    public static final String OPENAI = "openai";
    public static final String DJL = "djl";
    public static final String MODEL = "model";
    public static final String CASCADE = "cascade";
    /**
     * The backend a deployment gets without {@code extractor.backend}: the trained model, which beats the rules on
     * the validation split (micro METEOR-E and ROUGE-E; see the model card beside the shipped head).
     */
    public static final String DEFAULT = MODEL;

    private static final Set<String> NAMES =
            Collections.unmodifiableSet(new LinkedHashSet<>(List.of(RULES, OPENAI, DJL, MODEL, CASCADE)));

    /** The valid backend names, in the order they are documented. */
    public static Set<String> names() {
        return NAMES;
    }

    /**
     * Fails with a message listing the valid names, so a typo in the deployment is caught at startup rather than
     * when the first passage arrives.
     */
    public static String requireKnown(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown extractor.backend '" + name + "' (EXTRACTOR_BACKEND); valid "
                    + "backends: " + String.join(", ", names()));
        }
        return name;
    }

    /** Creates the backend the settings describe; it registers its meters in {@code meters}. */
    public static Extractor create(BackendSettings settings, MeterRegistry meters) {
        return switch (settings) {
            case BackendSettings.Rules rules -> new RuleBasedExtractor();
            case BackendSettings.OpenAi openAi -> OpenAiBackend.create(openAi.openAi(), openAi.llm(), meters);
            case BackendSettings.Djl djl -> DjlBackend.create(djl.djl(), djl.llm(), meters);
            case BackendSettings.Model model -> ModelExtractor.create(model.model());
            case BackendSettings.Cascade cascade -> cascade(cascade, meters);
        };
    }

    private static Extractor cascade(BackendSettings.Cascade settings, MeterRegistry meters) {
        Extractor embedded = ModelExtractor.create(settings.model());
        Extractor llm = null;
        try {
            llm = OpenAiBackend.create(settings.openAi(), settings.llm(), meters);
            return new CascadeExtractor(settings.llm().annotatorId(), embedded, llm, settings.cascade(), meters);
        } catch (RuntimeException e) {
            if (llm != null) {
                llm.close();
            }
            embedded.close();
            throw e;
        }
    }

    /** Creates the backend with meters nobody reads (tools, tests). */
    public static Extractor create(BackendSettings settings) {
        return create(settings, new SimpleMeterRegistry());
    }

    private ExtractorBackends() {
    }
}
