package io.causalstream.research.extraction.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoldMentionsTest {

    private static Triple triple(String source, String target) {
        return new Triple(source, target, Direction.INCREASE, List.of(), null);
    }

    @Test
    void theGoldLabelsAsWrittenThenTheAlignedChunksNoLabelOverlaps() {
        String s = "Lower interest rates raised house prices across the city and, in turn, Household  Debt.";
        List<ConceptSpan> chunks = List.of(new ConceptSpan(0, 2, 0, 20, "Lower interest rates"),
                new ConceptSpan(6, 7, 48, 56, "the city"));
        List<ConceptSpan> mentions = GoldMentions.in(s, List.of(triple("interest rates", "house prices"),
                triple("house prices", "household debt"), triple("wages", "rates")), chunks);
        assertThat(mentions).extracting(ConceptSpan::text)
                .containsExactly("interest rates", "house prices", "the city", "Household  Debt");
        // a label inside a longer one ("rates" in "interest rates") is not a mention of its own
        assertThat(mentions).extracting(ConceptSpan::start).containsExactly(6, 28, 48, 71);
    }

    @Test
    void onlyWholeWords() {
        assertThat(GoldMentions.in("Warmer winters shorten the season.", List.of(triple("winter", "season")),
                List.of())).extracting(ConceptSpan::text).containsExactly("season");
    }
}
