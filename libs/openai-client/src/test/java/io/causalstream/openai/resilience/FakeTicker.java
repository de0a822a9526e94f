package io.causalstream.openai.resilience;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Time that moves only when a test (or a sleeper) moves it; every sleep is recorded and returns at once. */
public final class FakeTicker implements Ticker {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public void sleepNanos(long nanos) {
        sleeps.add(Duration.ofNanos(nanos));
        now.addAndGet(Math.max(0, nanos));
    }

    public void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    public List<Duration> sleeps() {
        synchronized (sleeps) {
            return List.copyOf(sleeps);
        }
    }
}
