package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The isotonic certainty calibration: pooled where the outcomes fall against the raw order, monotone, written and
 * read back, and the shipped one fitted for the shipped model. */
class CertaintyCalibrationTest {

    @Test
    void poolsAdjacentViolatorsIntoAMonotoneMap() {
        double[] raw = {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
        boolean[] right = {false, false, true, false, false, true, true};
        CertaintyCalibration c = CertaintyCalibration.fit("m d int8", "test", raw, right);
        // 0.2 (right) and 0.3, 0.4 (wrong) violate the order: pooled into one step of 1/3; 0.05 and 0.1 (both 0)
        // are one step, as are 0.5 and 0.6 (both 1)
        assertThat(c.steps()).isEqualTo(3);
        assertThat(c.apply(0.01)).isEqualTo(0.0);
        assertThat(c.apply(0.05)).isEqualTo(0.0);
        assertThat(c.apply(0.1)).isEqualTo(0.0);
        assertThat(c.apply(0.25)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(c.apply(0.45)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(c.apply(0.5)).isEqualTo(1.0);
        assertThat(c.apply(0.99)).isEqualTo(1.0);
    }

    @Test
    void tiesArePooledAndTheFileRoundTrips() {
        double[] raw = {0.5, 0.5, 0.5, 0.9};
        boolean[] right = {true, false, false, true};
        CertaintyCalibration c = CertaintyCalibration.fit("extractor-v3 abc int8", "P(right)", raw, right);
        assertThat(c.apply(0.5)).isCloseTo(1.0 / 3, within(1e-12));
        CertaintyCalibration back = CertaintyCalibration.read(new ByteArrayInputStream(
                c.write().getBytes(StandardCharsets.UTF_8)));
        assertThat(back.modelId()).isEqualTo("extractor-v3 abc int8");
        assertThat(back.meaning()).isEqualTo("P(right)");
        assertThat(back.apply(0.7)).isCloseTo(c.apply(0.7), within(1e-6));
        assertThat(back.apply(0.95)).isEqualTo(1.0);
        assertThatThrownBy(() -> new CertaintyCalibration("m", "x", new double[] {0.1, 0.2},
                new double[] {0.5, 0.4})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theShippedCalibrationIsTheShippedModelsAndIsApplied() {
        TunedExtractorModel shipped = TunedReader.shipped();
        assertThat(ModelExtractor.shippedCalibration(shipped, true)).isPresent()
                .get().extracting(CertaintyCalibration::modelId)
                .isEqualTo(ModelExtractor.calibrationId(shipped, true));
        // fitted on the int8 encoder: not applied to fp32, whose raw certainties differ
        assertThat(ModelExtractor.shippedCalibration(shipped, false)).isEmpty();
    }
}
