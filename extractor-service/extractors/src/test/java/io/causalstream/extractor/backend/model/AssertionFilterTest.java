package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.rules.SentenceChunker;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The written forms that keep a pair the head linked from being a claim. */
class AssertionFilterTest {

    private static final SentenceChunker CHUNKER = new SentenceChunker();

    /** Whether the pair cause -> effect (candidate texts) of the sentence is unasserted. */
    private static boolean unasserted(String sentence, String cause, String effect) {
        ChunkedSentence s = CHUNKER.analyse(sentence).getFirst();
        List<ConceptSpan> spans = CandidateSpans.of(s);
        ConceptSpan c = spans.stream().filter(x -> x.text().equals(cause)).findFirst().orElseThrow();
        ConceptSpan e = spans.stream().filter(x -> x.text().equals(effect)).findFirst().orElseThrow();
        return AssertionFilter.unasserted(s.text(), c, e);
    }

    @Test
    void aStatedCauseIsAsserted() {
        assertThat(unasserted("Road salt damages roadside trees.", "Road salt", "roadside trees")).isFalse();
        assertThat(unasserted("Irrigation raises crop output and lowers rural poverty.", "Irrigation",
                "rural poverty")).isFalse();
    }

    @Test
    void anAssociationIsNoClaim() {
        assertThat(unasserted("Screen use was associated with poorer sleep quality.", "Screen use",
                "poorer sleep quality")).isTrue();
        assertThat(unasserted("Commuting distance correlated with lower job satisfaction.", "Commuting distance",
                "lower job satisfaction")).isTrue();
    }

    @Test
    void aNegatedCueOrAStatementOfNoEffectIsNoClaim() {
        assertThat(unasserted("The sugar levy did not lower soft drink sales.", "sugar levy", "soft drink sales"))
                .isTrue();
        assertThat(unasserted("The bonus scheme had no detectable effect on staff turnover.", "bonus scheme",
                "staff turnover")).isTrue();
        assertThat(unasserted("There is no evidence that fluoride causes bone cancer.", "fluoride", "bone cancer"))
                .isTrue();
    }

    @Test
    void theObjectOfOneVerbIsNoCauseOfTheObjectOfAConjoinedVerb() {
        assertThat(unasserted("Irrigation raises crop output and lowers rural poverty.", "crop output",
                "rural poverty")).isTrue();
    }

    @Test
    void coordinatedObjectsOfOneCueAreNoClaimAboutEachOther() {
        assertThat(unasserted("The storm caused power outages and rising insurance claims.", "power outages",
                "rising insurance claims")).isTrue();
        assertThat(unasserted("Subsidies boosted exports, jobs and wages.", "exports", "jobs and wages")).isTrue();
        assertThat(unasserted("The storm caused power outages and rising insurance claims.", "storm",
                "rising insurance claims")).isFalse();
    }

    @Test
    void aMentionAndItsAttachedPhraseAreOneConcept() {
        assertThat(unasserted("Taxes on tobacco reduce smoking.", "tobacco", "Taxes")).isTrue();
    }

    @Test
    void aCauseStatedAfterItsEffectNeedsABackwardCue() {
        assertThat(unasserted("Road salt damages roadside trees.", "roadside trees", "Road salt")).isTrue();
        assertThat(unasserted("Crop losses were caused by late frost.", "late frost", "Crop losses")).isFalse();
    }

    @Test
    void aQuestionOrAnOpenQuestionAssertsNothing() {
        assertThat(AssertionFilter.openQuestion("Could a sugar levy cut obesity?")).isTrue();
        assertThat(AssertionFilter.openQuestion("Whether the levy cut obesity remains unclear.")).isTrue();
        assertThat(AssertionFilter.openQuestion("The effect of tutoring on attendance is still an open question."))
                .isTrue();
        assertThat(AssertionFilter.openQuestion("The levy cut obesity in two years.")).isFalse();
    }
}
