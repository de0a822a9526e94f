package io.causalstream.extractor.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeNamesTest {

    private static Triple t(String source, String target, Direction d, int start, int end, Double confidence) {
        return new Triple(source, target, d, List.of(new EvidenceSpan(start, end)), confidence);
    }

    @Test
    void aShortNameWrittenAfterItsOnlyLongerNameTakesIt() {
        String text = "Rising sea temperatures intensify tropical storms, and stronger storms damage coastal "
                + "infrastructure.";
        List<Triple> out = NodeNames.unified(text, List.of(
                t("sea temperatures", "tropical storms", Direction.INCREASE, 0, 49, null),
                t("storms", "coastal infrastructure", Direction.DECREASE, 55, 99, null)));
        assertThat(out).extracting(Triple::getSource, Triple::getTarget).containsExactly(
                tuple("sea temperatures", "tropical storms"), tuple("tropical storms", "coastal infrastructure"));
    }

    @Test
    void aShortNameWrittenFirstOrWithTwoCandidatesStays() {
        // written before the longer name: not a reference back to it
        String first = "Storms damage roads, and tropical storms flood towns.";
        assertThat(NodeNames.unified(first, List.of(t("Storms", "roads", Direction.DECREASE, 0, 19, null),
                t("tropical storms", "towns", Direction.INCREASE, 25, 52, null))))
                .extracting(Triple::getSource).containsExactly("Storms", "tropical storms");
        // two longer names end with it: ambiguous
        String two = "Food prices and energy prices rose, and prices hurt households.";
        assertThat(NodeNames.unified(two, List.of(t("food prices", "energy prices", Direction.INCREASE, 0, 29, null),
                t("prices", "households", Direction.DECREASE, 40, 62, null))))
                .extracting(Triple::getSource).contains("prices");
    }

    @Test
    void triplesThatBecomeEqualAreMergedAndASelfLoopIsDropped() {
        String text = "Tropical storms damage roads. Storms damage roads and storms feed tropical storms.";
        List<Triple> out = NodeNames.unified(text, List.of(
                t("Tropical storms", "roads", Direction.DECREASE, 0, 28, 0.4),
                t("Storms", "roads", Direction.DECREASE, 30, 48, 0.9),
                t("storms", "tropical storms", Direction.INCREASE, 53, 81, 0.5)));
        assertThat(out).singleElement().satisfies(x -> {
            assertThat(x.getSource()).isEqualTo("Tropical storms");
            assertThat(x.getEvidence()).containsExactly(new EvidenceSpan(0, 28), new EvidenceSpan(30, 48));
            assertThat(x.getConfidence()).isEqualTo(0.9);
        });
    }
}
