package io.causalstream.extractor.backend.rules;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.Sentences;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RuleBasedExtractorTest {

    private final RuleBasedExtractor extractor = new RuleBasedExtractor();

    private List<Triple> extract(String text) {
        Passage passage = new Passage("p1", text, null, null, null, Map.of(), Instant.EPOCH);
        return extractor.extract(passage).triples();
    }

    @Test
    void describesItselfAsTheRulesAnnotator() {
        var annotator = extractor.annotator();
        assertThat(annotator.getId()).isEqualTo("rules-v1");
        assertThat(annotator.getKind()).isEqualTo(AnnotatorKind.RULES);
        assertThat(annotator.getModel()).isEqualTo("causal-cues-v5+opennlp-1.5");
        assertThat(annotator.getPromptFormat()).isNull();
    }

    /**
     * 20,000 characters without a sentence break are read as pieces of at most {@link Sentences#MAX_WORDS} words
     * (the splitter's bound), so each claim's evidence is its piece, not the whole passage.
     */
    @Test
    void aPassageOf20000CharactersWithoutASentenceBreakIsReadInBoundedPieces() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 20_000; i++) {
            sb.append(i % 9 == 4 ? "higher rainfall increases flooding in the valley, "
                    : "the survey of region " + i + " covered farms and villages, ");
        }
        String text = sb.toString().strip();
        assertThat(text).hasSizeGreaterThanOrEqualTo(20_000).doesNotContain(".");

        List<Triple> triples = extract(text);

        assertThat(triples).isNotEmpty().allSatisfy(t -> {
            // one triple per claim repeated along the passage, with one span per piece it was read in
            assertThat(t.getEvidence()).isNotEmpty().allSatisfy(span -> {
                String evidence = text.substring(span.getStart(), span.getEnd());
                assertThat(evidence.split("\\s+")).hasSizeLessThanOrEqualTo(Sentences.MAX_WORDS);
                assertThat(evidence.toLowerCase()).contains(t.getSource().toLowerCase(),
                        t.getTarget().toLowerCase());
            });
        });
        assertThat(triples).extracting(Triple::getDirection).contains(INCREASE);
        assertThat(triples.stream().mapToInt(t -> t.getEvidence().size()).sum()).isGreaterThan(1);
    }

    @Test
    void backwardCueDueToFromTheMaliPassage() {
        String text = "Pastoralists in the arid and semi-arid regions of Mali continue to face increasing risk "
                + "due to low levels of rainfall.";
        List<Triple> triples = extract(text);
        assertThat(triples).hasSize(1);
        Triple t = triples.get(0);
        assertThat(t.getSource()).isEqualTo("low levels of rainfall");
        // the noun phrase next to the cue, its change word ("increasing") moved into the direction
        assertThat(t.getTarget()).isEqualTo("risk");
        assertThat(t.getDirection()).isEqualTo(INCREASE);
        assertThat(t.getEvidence()).containsExactly(new EvidenceSpan(0, 118));
        assertThat(text).hasSize(118);
        assertThat(t.getConfidence()).isNull();
    }

    @Test
    void coordinatedAdjectivesShareTheirHeadNounAsSeparateNodes() {
        List<Triple> triples = extract("It is expected that both ecological and social compensation measures improve "
                + "the overall acceptance of a local infrastructure, thus anchoring the latter within the "
                + "surrounding community.");
        assertThat(triples).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("ecological compensation measures", "overall acceptance of a local infrastructure",
                                INCREASE),
                        tuple("social compensation measures", "overall acceptance of a local infrastructure",
                                INCREASE));
    }

    @Test
    void coordinatedNounsAreSeparateNodes() {
        assertThat(extract("Participants also believed that illiteracy and low levels of education among some of "
                + "the women were barriers to seeking skilled pregnancy health care."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("illiteracy", "seeking skilled pregnancy health care", DECREASE),
                        tuple("low levels of education", "seeking skilled pregnancy health care", DECREASE));
    }

    @Test
    void aGerundAfterACommaContinuesFromThePreviousEffect() {
        assertThat(extract("Climate change too has led to competition for grazing lands and water, leading to "
                + "intercommunal conflicts."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("Climate change", "competition for grazing lands and water", INCREASE),
                        tuple("competition for grazing lands and water", "intercommunal conflicts", INCREASE));
    }

    @Test
    void changeWordsMoveIntoTheDirection() {
        assertThat(extract("Abandonment of agricultural land leads to decreased food production."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Abandonment of agricultural land", "food production", DECREASE));
        assertThat(extract("The lack of proper land tenure policy is fueling conflict."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("proper land tenure policy", "conflict", DECREASE));
    }

    @Test
    void phrasalCueVerbsGiveTheSignTheirParticleStates() {
        assertThat(extract("A wave of speculative buying drove up land prices in the capital."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("wave of speculative buying", "land prices in the capital", INCREASE));
        assertThat(extract("Cheap imports have pushed down wages in the textile sector."))
                .extracting(Triple::getTarget, Triple::getDirection).containsExactly(tuple("wages in the textile sector", DECREASE));
        assertThat(extract("The new vaccine brought down infant mortality."))
                .extracting(Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("infant mortality", DECREASE));
        // "up" by a passive participle: the effect comes first; "a shortage of" is a change noun, in the sign
        assertThat(extract("Rents were pushed up by a shortage of housing."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("housing", "Rents", DECREASE));
    }

    @Test
    void bringAboutAndGiveRiseToAreUnsignedCues() {
        assertThat(extract("The reform brought about a sharp rise in enrolment."))
                .extracting(Triple::getSource, Triple::getDirection).containsExactly(tuple("reform", INCREASE));
        assertThat(extract("Deforestation gave rise to reduced rainfall."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Deforestation", "rainfall", DECREASE));
        assertThat(extract("The famine was brought about by years of drought."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("years of drought", "famine"));
    }

    @Test
    void sentenceWithoutCueYieldsNothing() {
        assertThat(extract("Farmers planted maize in May. The harvest was stored in the village.")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Higher taxes do not increase savings.",
            "The new road did not lead to more trade.",
            "Rainfall doesn't necessarily reduce yields.",
            "The losses were not due to the drought."})
    void negatedCueYieldsNothing(String sentence) {
        assertThat(extract(sentence)).isEmpty();
    }

    @Test
    void decreaseCueAndEvidenceOfTheSecondSentence() {
        String text = "Farmers planted maize in May. Drought reduces crop yields.";
        List<Triple> triples = extract(text);
        assertThat(triples).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Drought", "crop yields", DECREASE));
        assertThat(triples.get(0).getEvidence()).containsExactly(new EvidenceSpan(30, 58));
        assertThat(text.substring(30, 58)).isEqualTo("Drought reduces crop yields.");
    }

    @Test
    void keepsTheWordingAndCaseOfTheText() {
        assertThat(extract("Soil Erosion LEADS TO Severe Crop Losses."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Soil Erosion", "Severe Crop Losses", INCREASE));
    }

    @Test
    void trimsModalsAndAuxiliariesBeforeTheCue() {
        assertThat(extract("Deforestation can lead to soil erosion."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("Deforestation", "soil erosion"));
        assertThat(extract("Irrigation is expected to increase the yield of rice."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("Irrigation", "yield of rice"));
    }

    @Test
    void passiveVoiceAndCausedByReadBackwards() {
        assertThat(extract("Crop yields are reduced by drought."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("drought", "Crop yields", DECREASE));
        assertThat(extract("The flooding was caused by heavy rain."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("heavy rain", "flooding", INCREASE));
    }

    @Test
    void cueWordsUsedAsNounsOrAdjectivesArePartOfThePhrase() {
        assertThat(extract("Increased temperatures lead to an increase in water demand."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("temperatures", "water demand", INCREASE));
        assertThat(extract("Deforestation contributes to reduced rainfall."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Deforestation", "rainfall", DECREASE));
    }

    @Test
    void twoCuesInOneSentenceBoundEachOther() {
        assertThat(extract("Poverty causes malnutrition due to poor access to food."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("Poverty", "malnutrition", INCREASE),
                        tuple("poor access to food", "malnutrition", INCREASE));
    }

    @Test
    void coordinatedVerbsShareTheirSubject() {
        assertThat(extract("Drought reduces yields and raises food prices."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("Drought", "yields", DECREASE),
                        tuple("Drought", "food prices", INCREASE));
    }

    @Test
    void clausePunctuationAndConnectorsEndAPhrase() {
        assertThat(extract("In dry years, low rainfall limits pasture growth; herders then move south."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("low rainfall", "pasture growth", DECREASE));
        assertThat(extract("Better roads boost trade and thus raise incomes."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Better roads", "trade", INCREASE));
    }

    @Test
    void verbWithoutObjectAssertsNothing() {
        assertThat(extract("Yields increased sharply in 2020.")).isEmpty();
        assertThat(extract("The risk increases with temperature.")).isEmpty();
    }

    @Test
    void pronounOnlyPhraseIsNoConcept() {
        assertThat(extract("This leads to conflict.")).isEmpty();
    }

    @Test
    void theEndToEndSampleOfTheDeployModule() {
        assertThat(extract("Heavy rainfall leads to flooding. Flooding reduces crop yields."))
                .extracting(t -> t.getSource() + " -> " + t.getTarget() + " " + t.getDirection())
                .containsExactly("Heavy rainfall -> flooding INCREASE", "Flooding -> crop yields DECREASE");
    }

    @Test
    void participleQualifyingAnObjectIsNoCue() {
        assertThat(extract("Herders face increasing risk.")).isEmpty();
    }

    @Test
    void sameTripleInTwoSentencesIsPublishedOnceWithBothSpans() {
        String text = "Drought reduces yields. Drought reduces yields.";
        List<Triple> triples = extract(text);
        assertThat(triples).hasSize(1);
        assertThat(triples.get(0).getEvidence()).containsExactly(new EvidenceSpan(0, 23), new EvidenceSpan(24, 47));
    }

    @Test
    void hampersIsADecreaseHereAndInTheValidatorsCueCheck() {
        // The sentence the rule extractor and the validator's cue check used to read differently (the cue check
        // knew no "hampers"); both now read the shared io.causalstream.text.cues lexicon (CueCheckAgreementTest).
        assertThat(extract("Drought hampers crop growth."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Drought", "crop growth", DECREASE));
    }

    // ---- the defects of issue 12, each with the issue's own sentence ----

    @Test
    void negationEndsWithItsClauseAndThePositiveClauseIsKept() {
        // the negated "lead to" asserts nothing; "but" opens a clause whose "it" is the previous clause's subject
        assertThat(extract("X doesn't lead to Y, but it increases Z."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("X", "Z", INCREASE));
        assertThat(extract("Irrigation doesn't lead to soil erosion, but it increases crop yields."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Irrigation", "crop yields", INCREASE));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "There is no evidence that vaccination causes autism.",
            "It is not true that vaccination causes autism.",
            "Researchers rejected the claim that vaccination causes autism.",
            "There is no scientific evidence that vaccination causes autism."})
    void aDeniedClaimYieldsNoEdge(String sentence) {
        assertThat(extract(sentence)).isEmpty();
    }

    @Test
    void aDenialEndsAtAContrast() {
        assertThat(extract("There is no evidence that vaccination causes autism, but poverty reduces vaccination "
                + "rates."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("poverty", "vaccination rates", DECREASE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"increase", "reduce", "lead to", "intensify", "damage", "boost", "curb", "worsen",
            "cause", "limit", "raise"})
    void coordinatedSubjectsGiveAnEdgeEachWithEveryCue(String cue) {
        assertThat(extract("X and Y " + cue + " Z."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("X", "Z"), tuple("Y", "Z"));
        assertThat(extract("Drought and heat " + cue + " food prices."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("Drought", "food prices"), tuple("heat", "food prices"));
    }

    @Test
    void aChangeWordAnywhereInTheCausePhraseSetsTheDirection() {
        // "reduced" is tagged as a verb outside the noun phrase after ", and"; "larger" is a change word too:
        // less funding -> larger class sizes is a DECREASE of class sizes by school funding
        assertThat(extract("Teachers left the district, and reduced school funding led to larger class sizes."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("school funding", "class sizes", DECREASE));
        assertThat(extract("Reduced school funding led to larger class sizes."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("school funding", "class sizes", DECREASE));
        assertThat(extract("Sharply reduced school funding led to larger class sizes."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("school funding", "class sizes", DECREASE));
    }

    @Test
    void aRelativeClauseChainsFromThePreviousEffect() {
        // "which" is the reduction of borrowing: less borrowing lowers spending, so borrowing INCREASE spending
        assertThat(extract("Higher interest rates reduce household borrowing, which lowers consumer spending."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("interest rates", "household borrowing", DECREASE),
                        tuple("household borrowing", "consumer spending", INCREASE));
    }

    @Test
    void aRelativeClauseAfterADecreaseMultipliesTheSigns() {
        // the closing session's sentence: "pollution DECREASE admissions" was published and validated
        assertThat(extract("Stricter emission standards curb urban air pollution, which lowers hospital admissions "
                + "for asthma."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .contains(tuple("urban air pollution", "hospital admissions for asthma", INCREASE))
                .doesNotContain(tuple("urban air pollution", "hospital admissions for asthma", DECREASE));
        // less pollution raises the days without symptoms: pollution DECREASE days
        assertThat(extract("Stricter emission standards curb urban air pollution, which increases symptom-free days."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .contains(tuple("urban air pollution", "symptom-free days", DECREASE));
        // after an increase the literal sign stands
        assertThat(extract("Subsidies raise farm incomes, which lowers rural poverty."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .contains(tuple("farm incomes", "rural poverty", DECREASE));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Droughts worsen food insecurity.|INCREASE",
            // "worsen" lowers a good thing (Valence): the previous lexicon read these as INCREASE
            "Longer school closures worsened learning outcomes.|DECREASE",
            "Learning outcomes were worsened by school closures.|DECREASE",
            "Subsidies boost exports.|INCREASE",
            "Tariffs curb imports.|DECREASE",
            "Heat waves intensify wildfires.|INCREASE",
            "Floods damage crops.|DECREASE",
            "Conflict aggravates hunger.|INCREASE",
            "Tax credits stimulate investment.|INCREASE",
            "Pollution impairs lung function.|DECREASE",
            "Inflation erodes purchasing power.|DECREASE"})
    void moreCueVerbs(String sentenceAndDirection) {
        String[] parts = sentenceAndDirection.split("\\|");
        List<Triple> triples = extract(parts[0]);
        assertThat(triples).hasSize(1);
        assertThat(triples.get(0).getDirection().name()).isEqualTo(parts[1]);
    }

    @Test
    void twoClausesWithNewCueVerbsGiveTwoEdges() {
        assertThat(extract("Rising sea temperatures intensify tropical storms, and stronger storms damage coastal "
                + "infrastructure."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(
                        tuple("sea temperatures", "tropical storms", INCREASE),
                        // "stronger storms" are the tropical storms: one node (NodeNames)
                        tuple("tropical storms", "coastal infrastructure", DECREASE));
    }

    @Test
    void aCueFormUsedAsANounAfterASingularNounStaysANoun() {
        // the retagging of cue verbs read as nouns needs agreement: "foster" after a singular noun is no verb
        assertThat(extract("The child foster care system was reformed.")).isEmpty();
    }

    @Test
    void aFinitePredicateAfterCommaAndOrButAlsoSharesTheSubject() {
        assertThat(extract("Roads boost trade, and raise incomes."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Roads", "trade", INCREASE), tuple("Roads", "incomes", INCREASE));
        // from the released train split: "do not only disrupt" is no negation, "but also create" goes on
        assertThat(extract("The conflicts do not only disrupt agricultural activities but also create fear and "
                + "panic among the affected communities."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("conflicts", "agricultural activities", DECREASE),
                        tuple("conflicts", "fear", INCREASE), tuple("conflicts", "panic", INCREASE));
    }

    @Test
    void aDropOrASpikeIsAChangeWordEvenAfterAnAdjective() {
        assertThat(extract("Drought led to a significant drop in farm production."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Drought", "farm production", DECREASE));
        assertThat(extract("A sharp rise in food prices fuels unrest."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("food prices", "unrest", INCREASE));
    }

    @Test
    void aLeadingConnectiveTakesTheNextClausesSubjectAsTheEffect() {
        assertThat(extract("Due to low rainfall, pasture growth slowed in the north."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("low rainfall", "pasture growth", INCREASE));
        assertThat(extract("As a result of the drought, food prices rose."))
                .extracting(Triple::getSource, Triple::getTarget)
                .containsExactly(tuple("drought", "food prices"));
    }

    @Test
    void nominalAndFromCues() {
        assertThat(extract("Food insecurity follows from armed violence."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("armed violence", "Food insecurity", INCREASE));
        assertThat(extract("Drought is a major cause of conflict."))
                .extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("Drought", "conflict", INCREASE));
    }
}
