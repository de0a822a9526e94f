package io.causalstream.runtime;

import java.time.Duration;
import java.util.function.LongSupplier;

/** A dependency check for readiness: true while the dependency answers. */
@FunctionalInterface
public interface Probe {

    boolean ok();

    /** Remembers the last answer for {@code ttl}, so frequent health checks don't hammer the dependency. */
    static Probe cached(Probe probe, Duration ttl, LongSupplier nanoTime) {
        return new Probe() {
            private long checkedAt;
            private boolean answer;
            private boolean checked;

            @Override
            public synchronized boolean ok() {
                long now = nanoTime.getAsLong();
                if (!checked || now - checkedAt >= ttl.toNanos()) {
                    answer = probe.ok();
                    checkedAt = now;
                    checked = true;
                }
                return answer;
            }
        };
    }
}
