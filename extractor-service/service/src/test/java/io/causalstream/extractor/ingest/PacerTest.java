package io.causalstream.extractor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.openai.resilience.FakeTicker;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void spacesSendsEvenlyAtTheRate() throws Exception {
        FakeTicker ticker = new FakeTicker();
        Pacer pacer = new Pacer(4, ticker);
        for (int i = 0; i < 5; i++) {
            pacer.await();
        }
        // the first goes at once, each next 250 ms after the previous
        assertThat(ticker.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(250),
                Duration.ofMillis(250), Duration.ofMillis(250));
    }

    @Test
    void zeroMeansNoLimit() throws Exception {
        FakeTicker ticker = new FakeTicker();
        Pacer pacer = new Pacer(0, ticker);
        for (int i = 0; i < 100; i++) {
            pacer.await();
        }
        assertThat(ticker.sleeps()).isEmpty();
    }
}
