package io.causalstream.scorer.gold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoldPreferenceTest {

    private static final GoldGraph CURATED = gold("Human1", GoldOrigin.CURATED);
    private static final GoldGraph WINNER = gold("llama3", GoldOrigin.TOURNAMENT);

    static GoldGraph gold(String annotationId, GoldOrigin origin) {
        return GoldGraph.newBuilder().setPassageId("p1").setAnnotationId(annotationId).setOrigin(origin)
                .setTriples(List.of()).setUpdatedAt(Instant.EPOCH).build();
    }

    @Test
    void curatedPreferenceTakesTheCuratedGoldWhenThere() {
        assertThat(GoldPreference.CURATED.choose(CURATED, WINNER)).isSameAs(CURATED);
        assertThat(GoldPreference.CURATED.choose(null, WINNER)).isSameAs(WINNER);
        assertThat(GoldPreference.CURATED.choose(CURATED, null)).isSameAs(CURATED);
        assertThat(GoldPreference.CURATED.choose(null, null)).isNull();
    }

    @Test
    void tournamentPreferenceIsTheReverse() {
        assertThat(GoldPreference.TOURNAMENT.choose(CURATED, WINNER)).isSameAs(WINNER);
        assertThat(GoldPreference.TOURNAMENT.choose(CURATED, null)).isSameAs(CURATED);
        assertThat(GoldPreference.TOURNAMENT.choose(null, null)).isNull();
    }

    @Test
    void parsesSettingValues() {
        assertThat(GoldPreference.parse("curated")).isEqualTo(GoldPreference.CURATED);
        assertThat(GoldPreference.parse(" Tournament ")).isEqualTo(GoldPreference.TOURNAMENT);
        assertThat(GoldPreference.TOURNAMENT.settingValue()).isEqualTo("tournament");
        assertThatThrownBy(() -> GoldPreference.parse("human"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scorer.gold.preference");
    }
}
