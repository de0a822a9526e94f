package io.causalstream.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ValidationState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cue stage checks the sign as well as the direction: the cue's sign (an unsigned cue is an increase), a
 * negation, and the change words on both ends; an extraction cannot have both signs of one pair VALIDATED; grounding
 * refuses function words and the words of connective phrases. Sentences from several domains, each with the right and
 * the wrong sign.
 */
class SignCheckTest {

    private final EdgeValidation lexical = new EdgeValidation(ValidationSettings.defaults(), null, null, null);

    @Test
    void aChangeWordOnTheCauseFlipsTheCuesSign() {
        // less blood pressure, less stroke risk: blood pressure INCREASE stroke risk
        assertSigns("Lower blood pressure reduces stroke risk.", "blood pressure", "stroke risk",
                Direction.INCREASE);
        // education: smaller classes, better scores
        assertSigns("Smaller class sizes improve test scores.", "class sizes", "test scores", Direction.DECREASE);
        // the label's own change word is the label's: no flip
        assertSigns("Lower blood pressure reduces stroke risk.", "lower blood pressure", "stroke risk",
                Direction.DECREASE);
        ValidatedEdge wrong = lexical.validate("Lower blood pressure reduces stroke risk.",
                List.of(triple("blood pressure", "stroke risk", Direction.DECREASE))).edges().getFirst();
        assertThat(reason(wrong)).isEqualTo("cue 'reduces' runs source -> target; 'reduces' with 'lower blood "
                + "pressure' contradicts DECREASE");
    }

    @Test
    void aChangeWordOnTheEffectFlipsTheCuesSign() {
        // economics: a loss of revenue
        assertSigns("Higher tariffs cause a loss of export revenue.", "tariffs", "export revenue",
                Direction.DECREASE);
        // ecology: soil erosion is less soil
        assertSigns("Deforestation leads to soil erosion in the highlands.", "deforestation", "soil",
                Direction.DECREASE);
        // a change word the cue check already reads ("lower") is not counted twice
        assertSigns("Regular exercise leads to lower resting heart rates.", "regular exercise",
                "resting heart rates", Direction.DECREASE);
    }

    @Test
    void aParticipleOfADecreaseVerbIsAChangeWordOfTheEndAfterIt() {
        // any decrease verb of the lexicon, as an adjective: eroded fertility is less fertility
        assertSigns("Eroded soil fertility lowers maize yields.", "soil fertility", "maize yields",
                Direction.INCREASE);
        assertSigns("Hampered supply chains raise retail prices.", "supply chains", "retail prices",
                Direction.DECREASE);
        // a participle the cue already reads as the verb is counted once
        assertSigns("The buffers in turn constrained new lending.", "buffers", "new lending", Direction.DECREASE);
        assertSigns("The buffers in turn constrained new lending.", "buffers", "lending", Direction.DECREASE);
        // a participle that is the verb of the sentence is no change word of its object
        assertSigns("Statins reduced cholesterol levels.", "statins", "cholesterol levels", Direction.DECREASE);
    }

    @Test
    void aChangeWordReachesTheMentionThroughModifiersOfItsNounPhrase() {
        // "lack of" governs "farm credit": less credit
        assertSigns("Food insecurity is caused by a lack of farm credit.", "credit", "food insecurity",
                Direction.DECREASE);
        // the amount of a concept: limited access to assets is less of them
        assertSigns("Limited access to productive assets reduces household income.", "assets", "household income",
                Direction.INCREASE);
    }

