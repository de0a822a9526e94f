package io.causalstream.fcm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapKeysTest {

    private static final Contribution HUMAN = new Contribution("p1", "a1", "Human3", "HUMAN", List.of());

    @Test
    void keysByEverythingKindAnnotatorAndPassageAttribute() {
        assertThat(MapKeys.ALL.of(HUMAN)).containsExactly("all");
        assertThat(MapKeys.named("kind").of(HUMAN)).containsExactly("kind:human");
        assertThat(MapKeys.named("annotator").of(HUMAN)).containsExactly("annotator:Human3");
        MapKeys bySource = MapKeys.byPassage("source", Map.of("p1", "wikicausal")::get);
        assertThat(bySource.of(HUMAN)).containsExactly("source:wikicausal");
        assertThat(bySource.of(new Contribution("p9", "a", "x", "MODEL", List.of()))).isEmpty();
        assertThatThrownBy(() -> MapKeys.named("colour")).hasMessageContaining("not colour");
    }
}
