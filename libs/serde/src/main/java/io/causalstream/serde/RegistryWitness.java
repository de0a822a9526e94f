package io.causalstream.serde;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Says whether a 404 of the registry for a schema id can be believed at once: it can while the registry serves a
 * schema it is known to hold (the witness). A registry that answers 404 for everything (starting and still loading
 * its storage, emptied, or the wrong one) fails that test, and so does one that cannot be asked.
 * <p>The witness is the schema id this process last decoded or encoded ({@link #resolved}); before there is one,
 * the newest schema the registry lists. One {@link Verdict#SERVING} is trusted for {@code trust}, so a flood of
 * unknown ids costs one witness lookup per period, not one per id; a registry failure seen meanwhile
 * ({@link #unavailable}) ends the trust at once. Safe for concurrent use.
 */
final class RegistryWitness {

    /** How long one successful witness lookup is trusted, unless a registry failure is seen meanwhile. */
    static final Duration DEFAULT_TRUST = Duration.ofSeconds(5);

    /** What the registry answered the witness lookup. */
    enum Verdict {
        /** it served a schema it holds: its 404 for another id is the truth */
        SERVING,
        /** it answered 404 for a schema it is known to hold, or lists none: its 404s prove nothing */
        NOT_SERVING,
        /** it could not be asked (connection refused, timeout, 5xx, ...): an outage */
        UNREACHABLE
    }

    /** The two requests the witness makes. */
    interface Registry {
        /** Fetches the schema of {@code contentId}; throws as the registry client does (404, network, ...). */
        void fetch(long contentId);

        /** The content id of the newest schema the registry holds, or empty when it lists none. */
        OptionalLong newest();
    }

    private final Registry registry;
    private final long trustNanos;
    private final LongSupplier nanoTime;
    /** the witness's content id; meaningful when {@link #hasWitness} */
    private volatile long witness;
    private volatile boolean hasWitness;
    private long servingAt;
    private boolean serving;

    RegistryWitness(Registry registry, Duration trust, LongSupplier nanoTime) {
        this.registry = registry;
        this.trustNanos = trust.toNanos();
        this.nanoTime = nanoTime;
    }

    /** A witness that never shows the registry serving: every verdict is {@link Verdict#NOT_SERVING}. */
    static RegistryWitness none() {
        return new RegistryWitness(null, Duration.ZERO, () -> 0);
    }

    /** A schema id this process decoded or encoded a record with: the registry holds it. */
    void resolved(int schemaId) {
        if (!hasWitness || witness != schemaId) {
            witness = schemaId;
            hasWitness = true;
        }
    }

    /** A registry failure was seen: the last {@link Verdict#SERVING} is no longer trusted. */
    synchronized void unavailable() {
        serving = false;
    }

    /** Whether the registry serves what it holds now; asks it unless a recent answer said so. */
    synchronized Verdict check() {
        if (registry == null) {
            return Verdict.NOT_SERVING;
        }
        long now = nanoTime.getAsLong();
        if (serving && now - servingAt < trustNanos) {
            return Verdict.SERVING;
        }
        serving = false;
        boolean known = hasWitness;
        long id = witness;
        try {
            if (!known) {
                OptionalLong newest = registry.newest();
                if (newest.isEmpty()) {
                    return Verdict.NOT_SERVING;
                }
                id = newest.getAsLong();
            }
            registry.fetch(id);
        } catch (RuntimeException e) {
            if (DecodeFailures.classify(e) == DecodeFailures.Kind.TRANSIENT) {
                return Verdict.UNREACHABLE;
            }
            if (known && witness == id) {
                hasWitness = false; // gone (or not loaded yet): next time, whatever the registry lists
            }
            return Verdict.NOT_SERVING;
        }
        witness = id;
        hasWitness = true;
        serving = true;
        servingAt = nanoTime.getAsLong();
        return Verdict.SERVING;
    }
}