    @Test
    void aVerbActingOnAChangeNounTurnsBySign() {
        // less of a decline is more of the concept: curbing a decline raises it, curbing growth lowers it
        assertSigns("Fertilizer subsidies curbed a decline in crop yields.", "fertilizer subsidies", "crop yields",
                Direction.INCREASE);
        assertSigns("The drought curbed the growth of dairy exports.", "drought", "dairy exports",
                Direction.DECREASE);
        assertSigns("Easier credit fuelled a sharp drop in household savings.", "easier credit",
                "household savings", Direction.DECREASE);
        assertSigns("The vaccine prevented a rise in hospital admissions.", "vaccine", "hospital admissions",
                Direction.DECREASE);
        // an unsigned cue leaves the noun the only sign; a verb of another clause acts on no change
        assertSigns("The heatwave led to a decline in milk output.", "heatwave", "milk output", Direction.DECREASE);
        ValidatedEdge edge = lexical.validate("Fertilizer subsidies curbed a decline in crop yields.",
                List.of(triple("fertilizer subsidies", "crop yields", Direction.INCREASE))).edges().getFirst();
        assertThat(reason(edge)).isEqualTo("cue 'curbed' runs source -> target; 'curbed ... decline' agrees with INCREASE");
    }

    @Test
    void aVerbWithUpOrDownSaysWhichWayItMovesItsObject() {
        // "drove" alone is an unsigned cue: "down" gives the sign, and the cause's change word turns it
        assertSigns("Lower fuel taxes drove down car trips.", "fuel taxes", "car trips", Direction.INCREASE);
        assertSigns("Port congestion pushed up freight rates.", "port congestion", "freight rates",
                Direction.INCREASE);
        assertSigns("Cheap imports forced down local wages.", "cheap imports", "local wages", Direction.DECREASE);
    }

    @Test
    void anEffectNounFromItsCauseRunsBackward() {
        // a state, feeling, process or event before "from" is the effect of what follows
        assertSigns("Fever from dehydration is common in summer.", "dehydration", "fever",
                Direction.INCREASE);
        assertSigns("Most of the anxiety comes from uncertainty about jobs.", "uncertainty", "anxiety",
                Direction.INCREASE);
        assertSigns("Delays ensued from the strike at the port.", "strike", "delays", Direction.INCREASE);
        assertSigns("Rice prices fell in the wake of the record harvest.", "record harvest", "rice prices",
                Direction.DECREASE);
        // a separation ("recovery from"), a place or body part after "from", an entity before it: no cause stated
        assertNoSign("Her recovery from the flu was quick.", "flu", "recovery");
        assertNoSign("She felt a dull ache from the shoulder down.", "shoulder", "ache");
        assertNoSign("They served wine from Chile.", "Chile", "wine");
    }

    @Test
    void anEffectOfOneThingOnAnotherHasTheSignOfItsAdjective() {
        assertSigns("Studies find a negative effect of drought on household incomes.", "drought", "household incomes",
                Direction.DECREASE);
        assertSigns("The survey shows a positive impact of microcredit on school enrolment.", "microcredit",
                "school enrolment", Direction.INCREASE);
        // without a signed adjective the words state a link but no sign
        assertNoSign("We estimate the effect of drought on household incomes.", "drought", "household incomes");
        // an adverb signs an unsigned verb; "a source of" states what the source gives
        assertSigns("The new road positively affected farm incomes.", "new road", "farm incomes",
                Direction.INCREASE);
        assertSigns("Flooding adversely impacted rice harvests.", "flooding", "rice harvests", Direction.DECREASE);
        assertSigns("Lentils are a rich source of iron.", "lentils", "iron", Direction.INCREASE);
    }

    @Test
    void aListOfCausesNamedAfterTheirEffectRunsBackward() {
        assertSigns("The leading causes of road deaths are speeding, alcohol and fatigue.", "fatigue",
                "road deaths", Direction.INCREASE);
        assertSigns("Major drivers of deforestation in the region include cattle ranching and soy farming.",
                "cattle ranching", "deforestation", Direction.INCREASE);
        assertSigns("The main causes of the outbreak were contaminated wells.", "contaminated wells", "outbreak",
                Direction.INCREASE);
        // the words after "causes of" that are no list of causes: no link
        assertNoSign("The causes of the fire were studied by engineers.", "engineers", "fire");
    }

