package io.causalstream.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import org.junit.jupiter.api.Test;

/**
 * The cue check and the rule extractor read one lexicon. "Drought hampers crop growth." is a sentence on which
 * they disagreed: the extractor read a DECREASE from "hampers", the cue check found no cue and no polarity. The
 * extractor's side is pinned in RuleBasedExtractorTest.
 */
class CueCheckAgreementTest {

    private static final String TEXT = "Drought hampers crop growth.";
    private static final Mention DROUGHT = new Mention(GroundingLevel.EXACT, 0, 0, 7, 1.0);
    private static final Mention GROWTH = new Mention(GroundingLevel.EXACT, 0, 16, 27, 1.0);

    @Test
    void aDecreaseCueOfTheExtractorIsADecreaseCueHere() {
        assertThat(CueLexicon.DEFAULT.find(TEXT)).singleElement().satisfies(m -> {
            assertThat(m.form()).isEqualTo("hampers");
            assertThat(m.cue().orientation()).isEqualTo(Cue.Orientation.FORWARD);
            assertThat(m.cue().sign()).isEqualTo(Cue.Sign.DECREASE);
        });

        CueCheck.Result agrees = CueCheck.check(TEXT, DROUGHT, GROWTH, 0, Direction.DECREASE);
        assertThat(agrees.orientation()).isEqualTo(CueCheck.Orientation.CONSISTENT);
        assertThat(agrees.cue()).isEqualTo("hampers");
        assertThat(agrees.polarity()).isEqualTo(CueCheck.Polarity.AGREES);

        assertThat(CueCheck.check(TEXT, DROUGHT, GROWTH, 0, Direction.INCREASE).polarity())
                .isEqualTo(CueCheck.Polarity.CONTRADICTS);
        assertThat(CueCheck.check(TEXT, GROWTH, DROUGHT, 0, Direction.DECREASE).orientation())
                .isEqualTo(CueCheck.Orientation.REVERSED);
    }

    @Test
    void aNegatedCueStatesNoLink() {
        String text = "Drought does not hamper crop growth.";
        Mention growth = new Mention(GroundingLevel.EXACT, 0, 24, 35, 1.0);
        assertThat(text.substring(24, 35)).isEqualTo("crop growth");
        assertThat(CueCheck.check(text, DROUGHT, growth, 0, Direction.DECREASE).polarity())
                .isEqualTo(CueCheck.Polarity.NEGATED);
    }

    @Test
    void aCueVerbAddedForTheExtractorIsACueHereToo() {
        // issue 12: "intensify" and "damage" were new or unread cues; the extractor reads sea temperatures ->
        // tropical storms INCREASE (RuleBasedExtractorTest.twoClausesWithNewCueVerbsGiveTwoEdges)
        String text = "Rising sea temperatures intensify tropical storms.";
        Mention sea = new Mention(GroundingLevel.EXACT, 0, 7, 23, 1.0);
        Mention storms = new Mention(GroundingLevel.EXACT, 0, 34, 49, 1.0);
        assertThat(text.substring(7, 23)).isEqualTo("sea temperatures");
        assertThat(text.substring(34, 49)).isEqualTo("tropical storms");
        CueCheck.Result r = CueCheck.check(text, sea, storms, 0, Direction.INCREASE);
        assertThat(r.orientation()).isEqualTo(CueCheck.Orientation.CONSISTENT);
        assertThat(r.cue()).isEqualTo("intensify");
        assertThat(r.polarity()).isEqualTo(CueCheck.Polarity.AGREES);
    }

    @Test
    void worseningAGoodThingAgreesWithADecrease() {
        // RuleBasedExtractorTest.moreCueVerbs: the extractor reads closures -> learning outcomes DECREASE
        String text = "Longer school closures worsened learning outcomes.";
        Mention closures = new Mention(GroundingLevel.EXACT, 0, 7, 22, 1.0);
        Mention outcomes = new Mention(GroundingLevel.EXACT, 0, 32, 49, 1.0);
        assertThat(text.substring(7, 22)).isEqualTo("school closures");
        assertThat(text.substring(32, 49)).isEqualTo("learning outcomes");
        assertThat(CueCheck.check(text, closures, outcomes, 0, Direction.DECREASE).polarity())
                .isEqualTo(CueCheck.Polarity.AGREES);
        assertThat(CueCheck.check(text, closures, outcomes, 0, Direction.INCREASE).polarity())
                .isEqualTo(CueCheck.Polarity.CONTRADICTS);
        // a harm made worse is more of it
        String harm = "Droughts worsen food insecurity.";
        assertThat(CueCheck.check(harm, new Mention(GroundingLevel.EXACT, 0, 0, 8, 1.0),
                new Mention(GroundingLevel.EXACT, 0, 16, 31, 1.0), 0, Direction.INCREASE).polarity())
                .isEqualTo(CueCheck.Polarity.AGREES);
    }

