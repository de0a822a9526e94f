package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.LanguageSupport;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.testkit.TestResources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The language check must not cost English passages their extraction: no released passage is flagged. */
class LanguageGuessOnReleasedDataTest {

    @Test
    void noPassageOfTheReleasedTestSplitNorOfTheEloStudyIsFlagged() throws Exception {
        List<GoldPassage> split = ReleasedSplit.read(TestResources.path("soft-measures/test_data.csv"));
        assertThat(split).hasSize(327);
        assertThat(split).filteredOn(p -> LanguageSupport.unsupported(p.text()).isPresent())
                .extracting(GoldPassage::text).isEmpty();
        List<String> elo = new EloWinnerEvaluation(SoftMeasuresData.load(TestResources.path("soft-measures")))
                .texts();
        assertThat(elo).hasSize(20).filteredOn(t -> LanguageSupport.unsupported(t).isPresent()).isEmpty();
    }
}