    @Test
    void aResultOrAResponseNamedAfterItsCauseRunsBackward() {
        assertSigns("The famine was the result of three failed harvests.", "failed harvests", "famine",
                Direction.INCREASE);
        assertSigns("Bus fares rose in response to higher fuel costs.", "fuel costs", "bus fares",
                Direction.INCREASE);
        assertSigns("Burglaries fell sharply as a result of better street lighting.", "street lighting",
                "burglaries", Direction.DECREASE);
        assertSigns("Looting spread in the aftermath of the earthquake.", "earthquake", "looting",
                Direction.INCREASE);
        assertSigns("The dispute is rooted in unpaid overtime.", "unpaid overtime", "dispute", Direction.INCREASE);
        assertSigns("The strike was instigated by dock workers.", "dock workers", "strike", Direction.INCREASE);
        assertSigns("Heat radiating from the stove warmed the kitchen.", "stove", "heat", Direction.INCREASE);
    }

    @Test
    void lessCommonCueVerbsStateTheirSign() {
        assertSigns("Cheap imports depressed local wheat prices.", "cheap imports", "local wheat prices",
                Direction.DECREASE);
        assertSigns("Overcrowding breeds disease in refugee camps.", "overcrowding", "disease", Direction.INCREASE);
        assertSigns("The new booking rules brought down waiting times.", "new booking rules", "waiting times",
                Direction.DECREASE);
        assertSigns("Repeated strikes compromised hospital care.", "repeated strikes", "hospital care",
                Direction.DECREASE);
        assertSigns("The diesel generators emit fine soot.", "diesel generators", "fine soot", Direction.INCREASE);
        assertSigns("Rumours of a shortage stirred up panic buying.", "rumours of a shortage", "panic buying",
                Direction.INCREASE);
        assertSigns("Warehouse stocks were destroyed by the flood.", "flood", "warehouse stocks",
                Direction.DECREASE);
        assertSigns("Air pollution has a negative effect on lung function.", "air pollution", "lung function",
                Direction.DECREASE);
        assertSigns("School meals had a positive impact on attendance.", "school meals", "attendance",
                Direction.INCREASE);
    }

    @Test
    void lowPoorAndDamageToAMentionAreLessOfIt() {
        assertSigns("Low rainfall reduced maize yields.", "rainfall", "maize yields", Direction.INCREASE);
        assertSigns("Poor sanitation causes cholera.", "sanitation", "cholera", Direction.DECREASE);
        assertSigns("Disruptions to supply chains raised prices.", "supply chains", "prices", Direction.DECREASE);
        assertSigns("The storms caused damage to coastal roads.", "storms", "coastal roads", Direction.DECREASE);
        // the label's own word flips nothing
        assertSigns("Poor sanitation causes cholera.", "poor sanitation", "cholera", Direction.INCREASE);
    }

    @Test
    void theInfinitiveAfterACausativesObjectSaysWhatHappensToIt() {
        // a change verb of its own: the object goes up or down
        assertSigns("The drought caused food prices to go up sharply.", "drought", "food prices", Direction.INCREASE);
        assertSigns("Cheap imports caused local wages to fall by a tenth.", "cheap imports", "local wages",
                Direction.DECREASE);
        assertSigns("Higher rates are causing mortgage demand to drop.", "rates", "mortgage demand",
                Direction.DECREASE);
        // any other verb, or a change verb with an object of its own: an act of the target, no sign of the pair
        assertNoSign("The storm caused the boats to collide in the harbour.", "storm", "boats");
        assertNoSign("The pebbles are caused by a magnetic force to collide.", "magnetic force", "pebbles");
        assertNoSign("The drought caused farmers to lose income.", "drought", "farmers");
        // a change verb between the cue and the target is the target's
        assertSigns("The infection can cause the woman to lose the pregnancy.", "infection", "pregnancy",
                Direction.DECREASE);
        assertSigns("Part of the expected savings was lost due to indoor temperatures.", "indoor temperatures",
                "expected savings", Direction.DECREASE);
    }