    @Test
    void aDeniedClaimStatesNoLinkAsTheExtractorGivesNoEdge() {
        // RuleBasedExtractorTest.aDeniedClaimYieldsNoEdge: no edge from "There is no evidence that ..."
        String text = "There is no evidence that vaccination causes autism.";
        Mention vaccination = new Mention(GroundingLevel.EXACT, 0, 26, 37, 1.0);
        Mention autism = new Mention(GroundingLevel.EXACT, 0, 45, 51, 1.0);
        assertThat(text.substring(26, 37)).isEqualTo("vaccination");
        assertThat(text.substring(45, 51)).isEqualTo("autism");
        assertThat(CueCheck.check(text, vaccination, autism, 0, Direction.INCREASE).polarity())
                .isEqualTo(CueCheck.Polarity.NEGATED);
        String stated = "Vaccination causes autism.";
        assertThat(CueCheck.check(stated, new Mention(GroundingLevel.EXACT, 0, 0, 11, 1.0),
                new Mention(GroundingLevel.EXACT, 0, 19, 25, 1.0), 0, Direction.INCREASE).polarity())
                .isEqualTo(CueCheck.Polarity.AGREES); // "causes" is unsigned: an increase, as the extractor reads it
    }

    @Test
    void theNewFromAndNominalCuesRunTheExtractorsWay() {
        // RuleBasedExtractorTest.nominalAndFromCues: armed violence -> Food insecurity, Drought -> conflict
        String from = "Food insecurity follows from armed violence.";
        Mention insecurity = new Mention(GroundingLevel.EXACT, 0, 0, 15, 1.0);
        Mention violence = new Mention(GroundingLevel.EXACT, 0, 29, 43, 1.0);
        assertThat(from.substring(29, 43)).isEqualTo("armed violence");
        assertThat(CueCheck.check(from, violence, insecurity, 0, Direction.INCREASE).orientation())
                .isEqualTo(CueCheck.Orientation.CONSISTENT);
        String nominal = "Drought is a major cause of conflict.";
        Mention drought = new Mention(GroundingLevel.EXACT, 0, 0, 7, 1.0);
        Mention conflict = new Mention(GroundingLevel.EXACT, 0, 28, 36, 1.0);
        assertThat(nominal.substring(28, 36)).isEqualTo("conflict");
        assertThat(CueCheck.check(nominal, drought, conflict, 0, Direction.INCREASE).orientation())
                .isEqualTo(CueCheck.Orientation.CONSISTENT);
    }

    @Test
    void aRelativeClauseAfterADecreaseContradictsTheLiteralSign() {
        // the closing session's sentence: pollution DECREASE admissions was VALIDATED because "lowers" agreed
        String text = "Stricter emission standards curb urban air pollution, which lowers hospital admissions.";
        int p = text.indexOf("urban air pollution");
        int a = text.indexOf("hospital admissions");
        Mention pollution = new Mention(GroundingLevel.EXACT, 0, p, p + "urban air pollution".length(), 1.0);
        Mention admissions = new Mention(GroundingLevel.EXACT, 0, a, a + "hospital admissions".length(), 1.0);
        assertThat(CueCheck.check(text, pollution, admissions, 0, Direction.DECREASE).polarity())
                .isEqualTo(CueCheck.Polarity.CONTRADICTS);
        CueCheck.Result up = CueCheck.check(text, pollution, admissions, 0, Direction.INCREASE);
        assertThat(up.polarity()).isEqualTo(CueCheck.Polarity.AGREES);
        assertThat(up.orientation()).isEqualTo(CueCheck.Orientation.CONSISTENT);
        // after an increase the literal sign stands
        String raised = "Subsidies raise farm incomes, which lowers rural poverty.";
        int f = raised.indexOf("farm incomes");
        int r = raised.indexOf("rural poverty");
        assertThat(CueCheck.check(raised, new Mention(GroundingLevel.EXACT, 0, f, f + 12, 1.0),
                new Mention(GroundingLevel.EXACT, 0, r, r + 13, 1.0), 0, Direction.DECREASE).polarity())
                .isEqualTo(CueCheck.Polarity.AGREES);
    }
}
