package io.causalstream.research.benchmark;

import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.tune.TunedEncoders;
import io.causalstream.extractor.backend.choice.BackendSettings;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.backend.model.ClaimHead;
import io.causalstream.extractor.backend.model.ConceptReader;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.model.SpanTagger;
import io.causalstream.extractor.backend.model.ModelSettings;
import io.causalstream.extractor.backend.model.TunedExtractorModel;
import io.causalstream.extractor.backend.model.TunedReader;

/** The {@link CausalSpanReader} of an extractor backend, as {@code evaluate --backend} names it. */
public final class BackendReaders {

    /**
     * The backend's reader. The fine-tuned {@code model} (v3) answers subtask 1 with its claim detector: a sentence
     * is causal when the detector accepts one of its sentences. Every other backend answers "at least one triple".
     */
    public static CausalSpanReader open(BackendSettings settings) {
        if (settings instanceof BackendSettings.Model m && m.model().head() == null
                && ModelSettings.V3.equals(m.model().version())) {
            return tuned(m.model());
        }
        return new ExtractorSpanReader(ExtractorBackends.create(settings));
    }

    /**
     * The tuned model opened as {@code ModelExtractor.create} opens it (same model, thresholds, encoder, precision),
     * but over an encoder held here: the claim decision needs the encoder the extractor reads with, which the
     * extractor keeps to itself. The certainty calibration is left out; no benchmark reads it.
     */
    private static CausalSpanReader tuned(ModelSettings settings) {
        TunedExtractorModel model = settings.model() == null ? TunedReader.shipped()
                : TunedReader.read(settings.model());
        model = model.withThresholds(settings.threshold() != null ? settings.threshold() : model.head().threshold(),
                settings.claimThreshold() != null ? settings.claimThreshold() : model.claims().threshold());
        EncoderSettings e = settings.encoder();
        EncoderSettings base = new EncoderSettings(null, null, model.baseEncoder(), e.maxTokens(), e.batchSize(),
                e.threads(), e.cacheDir()).withPasses(e.passes());
        DjlTokenEncoder encoder = DjlTokenEncoder.open(TunedEncoders.materialise(base, model.delta(), model.deltaId(),
                settings.int8()));
        ModelExtractor extractor = new ModelExtractor(encoder, model, settings.candidates());
        ConceptReader concepts = new ConceptReader(encoder);
        ClaimHead claims = model.claims();
        ExtractorSpanReader triples = new ExtractorSpanReader(extractor, text -> concepts.read(text).stream()
                .anyMatch(f -> claims.asserts(f.sentenceVector())), () -> {
                    extractor.close();
                    encoder.close();
                });
        // a model with taggers reads the benchmark's spans itself; its triples still give the links between concepts
        java.util.Optional<SpanTagger> signals = model.tagger(SpanTagger.SIGNALS);
        return model.tagger(SpanTagger.ARGUMENTS).<CausalSpanReader>map(arguments -> new TaggedSpanReader(encoder,
                arguments, signals, claims, triples)).orElse(triples);
    }

    private BackendReaders() {
    }
}
