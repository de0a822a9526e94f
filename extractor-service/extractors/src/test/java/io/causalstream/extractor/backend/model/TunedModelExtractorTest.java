package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.passage.Passage;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fine-tuned model (v3), the default backend, as the service runs it: the shipped file's size and content, its
 * encoder delta merged into the bundled fp32 MiniLM, the claim detector's veto and the passage's certainty.
 */
class TunedModelExtractorTest {

    private static final String CAUSAL = "Higher interest rates reduce household borrowing, which lowers consumer "
            + "spending. Droughts worsen food insecurity in pastoral regions.";

    private static Extractor model;

    @BeforeAll
    static void load() {
        model = ExtractorBackends.create(BackendConfig.read(ExtractorBackends.DEFAULT, Map.<String, String>of()::get));
    }

    @AfterAll
    static void close() {
        model.close();
    }

    private static ExtractionOutcome extract(Extractor extractor, String text) {
        return extractor.extract(new Passage("p", text, null, null, null, Map.of(), Instant.EPOCH));
    }

    @Test
    void theDefaultBackendIsTheFineTunedModel() {
        assertThat(model).isInstanceOf(ModelExtractor.class);
        assertThat(model.annotator().getId()).isEqualTo(ModelExtractor.TUNED_NAME);
        assertThat(model.annotator().getKind()).isEqualTo(AnnotatorKind.MODEL);
        assertThat(model.annotator().getModel()).startsWith(ModelExtractor.TUNED_NAME + "+"
                + ModelExtractor.TUNED_BASE + "+");
        assertThat(((ModelExtractor) model).claims()).isPresent();
    }

    @Test
    void theShippedFileHoldsOnlyWhatTrainingChangedAndStaysSmall() throws IOException {
        try (InputStream in = ModelExtractor.class.getResourceAsStream(ModelExtractor.TUNED_RESOURCE)) {
            assertThat(in).isNotNull();
            assertThat(in.readAllBytes().length).isLessThanOrEqualTo(30 * 1024 * 1024);
        }
        TunedExtractorModel shipped = TunedReader.shipped();
        assertThat(shipped.baseEncoder()).isEqualTo(ModelExtractor.TUNED_BASE);
        // encoder layers (and at most the embeddings' LayerNorm): the embedding tables stay the base's
        assertThat(shipped.delta().names()).isNotEmpty().anyMatch(n -> n.startsWith("encoder.layer."))
                .noneMatch(n -> n.endsWith("_embeddings.weight"));
        assertThat(shipped.head().threshold()).isBetween(0f, 1f);
        assertThat(shipped.claims().threshold()).isBetween(0f, 1f);
    }

    @Test
    void theSamePassageGivesTheSameTriplesWithACertainty() {
        ExtractionOutcome first = extract(model, CAUSAL);
        assertThat(first.triples()).isNotEmpty();
        assertThat(first.certainty()).isNotNull().isBetween(0.0, 1.0);
        assertThat(extract(model, CAUSAL).triples()).isEqualTo(first.triples());
        assertThat(extract(model, "Yes.").triples()).isEmpty();
        // nothing to decide: the raw certainty is 1, published through the shipped calibration
        double calibratedOne = ((ModelExtractor) model).calibration().orElseThrow().apply(1.0);
        assertThat(extract(model, "Yes.").certainty()).isEqualTo(calibratedOne);
        assertThat(first.certainty()).isLessThanOrEqualTo(calibratedOne);
    }

    @Test
    void aSentenceTheClaimDetectorRefusesGivesNoTripleNotEvenTheRules() {
        // a claim detector that refuses every sentence: the rules may not fill them in either
        TunedExtractorModel shipped = TunedReader.shipped();
        TunedExtractorModel refusingAll = new TunedExtractorModel(shipped.name(), shipped.baseEncoder(),
                shipped.head(), new ClaimHead(new float[shipped.head().dimension()], -50f, 0.5f), shipped.delta());
        try (Extractor refusing = ModelExtractor.open(refusingAll,
                io.causalstream.encoder.EncoderSettings.bundledMiniLm(), ModelSettings.DEFAULT_INT8)) {
            assertThat(extract(refusing, CAUSAL).triples()).isEmpty();
            assertThat(extract(refusing, CAUSAL).certainty()).isGreaterThan(0.99);
        }
        // a threshold every sentence reaches: the claim detector lets everything through
        try (Extractor open = ModelExtractor.create(new ModelSettings(null, null,
                io.causalstream.encoder.EncoderSettings.bundledMiniLm(), ModelSettings.V3, null, 0.0f, ModelSettings.DEFAULT_INT8))) {
            assertThat(extract(open, CAUSAL).triples()).isNotEmpty();
        }
    }

