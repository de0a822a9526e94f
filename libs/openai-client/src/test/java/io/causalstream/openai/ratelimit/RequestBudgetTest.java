package io.causalstream.openai.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.openai.resilience.FakeTicker;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RequestBudgetTest {

    private final FakeTicker ticker = new FakeTicker();

    @Test
    void requestsPerMinuteAllowABurstThenSpaceCallsEvenly() throws Exception {
        RequestBudget limiter = new RequestBudget(60, 0, ticker);
        for (int i = 0; i < 60; i++) {
            assertThat(limiter.acquire(0)).isZero();
        }
        // the bucket is empty: the 61st waits one refill interval, 60 s / 60 = 1 s
        assertThat(limiter.acquire(0)).isEqualTo(Duration.ofSeconds(1).toNanos());
        assertThat(limiter.acquire(0)).isEqualTo(Duration.ofSeconds(1).toNanos());
    }

    @Test
    void tokensPerMinuteAreTakenByTheEstimateAndCorrectedByTheActualCount() throws Exception {
        RequestBudget limiter = new RequestBudget(0, 1200, ticker);
        assertThat(limiter.acquire(1000)).isZero();
        // 200 left; 400 needed: 200 missing at 20 tokens/s = 10 s
        limiter.settle(1000, 1000);
        assertThat(limiter.acquire(400)).isEqualTo(Duration.ofSeconds(10).toNanos());
        // the request used only 100 of its 400: 300 come back, so 300 fit now
        limiter.settle(400, 100);
        assertThat(limiter.acquire(300)).isZero();
    }

    @Test
    void aRequestLargerThanTheWholeBudgetWaitsForAFullBucketAndGoes() throws Exception {
        RequestBudget limiter = new RequestBudget(0, 100, ticker);
        assertThat(limiter.acquire(50)).isZero();
        // would never fit: it waits until the bucket is full again (50 missing at 100/min = 30 s)
        assertThat(limiter.acquire(5000)).isEqualTo(Duration.ofSeconds(30).toNanos());
    }

    @Test
    void aPauseHoldsEveryCallerBack() throws Exception {
        RequestBudget limiter = new RequestBudget(0, 0, ticker);
        limiter.pause(Duration.ofSeconds(3));
        assertThat(limiter.acquire(1)).isEqualTo(Duration.ofSeconds(3).toNanos());
        assertThat(limiter.acquire(1)).isZero();
    }

    @Test
    void unlimitedNeverWaits() throws Exception {
        RequestBudget limiter = new RequestBudget(0, 0, ticker);
        for (int i = 0; i < 10_000; i++) {
            assertThat(limiter.acquire(1_000_000)).isZero();
        }
    }
}
