package io.causalstream.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The words the reader reads a sentence without, so that a conjunct's pair stands alone. */
class ConjunctTest {

    /** The sentence without what {@link Conjunct#cut} cuts for (source, target), or null. */
    private static String without(String sentence, String source, String target) {
        int s0 = sentence.indexOf(source);
        int t0 = sentence.indexOf(target, s0 + source.length());
        int[] cut = Conjunct.cut(sentence, s0, s0 + source.length(), t0);
        return cut == null ? null : sentence.substring(0, cut[0]) + sentence.substring(cut[1]);
    }

    @Test
    void theOtherObjectsOfTheVerbBeforeTheTarget() {
        assertThat(without("The drought hampered crop yields and farm incomes.", "drought", "farm incomes"))
                .isEqualTo("The drought hampered farm incomes.");
        assertThat(without("Subsidies boosted exports, jobs and wages.", "Subsidies", "wages"))
                .isEqualTo("Subsidies boosted wages.");
        // a noun that is also a cue verb ("yields") is the object's
        assertThat(without("The drought reduced crop yields and farm incomes.", "drought", "farm incomes"))
                .isEqualTo("The drought reduced farm incomes.");
        // the target's own change word stays
        assertThat(without("The drought led to reduced harvests and higher food prices.", "drought", "food prices"))
                .isEqualTo("The drought led to higher food prices.");
    }

    @Test
    void theOtherCauseAfterOrBeforeTheSource() {
        assertThat(without("Heat and drought reduce grain set.", "Heat", "grain set"))
                .isEqualTo("Heat reduce grain set.");
        assertThat(without("Heat and drought reduce grain set.", "drought", "grain set"))
                .isEqualTo("drought reduce grain set.");
    }

    @Test
    void nothingWhereTheWordsMayBeSharedOrHoldAnotherClaim() {
        // "elevated risk of" may be the target's too
        assertThat(without("War creates elevated risk of illness and malnutrition.", "War", "malnutrition")).isNull();
        // a cue before the source: the words before it are a claim, not a conjunct
        assertThat(without("Conflict destroys clinics and schools, raising illness.", "schools", "illness")).isNull();
        // the pair as written: nothing coordinated
        assertThat(without("The drought hampered farm incomes.", "drought", "farm incomes")).isNull();
        // two verbs: the second verb's rule reads it (SecondVerb)
        assertThat(without("The drought cut yields and raised food prices.", "drought", "food prices")).isNull();
    }
}
