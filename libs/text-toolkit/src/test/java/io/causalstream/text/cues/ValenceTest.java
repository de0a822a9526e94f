package io.causalstream.text.cues;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValenceTest {

    @Test
    void theHeadNounBeforeAnAttachedPhraseDecides() {
        assertThat(Valence.desirable("learning outcomes for poorer pupils")).isTrue();
        assertThat(Valence.desirable("quality of life")).isTrue();
        assertThat(Valence.desirable("access to clean water")).isTrue();
        assertThat(Valence.desirable("Crop yields")).isTrue();
        assertThat(Valence.desirable("food insecurity")).isFalse();
        assertThat(Valence.desirable("flooding")).isFalse();
        assertThat(Valence.desirable("yields of conflict")).isTrue();
        assertThat(Valence.desirable("")).isFalse();
    }

    @Test
    void worsenLowersAGoodThingAndRaisesAHarm() {
        Cue worsen = CueLexicon.DEFAULT.find("closures worsened outcomes").getFirst().cue();
        assertThat(worsen.worsens()).isTrue();
        assertThat(worsen.signFor("learning outcomes")).isEqualTo(Cue.Sign.DECREASE);
        assertThat(worsen.signFor("food insecurity")).isEqualTo(Cue.Sign.INCREASE);
        Cue passive = CueLexicon.DEFAULT.find("outcomes were worsened by closures").getFirst().cue();
        assertThat(passive.orientation()).isEqualTo(Cue.Orientation.BACKWARD);
        assertThat(passive.signFor("learning outcomes")).isEqualTo(Cue.Sign.DECREASE);
        // every other cue states its own sign whatever the effect
        Cue reduce = CueLexicon.DEFAULT.find("drought reduces yields").getFirst().cue();
        assertThat(reduce.worsens()).isFalse();
        assertThat(reduce.signFor("learning outcomes")).isEqualTo(Cue.Sign.DECREASE);
        assertThat(CueLexicon.DEFAULT.find("conflict aggravates hunger").getFirst().cue()
                .signFor("quality of life")).isEqualTo(Cue.Sign.INCREASE);
    }
}
