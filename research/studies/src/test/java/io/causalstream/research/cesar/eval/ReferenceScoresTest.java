package io.causalstream.research.cesar.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reference rows: Table 3 and Table 4 of the delta-CAUSAL paper recomputed from the scores the authors saved
 * (test copies in {@code src/test/resources/defeasibility}).
 */
class ReferenceScoresTest {

    private final DefeasibilityData data = new DefeasibilityData(root());

    @Test
    void savedCesarScoresGiveTable3() throws IOException {
        ShiftAccuracy cesar = data.referenceShifts().getFirst();

        // paper: 84.6 / 75.8 / 80.1; exactly 423 and 379 of 500
        assertThat(cesar.rows()).isEqualTo(500);
        assertThat(cesar.supporter()).isEqualTo(423 / 500.0);
        assertThat(cesar.defeater()).isEqualTo(379 / 500.0);
        assertThat(cesar.geometricMean()).isCloseTo(0.8008, within(1e-4));
    }

    @Test
    void savedRockAndCeqScoresGiveTable3() throws IOException {
        List<ShiftAccuracy> rows = data.referenceShifts();
        ShiftAccuracy rock = rows.get(1);
        ShiftAccuracy ceq = rows.get(2);

        // paper: ROCK 32.5 / 68.6 / 47.2 (203 and 429 of the 625 saved rows)
        assertThat(rock.rows()).isEqualTo(625);
        assertThat(rock.supporter()).isEqualTo(203 / 625.0);
        assertThat(rock.defeater()).isEqualTo(429 / 625.0);
        assertThat(100 * rock.geometricMean()).isCloseTo(47.2, within(0.05));
        // paper: CEQ 83.1 / 17.5 / 38.1 (831 and 175 of 1000)
        assertThat(ceq.rows()).isEqualTo(1000);
        assertThat(ceq.supporter()).isEqualTo(0.831);
        assertThat(ceq.defeater()).isEqualTo(0.175);
        assertThat(100 * ceq.geometricMean()).isCloseTo(38.1, within(0.05));
    }

    @Test
    void savedCeqCopaScoresGiveTable4() throws IOException {
        CopaAccuracy ceq = data.referenceCopaCeq();

        assertThat(ceq.questions()).isEqualTo(1000);
        assertThat(ceq.accuracy()).isEqualTo(0.578);
    }

    @Test
    void readsTheEvaluationRows() throws IOException {
        List<DefeasibilityData.TestRow> rows = data.testRows();
        List<DefeasibilityData.CopaRow> copa = data.copaRows();

        assertThat(rows).hasSize(500);
        assertThat(rows.getFirst().id()).isEqualTo("3804");
        assertThat(rows.getFirst().causeWithSupporter()).startsWith(rows.getFirst().cause() + " [SEP] What is true");
        assertThat(rows.getFirst().causeWithDefeater()).contains("there's a new trend");
        assertThat(copa).hasSize(2000);
        assertThat(copa.getFirst()).isEqualTo(new DefeasibilityData.CopaRow("1320", "They were hot.",
                "The children had a toothache.", false));
    }

    @Test
    void shiftAccuracyUsesStrictInequalities() {
        ShiftAccuracy a = ShiftAccuracy.of("t", new double[] {0.5, 0.5, 0.5, 0.5},
                new double[] {0.6, 0.5, 0.4, 0.9}, new double[] {0.4, 0.5, 0.6, 0.1});

        assertThat(a.supporter()).isEqualTo(0.5);
        assertThat(a.defeater()).isEqualTo(0.5);
        assertThat(a.geometricMean()).isEqualTo(0.5);
    }

    @Test
    void copaCountsATieAsWrong() {
        CopaAccuracy a = CopaAccuracy.of("t", List.of(
                new CopaAccuracy.Row("1", true, 0.9), new CopaAccuracy.Row("1", false, 0.1),
                new CopaAccuracy.Row("2", false, 0.3), new CopaAccuracy.Row("2", true, 0.3),
                new CopaAccuracy.Row("3", true, 0.2), new CopaAccuracy.Row("3", false, 0.7)));

        assertThat(a.questions()).isEqualTo(3);
        assertThat(a.accuracy()).isEqualTo(1 / 3.0);
    }

    static Path root() {
        try {
            return Path.of(ReferenceScoresTest.class.getClassLoader().getResource("defeasibility/README.md").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