    @Test
    void aContrastAfterTheCueDeniesThePairItSetsApart() {
        String text = "Elevated mortality stems from deficiencies of clean water rather than from direct violence.";
        assertSigns(text, "clean water", "mortality", Direction.DECREASE);
        assertNoSign(text, "direct violence", "mortality");
        // a contrast before the cue sets apart another concept: the pair it opens with is still asserted
        assertSigns("Drought rather than conflict raises food prices.", "drought", "food prices", Direction.INCREASE);
    }

    @Test
    void aMentionThatNegatesTheLabelIsLessOfIt() {
        // the label names the concept, the text its absence: food insecurity is less food security
        assertSigns("High poverty rates contribute to food insecurity.", "poverty rates", "food security",
                Direction.DECREASE);
        assertSigns("Automation raises unemployment among clerks.", "automation", "employment", Direction.DECREASE);
        assertSigns("Automation raises unemployment among clerks.", "automation", "unemployment",
                Direction.INCREASE);
    }

    @Test
    void anUnsignedCueIsAnIncrease() {
        assertSigns("Heavy rainfall causes flooding downstream.", "heavy rainfall", "flooding", Direction.INCREASE);
        assertSigns("Crop prices rose because of the drought.", "drought", "crop prices", Direction.INCREASE);
    }

    @Test
    void aVerbBeforeTheCauseIsNoChangeWordOfIt() {
        // "lower" is the verb of another claim here, not a word on "cholesterol"
        ValidatedGraph g = lexical.validate("Statins lower cholesterol, and cholesterol causes plaque.", List.of(
                triple("statins", "cholesterol", Direction.DECREASE)));
        assertThat(g.edges().getFirst().state()).isEqualTo(ValidationState.VALIDATED);
    }

    @Test
    void aNegatedOrDeniedClaimIsNeverValidated() {
        for (String text : List.of("Caffeine does not cause dehydration.", "Caffeine never causes dehydration.",
                "There is no evidence that caffeine causes dehydration.")) {
            for (Direction d : Direction.values()) {
                ValidatedEdge e = lexical.validate(text, List.of(triple("caffeine", "dehydration", d)))
                        .edges().getFirst();
                assertThat(e.state()).as(text + " " + d).isEqualTo(ValidationState.HYPOTHESIZED);
                assertThat(reason(e)).as(text).contains("the evidence states no link");
            }
        }
    }

    @Test
    void coordinatedVerbsGiveEachObjectItsOwnSign() {
        String text = "Remote work reduces commuting time but raises home energy use.";
        assertSigns(text, "remote work", "home energy use", Direction.INCREASE);
        assertSigns(text, "remote work", "commuting time", Direction.DECREASE);
    }

    @Test
    void bothSignsOfOnePairAreNeverBothValidated() {
        // each sign has a sentence that agrees with it: the extraction contradicts itself
        String text = "In wet years, tourism raises farm incomes. In dry years, tourism lowers farm incomes.";
        int dry = text.indexOf("In dry");
        Triple up = triple("tourism", "farm incomes", Direction.INCREASE);
        Triple down = Triple.newBuilder(triple("tourism", "farm incomes", Direction.DECREASE))
                .setEvidence(List.of(new EvidenceSpan(dry, text.length()))).build();
        ValidatedGraph both = lexical.validate(text, List.of(up, down));
        assertThat(both.edges()).extracting(ValidatedEdge::state).containsOnly(ValidationState.HYPOTHESIZED);
        assertThat(reason(both.edges().getFirst())).endsWith("the extraction also states DECREASE for this pair: "
                + "opposite signs");
        // alone, each is VALIDATED by its own sentence
        assertThat(lexical.validate(text, List.of(up)).edges().getFirst().state())
                .isEqualTo(ValidationState.VALIDATED);
        assertThat(lexical.validate(text, List.of(down)).edges().getFirst().state())
                .isEqualTo(ValidationState.VALIDATED);
        // one sentence, two signs: only the one the words state
        ValidatedGraph one = lexical.validate("Heat waves reduce labour productivity.", List.of(
                triple("heat waves", "labour productivity", Direction.INCREASE),
                triple("heat waves", "labour productivity", Direction.DECREASE)));
        assertThat(one.edges()).extracting(ValidatedEdge::state)
                .containsExactly(ValidationState.HYPOTHESIZED, ValidationState.VALIDATED);
    }

