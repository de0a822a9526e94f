package io.causalstream.runtime.access;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A token bucket per key (a rater): {@code burst} requests at once, then {@code perMinute} a minute. Kept in this
 * instance's memory: with N instances behind a load balancer a rater gets at most N times the rate. The map is
 * bounded ({@link #MAX_KEYS}, least recently used out: a forgotten key starts again with a full bucket, which is
 * what an idle rater would have anyway).
 */
public final class RateLimiter {

    static final int MAX_KEYS = 100_000;

    private final double perNano;
    private final double burst;
    private final Clock clock;
    private final Map<String, double[]> buckets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, double[]> eldest) {
            return size() > MAX_KEYS;
        }
    };

    public RateLimiter(double perMinute, int burst, Clock clock) {
        if (!(perMinute > 0) || burst < 1) {
            throw new IllegalArgumentException("a rate limit needs a rate > 0 and a burst >= 1, got " + perMinute
                    + "/min and " + burst);
        }
        this.perNano = perMinute / Duration.ofMinutes(1).toNanos();
        this.burst = burst;
        this.clock = clock;
    }

    /** Takes one token for {@code key}; empty when allowed, else how long until the next token. */
    public synchronized Optional<Duration> acquire(String key) {
        long now = nanos();
        double[] b = buckets.computeIfAbsent(key, k -> new double[] {burst, now});
        double tokens = Math.min(burst, b[0] + (now - (long) b[1]) * perNano);
        b[1] = now;
        if (tokens >= 1) {
            b[0] = tokens - 1;
            return Optional.empty();
        }
        b[0] = tokens;
        return Optional.of(Duration.ofNanos((long) Math.ceil((1 - tokens) / perNano)));
    }

    private long nanos() {
        java.time.Instant i = clock.instant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
