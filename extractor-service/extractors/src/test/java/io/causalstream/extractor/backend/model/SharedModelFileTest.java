package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The extractor and the scorer's verification read one model file: the one the tuned-reader library ships. A new
 * model is shipped by putting its file in libs/tuned-reader's resources and naming it in {@link TunedReader}'s
 * constants, which the extractor's are.
 */
class SharedModelFileTest {

    @Test
    void theExtractorLoadsTheModelTheReaderShips() {
        assertThat(ModelExtractor.TUNED_RESOURCE).isEqualTo(TunedReader.SHIPPED_RESOURCE);
        assertThat(ModelExtractor.class.getResource(ModelExtractor.TUNED_RESOURCE))
                .isEqualTo(TunedReader.class.getResource(TunedReader.SHIPPED_RESOURCE));
    }
}
