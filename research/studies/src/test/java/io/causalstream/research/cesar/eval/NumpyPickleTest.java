package io.causalstream.research.cesar.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class NumpyPickleTest {

    @Test
    void readsTheSavedFloat32Arrays() throws IOException {
        double[] base = NumpyPickle.read(ReferenceScoresTest.root().resolve(DefeasibilityData.CESAR_BASE));

        // first values as numpy prints them: [0.5541313  0.56032574 0.58460885 ...]
        assertThat(base).hasSize(500);
        assertThat(base[0]).isCloseTo(0.5541313, within(1e-7));
        assertThat(base[1]).isCloseTo(0.56032574, within(1e-8));
        assertThat(base[2]).isCloseTo(0.58460885, within(1e-8));
    }

    @Test
    void refusesOtherPickles() {
        assertThatThrownBy(() -> NumpyPickle.parse(new byte[] {(byte) 0x80, 4, 'N', '.'}))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> NumpyPickle.parse("not a pickle".getBytes()))
                .isInstanceOf(IOException.class);
    }
}
