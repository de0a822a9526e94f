package io.causalstream.serde;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Schema ids the registry said it does not have, each believed for a while: a record carrying one is invalid
 * without asking again, so a flood of such records costs one registry lookup per distinct id and expiry period.
 * Bounded: beyond {@code capacity} ids the oldest is forgotten (it costs one lookup more if it comes back). An id
 * expires after {@code ttl}, so one registered later is picked up; one this process sees resolve is forgotten at
 * once ({@link #remove}). Safe for concurrent use.
 */
final class MissingSchemaIds {

    /** Distinct ids remembered at most: a few hundred kilobytes. */
    static final int DEFAULT_CAPACITY = 10_000;

    private final int capacity;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    /** id -> when the registry said it does not have it; oldest first */
    private final LinkedHashMap<Integer, Long> since = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Long> eldest) {
            return size() > capacity;
        }
    };

    MissingSchemaIds(int capacity, Duration ttl, LongSupplier nanoTime) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * How long ago the registry said it does not have {@code id}, or null when that is not known (never said, or
     * longer ago than the expiry).
     */
    synchronized Duration missingFor(int id) {
        Long at = since.get(id);
        if (at == null) {
            return null;
        }
        long age = nanoTime.getAsLong() - at;
        if (age >= ttlNanos) {
            since.remove(id);
            return null;
        }
        return Duration.ofNanos(age);
    }

    /** The registry said it does not have {@code id} (again: the expiry starts over). */
    synchronized void add(int id) {
        since.remove(id); // re-inserted as the newest
        since.put(id, nanoTime.getAsLong());
    }

    /** {@code id} resolved: it exists now. */
    synchronized void remove(int id) {
        since.remove(id);
    }

    synchronized int size() {
        return since.size();
    }
}
