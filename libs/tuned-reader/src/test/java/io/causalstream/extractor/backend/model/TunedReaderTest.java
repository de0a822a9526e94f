package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TunedReaderTest {

    @Test
    void tokensCountPunctuationAndPossessivesAsOpenNlpDoes() {
        String s = "The nurses' job satisfaction fell, and children's long-term health (2019) improved.";
        List<String> tokens = TunedReader.tokens(s).stream().map(t -> s.substring(t[0], t[1])).toList();

        assertThat(tokens).containsExactly("The", "nurses", "'", "job", "satisfaction", "fell", ",", "and",
                "children", "'s", "long-term", "health", "(", "2019", ")", "improved", ".");
    }

    @Test
    void theShippedModelIsOnTheLibrarysClassPath() {
        TunedExtractorModel model = TunedReader.shipped();

        assertThat(model.name()).isEqualTo(TunedReader.SHIPPED_NAME);
        assertThat(model.head().dimension()).isEqualTo(model.claims().dimension());
    }
}
