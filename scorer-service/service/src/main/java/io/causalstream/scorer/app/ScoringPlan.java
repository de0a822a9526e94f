package io.causalstream.scorer.app;

import io.causalstream.runtime.Config;
import io.causalstream.alignment.TripleAlignment;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TokenEncoder;
import io.causalstream.measures.catalog.MeasureCatalog;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.neural.NeuralMeasures;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphAlignment;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.openai.ClientMeters;
import io.causalstream.validation.EdgeValidation;
import io.causalstream.validation.ValidationSettings;
import io.causalstream.scorer.scoring.ValidationAssessor;
import io.causalstream.validation.verify.AnswerBook;
import io.causalstream.validation.verify.OpenAiYesNoModel;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a deployment scores beside the soft F1 measures of {@code scorer.measures}:
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>env</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code scorer.alignment.enabled}</td><td>{@code SCORER_ALIGNMENT_ENABLED}</td><td>true</td>
 *       <td>Structure-first alignment F1 (EmpiriGraph A.3, direction as edge type) into
 *       {@code ScoredGraph.alignmentF1}.</td></tr>
 *   <tr><td>{@code scorer.validation.enabled}</td><td>{@code SCORER_VALIDATION_ENABLED}</td><td>true</td>
 *       <td>Staged edge validation on every edge (needs the passage text; the
 *       {@code validation.*} keys of {@code ValidationSettings}, the verifier keys of {@code OpenAiYesNoModel},
 *       {@code cesar.head.path}).</td></tr>
 * </table>
 * Naming a neural measure in {@code scorer.measures} ({@code minilm-cosine}, {@code minilm-bertscore}, or the
 * names of the encoder configured with {@code encoder.*}) loads the encoder once at start; otherwise no model is
 * loaded. Their default threshold, {@value #NEURAL_DEFAULT_THRESHOLD}, is a starting point, not calibrated on the
 * Elo study: give one explicitly ({@code minilm-cosine:0.8}) for real use.
 */
final class ScoringPlan {

    static final String ALIGNMENT_ENABLED = "scorer.alignment.enabled";
    private static final Logger log = LoggerFactory.getLogger(ScoringPlan.class);

    static final String VALIDATION_ENABLED = "scorer.validation.enabled";
    static final double NEURAL_DEFAULT_THRESHOLD = 0.7;

    static GraphScorer build(Config config, ScorerSettings settings) {
        return build(config, settings, encoder(config));
    }

    /** The configured encoder ({@code encoder.*}), opened on first use, once: to share among its users. */
    static Supplier<TokenEncoder> encoder(Config config) {
        return new SharedEncoder(ScoringSettings.encoder(config));
    }

    /** The scorer, its neural measures and validation on {@code encoder} (opened only if one of them needs it). */
    static GraphScorer build(Config config, ScorerSettings settings, Supplier<TokenEncoder> encoder) {
        ScoringSettings scoring = ScoringSettings.from(config);
        GraphAlignment alignment = GraphAlignment.NONE;
        if (scoring.alignmentEnabled()) {
            TripleAlignment aligner = new TripleAlignment();
            alignment = (triples, gold) -> aligner.f1(triples, gold.getTriples());
        }
        // one encoder for the neural measures, validation and the maps' concept resolution, loaded only if one of
        // them needs it; it lives as long as the process and is shared by every scoring thread
        return settings.graphScorer(catalog(settings, encoder))
                .withHooks(edgeAssessor(config, scoring, encoder), alignment);
    }

    /** Opens the configured encoder ({@code encoder.*}) on first use, once. */
    private static final class SharedEncoder implements Supplier<TokenEncoder> {

        private final EncoderSettings settings;
        private TokenEncoder encoder;

        SharedEncoder(EncoderSettings settings) {
            this.settings = settings;
        }

        @Override
        public synchronized TokenEncoder get() {
            if (encoder == null) {
                encoder = DjlTokenEncoder.open(settings);
            }
            return encoder;
        }
    }

    /** Staged validation (the learned reader; CESAR when switched on), or nothing when {@code scorer.validation.enabled=false}. */
    static EdgeAssessor edgeAssessor(Config config, ScoringSettings scoring, Supplier<TokenEncoder> encoder) {
        if (!scoring.validationEnabled()) {
            return EdgeAssessor.NONE;
        }
        long start = System.nanoTime();
        ValidationSettings settings = scoring.validation();
        // the verifier's answers are kept (and persisted by the topology) under the model and voting asked
        AnswerBook verifier = scoring.verifier().map(client -> new AnswerBook(OpenAiYesNoModel.verifier(client,
                        settings.verifierTries(), settings.verifierMajority(), ClientMeters.NONE),
                        client.model() + " " + settings.verifierMajority() + "/" + settings.verifierTries()
                                + " t=" + client.temperature()))
                .orElse(AnswerBook.NONE);
        // CESAR's head runs on the encoder it was trained on: the shared one, or one of its own (the default)
        Supplier<TokenEncoder> cesarEncoder = scoring.cesar().encoder().equals(scoring.encoder()) ? encoder
                : new SharedEncoder(scoring.cesar().encoder());
        EdgeValidation validation = EdgeValidation.open(scoring.validation(), scoring.cesar(), verifier, encoder,
                cesarEncoder, scoring.encoder());
        log.info("staged edge validation on ({}, LLM verification {}) in {} ms", stages(validation),
                verifier.configured() ? "via " + config.get(OpenAiYesNoModel.BASE_URL, "") : "off",
                (System.nanoTime() - start) / 1_000_000);
        return new ValidationAssessor(validation, verifier);
    }

    private static String stages(EdgeValidation validation) {
        ValidationSettings s = validation.settings();
        if (!s.neural()) {
            return "lexical stages only";
        }
        return validation.reader().map(r -> "reader " + r.name() + " on " + r.encoder().name()).orElse("encoder")
                + (s.strength() ? " + CESAR strength" : "");
    }

    /** The built-in measures, plus the neural ones when {@code scorer.measures} names one. */
    static MeasureCatalog catalog(ScorerSettings settings, Supplier<TokenEncoder> encoder) {
        MeasureCatalog catalog = MeasureCatalog.builtIn();
        if (!settings.measures().contains("cosine") && !settings.measures().contains("bertscore")) {
            return catalog;
        }
        NeuralMeasures neural = new NeuralMeasures(encoder.get());
        for (NodeSimilarity similarity : neural.all()) {
            catalog = catalog.withSimilarity(similarity, NEURAL_DEFAULT_THRESHOLD);
        }
        return catalog;
    }

    private ScoringPlan() {
    }
}