    /**
     * A claim in a clause of a sentence whose main clause states none: the claim detector refuses these sentences
     * read whole, and asserts the clause from cause to effect read alone. A clause naming a maker, a sender or an
     * author is no claim.
     */
    @Test
    void aClaimInAClauseOfASentenceThatStatesNoneIsRead() {
        String[][] claims = {{"Engineers inspected the cracks triggered by the earthquake last week.", "earthquake",
                "cracks"}, {"The smog produced by the coal plants hangs over the valley every winter.", "coal plants",
                "smog"}, {"Doctors described the rash induced by the new drug in a short report.", "new drug", "rash"},
                {"The erosion brought about by the floods is mapped in the second chapter.", "floods", "erosion"}};
        for (String[] c : claims) {
            assertThat(extract(model, c[0]).triples()).as(c[0]).anyMatch(t -> t.getSource().equals(c[1])
                    && t.getTarget().equals(c[2]) && t.getDirection() == io.causalstream.schemas.graph.Direction
                    .INCREASE);
        }
        for (String none : List.of("The letter sent by the mayor is on the table.",
                "The bridge built by the army is closed to trucks.",
                "The report written by the committee was published in May.")) {
            assertThat(extract(model, none).triples()).as(none).isEmpty();
        }
    }

    @Test
    void anAssociationAQuestionAndANegatedCueGiveNoTriple() {
        assertThat(extract(model, "Screen use was associated with poorer sleep quality among teenagers.")
                .triples()).isEmpty();
        assertThat(extract(model, "Could stricter curfews reduce late-night screen use?").triples()).isEmpty();
        assertThat(extract(model, "The sugar levy did not lower soft drink sales in the first year.").triples())
                .isEmpty();
    }

    @Test
    void aCausalVerbTaggedInsideANounPhraseIsRead() {
        assertThat(extract(model, "Beta blockers lower resting heart rate.").triples())
                .anyMatch(t -> t.getSource().contains("blockers") && t.getTarget().equals("resting heart rate")
                        && t.getDirection() == io.causalstream.schemas.graph.Direction.DECREASE);
    }

    @Test
    void theObjectsOfTwoConjoinedVerbsAreNoChain() {
        assertThat(extract(model, "Irrigation raises crop output and lowers rural poverty.").triples())
                .noneMatch(t -> t.getSource().equals("crop output"))
                .noneMatch(t -> t.getTarget().contains("Irrigation"));
    }

    @Test
    void theConceptTaggersMentionsAreCandidatesWhenAsked() {
        TunedExtractorModel shipped = TunedReader.shipped();
        assertThat(shipped.tagger(SpanTagger.CONCEPTS)).isPresent();
        String text = "Longer commutes reduce the time parents spend reading with their children.";
        try (ModelExtractor chunks = ModelExtractor.open(shipped, io.causalstream.encoder.EncoderSettings
                .bundledMiniLm(), ModelSettings.DEFAULT_INT8, null, CandidateSource.CHUNKS);
             ModelExtractor both = ModelExtractor.open(shipped, io.causalstream.encoder.EncoderSettings
                     .bundledMiniLm(), ModelSettings.DEFAULT_INT8, null, CandidateSource.CHUNKS_AND_MENTIONS);
             ModelExtractor mentions = ModelExtractor.open(shipped, io.causalstream.encoder.EncoderSettings
                     .bundledMiniLm(), ModelSettings.DEFAULT_INT8, null, CandidateSource.MENTIONS)) {
            List<ConceptSpan> fromChunks = chunks.candidates(text);
            List<ConceptSpan> fromBoth = both.candidates(text);
            List<ConceptSpan> fromMentions = mentions.candidates(text);
            assertThat(fromMentions).isNotEmpty();
            assertThat(fromBoth).containsAll(fromChunks).containsAll(fromMentions);
            assertThat(chunks.source()).isEqualTo(CandidateSource.CHUNKS);
            assertThat(both.source()).isEqualTo(CandidateSource.CHUNKS_AND_MENTIONS);
        }
    }
}