    @Test
    void groundingRefusesFunctionWordsAndConnectivePhrases() {
        String text = "Rising rents push families out of the city, and this in turn weakens local schools.";
        ValidatedGraph g = lexical.validate(text, List.of(triple("turn", "local schools", Direction.DECREASE),
                triple("this", "local schools", Direction.DECREASE),
                triple("rising rents", "local schools", Direction.DECREASE)));
        assertThat(g.edges().get(0).state()).isEqualTo(ValidationState.REJECTED);
        assertThat(g.edges().get(0).stage(Verdict.GROUNDING).orElseThrow().reason())
                .startsWith("source 'turn' found only in 'in turn', not a concept");
        assertThat(g.edges().get(1).stage(Verdict.GROUNDING).orElseThrow().reason())
                .startsWith("source 'this' a function word, not a concept");
        assertThat(g.edges().get(1).state()).isEqualTo(ValidationState.REJECTED);
        // other connectives and cue words, other domains
        ValidatedGraph result = lexical.validate("Interest rates rose. As a result, mortgage demand fell.",
                List.of(triple("result", "mortgage demand", Direction.DECREASE)));
        assertThat(result.edges().getFirst().state()).isEqualTo(ValidationState.REJECTED);
        ValidatedGraph cause = lexical.validate("Poor sanitation causes cholera outbreaks.",
                List.of(triple("causes", "cholera outbreaks", Direction.INCREASE)));
        assertThat(cause.edges().getFirst().state()).isEqualTo(ValidationState.REJECTED);
        // the same word where it names a concept is grounded
        ValidatedGraph concept = lexical.validate("The turn of the season raises pollen counts.",
                List.of(triple("turn of the season", "pollen counts", Direction.INCREASE)));
        assertThat(concept.edges().getFirst().state()).isEqualTo(ValidationState.VALIDATED);
    }

    private void assertSigns(String text, String source, String target, Direction right) {
        Direction wrong = right == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
        ValidatedEdge ok = lexical.validate(text, List.of(triple(source, target, right))).edges().getFirst();
        ValidatedEdge bad = lexical.validate(text, List.of(triple(source, target, wrong))).edges().getFirst();
        assertThat(ok.state()).as(text + ": " + source + " " + right + " " + target + " (" + reason(ok) + ")")
                .isEqualTo(ValidationState.VALIDATED);
        assertThat(bad.state()).as(text + ": " + source + " " + wrong + " " + target + " (" + reason(bad) + ")")
                .isEqualTo(ValidationState.HYPOTHESIZED);
    }

    private void assertNoSign(String text, String source, String target) {
        for (Direction d : Direction.values()) {
            ValidatedEdge e = lexical.validate(text, List.of(triple(source, target, d))).edges().getFirst();
            assertThat(e.state()).as(text + ": " + source + " " + d + " " + target + " (" + reason(e) + ")")
                    .isEqualTo(ValidationState.HYPOTHESIZED);
        }
    }

    private static String reason(ValidatedEdge e) {
        return e.stage(Verdict.VERIFICATION).map(Verdict::reason).orElse("");
    }

    private static Triple triple(String s, String t, Direction d) {
        return new Triple(s, t, d, List.of(), null);
    }
}
