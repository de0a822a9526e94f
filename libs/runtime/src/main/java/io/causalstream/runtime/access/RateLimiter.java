package io.causalstream.runtime.access;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A token bucket per key (a rater, a curator, an address), Bucket4j's: {@code burst} requests at once, then
 * {@code perMinute} a minute, refilled continuously. Kept in this instance's memory: with N instances behind a load
 * balancer a key gets at most N times the rate. The map of buckets is bounded ({@link #MAX_KEYS}, least recently
 * used out: a forgotten key starts again with a full bucket, which is what an idle one would have anyway).
 */
public final class RateLimiter {

    static final int MAX_KEYS = 100_000;

    private final double perMinute;
    private final int burst;
    private final TimeMeter time;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
            return size() > MAX_KEYS;
        }
    };

    public RateLimiter(double perMinute, int burst, Clock clock) {
        if (!(perMinute > 0) || burst < 1) {
            throw new IllegalArgumentException("a rate limit needs a rate > 0 and a burst >= 1, got " + perMinute
                    + "/min and " + burst);
        }
        this.perMinute = perMinute;
        this.burst = burst;
        this.time = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                Instant i = clock.instant();
                return i.getEpochSecond() * 1_000_000_000L + i.getNano();
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }

    /** Takes one token for {@code key}; empty when allowed, else how long until the next token. */
    public Optional<Duration> acquire(String key) {
        Bucket bucket;
        synchronized (buckets) {
            bucket = buckets.computeIfAbsent(key, k -> newBucket());
        }
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? Optional.empty() : Optional.of(Duration.ofNanos(probe.getNanosToWaitForRefill()));
    }

    /** One token every 60 s / perMinute (a rate need not be a whole number a minute), at most {@code burst} kept. */
    private Bucket newBucket() {
        Duration everyToken = Duration.ofNanos(Math.round(Duration.ofMinutes(1).toNanos() / perMinute));
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(burst).refillGreedy(1, everyToken))
                .withCustomTimePrecision(time)
                .build();
    }
}
