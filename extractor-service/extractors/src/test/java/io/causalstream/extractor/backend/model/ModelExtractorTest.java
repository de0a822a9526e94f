package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The frozen-encoder model (v2: the shipped relation head over the bundled int8 encoder, {@code
 * extractor.model.version=v2}), through the backend factory, as the service runs it; the decoding rules it shares
 * with v3 ({@link TripleDecoding#triples}, the rules' fill) are pinned here on v2's readings.
 */
class ModelExtractorTest {

    private static Extractor model;

    @BeforeAll
    static void load() {
        model = ExtractorBackends.create(BackendConfig.read(ExtractorBackends.DEFAULT,
                Map.of("extractor.model.version", "v2")::get));
    }

    @AfterAll
    static void close() {
        model.close();
    }

    private static List<Triple> extract(String text) {
        return model.extract(new Passage("p", text, null, null, null, Map.of(), Instant.EPOCH)).triples();
    }

    @Test
    void versionTwoIsTheFrozenEncodersHead() {
        assertThat(model).isInstanceOf(ModelExtractor.class);
        assertThat(model.annotator().getId()).isEqualTo(ModelExtractor.HEAD_NAME);
        assertThat(model.annotator().getKind()).isEqualTo(AnnotatorKind.MODEL);
        assertThat(((ModelExtractor) model).head().threshold()).isBetween(0f, 1f);
        // the shipped head reads the int8 MiniLM it was trained on (the encoder is picked from the head)
        assertThat(model.annotator().getModel())
                .isEqualTo("relation-head-v2+all-minilm-l6-v2-q+causal-cues-v5+opennlp-1.5");
    }

    @Test
    void findsTheClaimWithEvidenceSpansAndConfidences() {
        String text = "Pastoralists in the arid regions of Mali continue to face increasing risk due to low levels "
                + "of rainfall. Higher interest rates reduce household borrowing, which lowers consumer spending.";
        List<Triple> triples = ((ModelExtractor) model).headOnly(text);
        assertThat(triples).isNotEmpty();
        float threshold = ((ModelExtractor) model).head().threshold();
        for (Triple t : triples) {
            assertThat(t.getConfidence()).isBetween((double) threshold - 1e-6, 1.0);
            assertThat(t.getEvidence()).isNotEmpty();
            for (EvidenceSpan span : t.getEvidence()) {
                String evidence = text.substring(span.getStart(), span.getEnd());
                assertThat(evidence).contains(t.getSource()).contains(t.getTarget());
            }
        }
        // the shipped head's reading of the second sentence (the first one it leaves below its threshold)
        assertThat(triples).anySatisfy(t -> {
            assertThat(t.getSource()).isEqualTo("interest rates"); // "Higher" is in the sign (an increase: it turns nothing)
            assertThat(t.getTarget()).isEqualTo("household borrowing");
            assertThat(t.getDirection()).isEqualTo(io.causalstream.schemas.graph.Direction.DECREASE);
            assertThat(t.getEvidence()).containsExactly(new EvidenceSpan(text.indexOf("Higher"),
                    text.indexOf(" borrowing,") + " borrowing".length()));
        });
    }

    @Test
    void aPassageWithoutTwoConceptsGivesNothingAndTheSamePassageTheSameTriples() {
        assertThat(extract("Yes.")).isEmpty();
        String text = "Higher interest rates reduce household borrowing, which lowers consumer spending.";
        assertThat(extract(text)).isEqualTo(extract(text));
    }

    @Test
    void aRelativeClauseAfterADecreaseTakesTheOppositeSign() {
        String text = "Stricter emission standards curb urban air pollution, which lowers hospital admissions.";
        ConceptSpan pollution = span(text, "urban air pollution");
        ConceptSpan admissions = span(text, "hospital admissions");
        ConceptSpan standards = span(text, "Stricter emission standards");
        assertThat(TripleDecoding.chained(text, pollution, admissions)).isTrue();
        // the direct edge and the reverse are read literally
        assertThat(TripleDecoding.chained(text, standards, pollution)).isFalse();
        assertThat(TripleDecoding.chained(text, admissions, pollution)).isFalse();
        String raised = "Subsidies raise farm incomes, which lowers rural poverty.";
        assertThat(TripleDecoding.chained(raised, span(raised, "farm incomes"), span(raised, "rural poverty")))
                .isFalse();
        // whatever the shipped head finds in the sentence, the chained edge is never the literal DECREASE
        assertThat(extract(text)).noneSatisfy(t -> {
            assertThat(t.getSource()).endsWith("pollution");
            assertThat(t.getTarget()).endsWith("admissions");
            assertThat(t.getDirection()).isEqualTo(io.causalstream.schemas.graph.Direction.DECREASE);
        });
    }

    @Test
    void theEndsOfAChainOfTwoClausesAreNoEdge() {
        String text = "Drought reduces crop yields, and lower yields raise food prices.";
        assertThat(TripleDecoding.acrossAChain(text, span(text, "Drought"), span(text, "food prices"))).isTrue();
        assertThat(TripleDecoding.acrossAChain(text, span(text, "food prices"), span(text, "Drought"))).isTrue();
        assertThat(TripleDecoding.acrossAChain(text, span(text, "Drought"), span(text, "crop yields"))).isFalse();
        assertThat(TripleDecoding.acrossAChain(text, span(text, "lower yields"), span(text, "food prices")))
                .isFalse();
        // the shipped head paired Drought with food prices (DECREASE, the sign of the nearer "reduces")
        assertThat(extract(text)).noneSatisfy(t -> {
            assertThat(t.getSource()).isEqualTo("Drought");
            assertThat(t.getTarget()).isEqualTo("food prices");
        });
    }

    @Test
    void theOneSignedCueBetweenTheMentionsGivesTheSign() {
        String text = "Better drainage reduces urban flooding.";
        assertThat(TripleDecoding.statedBetween(text, span(text, "Better drainage"), span(text, "urban flooding")))
                .contains(Direction.DECREASE);
        // the shipped head alone gave INCREASE here (confidence 0.45)
        assertThat(extract(text)).singleElement().satisfies(t -> {
            assertThat(t.getSource()).isEqualTo("Better drainage");
            assertThat(t.getDirection()).isEqualTo(Direction.DECREASE);
        });
        String lower = "Lower yields raise food prices.";
        assertThat(TripleDecoding.statedBetween(lower, span(lower, "Lower yields"), span(lower, "food prices")))
                .contains(Direction.DECREASE);
        // "worsen" lowers a good thing: the shipped head and the previous lexicon gave INCREASE
        String worse = "Longer school closures worsened learning outcomes.";
        assertThat(TripleDecoding.statedBetween(worse, span(worse, "school closures"),
                span(worse, "learning outcomes"))).contains(Direction.DECREASE);
        // nothing stated, or not once, or negated, or denied: the head's sign stands
        for (String t : List.of("drought and crop yields.", "drought reduces and raises yields.",
                "drought does not reduce yields.", "There is no evidence that drought reduces yields.",
                "drought leads to yields.")) {
            assertThat(TripleDecoding.statedBetween(t, span(t, "drought"), span(t, "yields"))).as(t).isEmpty();
        }
        // several cues: the verb that governs the effect states its sign, when the verb before it has its own object
        String two = "Higher tariffs raised import prices and, within a year, curbed consumer demand.";
        assertThat(TripleDecoding.statedBetween(two, span(two, "Higher tariffs"), span(two, "consumer demand")))
                .contains(Direction.DECREASE);
        String cut = "Chlorination protected stored water against contamination and reduced diarrhoea.";
        assertThat(TripleDecoding.statedBetween(cut, span(cut, "Chlorination"), span(cut, "diarrhoea")))
                .contains(Direction.DECREASE);
        String far = "Tariffs raised prices and reduced the incomes of most of the poorest households.";
        assertThat(TripleDecoding.statedBetween(far, span(far, "Tariffs"), span(far, "poorest households")))
                .isEmpty();
        // the effect before the cause: no claim read backwards
        assertThat(TripleDecoding.statedBetween(text, span(text, "urban flooding"), span(text, "Better drainage")))
                .isEmpty();
    }

    @Test
    void aChangeNounsPhraseBeforeTheEffectTurnsASignedCue() {
        // "fuelled" is an increase cue of the lexicon; the decline it fuels is less of the effect
        String s = "Cheap credit fuelled a decline in river flooding.";
        assertThat(TripleDecoding.statedBetween(s, span(s, "Cheap credit"), span(s, "river flooding")))
                .contains(Direction.DECREASE);
        String up = "Remote work curbed the rise in office rents.";
        assertThat(TripleDecoding.statedBetween(up, span(up, "Remote work"), span(up, "office rents")))
                .contains(Direction.DECREASE);
        String unsigned = "Drought led to a sharp drop in crop yields.";
        assertThat(TripleDecoding.statedBetween(unsigned, span(unsigned, "Drought"), span(unsigned, "crop yields")))
                .contains(Direction.DECREASE);
        // a phrase that names no change leaves the cue's sign
        String share = "Subsidies raised the share of organic farms.";
        assertThat(TripleDecoding.statedBetween(share, span(share, "Subsidies"), span(share, "organic farms")))
                .contains(Direction.INCREASE);
    }

    @Test
    void aSentenceTheHeadFindsNothingInGetsTheRulesTriples() {
        String text = "Rising sea temperatures intensify tropical storms, and stronger storms damage coastal "
                + "infrastructure.";
        // the shipped head alone finds nothing here
        assertThat(((ModelExtractor) model).headOnly(text)).isEmpty();
        assertThat(extract(text)).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .contains(org.assertj.core.groups.Tuple.tuple("sea temperatures", "tropical storms",
                        Direction.INCREASE));
        // where the head found a triple, its reading stands: no rules triple is added in that sentence
        String read = "Better drainage reduces urban flooding.";
        assertThat(extract(read)).singleElement().extracting(Triple::getSource).isEqualTo("Better drainage");
    }

    @Test
    void aClauseTheHeadLeftOutGetsTheRulesTriple() {
        String text = "Higher interest rates reduce household borrowing, which lowers consumer spending.";
        // a head that read the first clause only (relation-head-v2 as first shipped did)
        Triple firstClause = new Triple("Higher interest rates", "household borrowing", Direction.DECREASE,
                List.of(new EvidenceSpan(0, 48)), 0.9);
        Passage passage = new Passage("p", text, null, null, null, Map.of(), Instant.EPOCH);
        // "which" is the reduced borrowing: less borrowing, lower spending
        assertThat(((ModelExtractor) model).withRulesWhereSilent(passage, List.of(), List.of(firstClause)))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Higher interest rates", "household borrowing",
                        Direction.DECREASE), org.assertj.core.groups.Tuple.tuple("household borrowing",
                        "consumer spending", Direction.INCREASE));
        // a head that read both clauses keeps its reading alone
        Triple secondClause = new Triple("household borrowing", "consumer spending", Direction.INCREASE,
                List.of(new EvidenceSpan(28, 80)), 0.8);
        assertThat(((ModelExtractor) model).withRulesWhereSilent(passage, List.of(),
                List.of(firstClause, secondClause))).hasSize(2);
        // and the backend gives the chained edge
        assertThat(extract(text)).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .contains(org.assertj.core.groups.Tuple.tuple("household borrowing", "consumer spending",
                        Direction.INCREASE));
    }

    @Test
    void aConceptOutsideEverySpanTheHeadReadIsReadBeyond() {
        String text = "Drought reduces yields, which raises prices.";
        Triple head = new Triple("Drought", "yields", Direction.DECREASE, List.of(new EvidenceSpan(0, 22)), 0.9);
        Triple same = new Triple("drought", "yields", Direction.DECREASE, List.of(new EvidenceSpan(0, 44)), null);
        Triple chained = new Triple("yields", "prices", Direction.INCREASE, List.of(new EvidenceSpan(0, 44)), null);
        Triple unwritten = new Triple("yields", "food costs", Direction.INCREASE, List.of(new EvidenceSpan(0, 44)),
                null);
        assertThat(ModelExtractor.readsBeyond(same, text, List.of(head))).isFalse();
        assertThat(ModelExtractor.readsBeyond(chained, text, List.of(head))).isTrue();
        assertThat(ModelExtractor.readsBeyond(unwritten, text, List.of(head))).isFalse();
        assertThat(ModelExtractor.readsBeyond(same, text, List.of())).isTrue();
    }

    @Test
    void theRulesAreConsultedOnlyWhereACueStandsOutsideTheHeadsSpans() {
        String text = "Drought reduces yields, which raises prices.";
        Triple first = new Triple("Drought", "yields", Direction.DECREASE, List.of(new EvidenceSpan(0, 22)), 0.9);
        Triple both = new Triple("Drought", "prices", Direction.DECREASE, List.of(new EvidenceSpan(0, 43)), 0.9);
        assertThat(ModelExtractor.cueOutside(text, List.of(first))).isTrue(); // "raises"
        assertThat(ModelExtractor.cueOutside(text, List.of(both))).isFalse();
        assertThat(ModelExtractor.cueOutside("Drought and yields.", List.of())).isFalse();
    }

    private static ConceptSpan span(String text, String words) {
        int start = text.indexOf(words);
        return new ConceptSpan(0, 0, start, start + words.length(), words);
    }

    @Test
    void aHeadReadsTheBundledEncoderItWasTrainedOn() {
        int d = 2;
        int hidden = 1;
        int in = SentenceFeatures.dimension(d);
        RelationHead quantized = new RelationHead("all-minilm-l6-v2-q", d, hidden, 0.5f,
                new RelationHead.Weights(new float[in], new float[1], new float[3], new float[3]));
        io.causalstream.encoder.EncoderSettings bundled = io.causalstream.encoder.EncoderSettings.bundledMiniLm();
        assertThat(ModelExtractor.encoderFor(quantized, bundled).name()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(ModelExtractor.encoderFor(quantized, bundled).threads()).isEqualTo(bundled.threads());
        RelationHead full = new RelationHead("all-minilm-l6-v2", d, hidden, 0.5f,
                new RelationHead.Weights(new float[in], new float[1], new float[3], new float[3]));
        assertThat(ModelExtractor.encoderFor(full, bundled)).isEqualTo(bundled);
    }
}
