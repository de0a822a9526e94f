package io.causalstream.elo.app;

import io.causalstream.elo.topology.JudgmentListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Elo service's own meters (Prometheus names in brackets):
 * <ul>
 *   <li>{@code elo.judgments} [{@code elo_judgments_total}]: judgments by outcome (accepted, duplicate, rejected)
 *       and reason (none, undecodable, malformed, key_mismatch, same_annotation, unknown_annotation,
 *       own_annotation);</li>
 *   <li>{@code elo.judgment.lag} [{@code elo_judgment_lag_seconds}]: from a judgment's record timestamp to its
 *       counting, with percentiles;</li>
 *   <li>{@code elo.judgment.processing} [{@code elo_judgment_processing_seconds}]: time spent counting one;</li>
 *   <li>{@code elo.bt.refit} [{@code elo_bt_refit_seconds}]: one passage's Bradley-Terry fit with bootstrap.</li>
 * </ul>
 */
final class JudgmentMeters implements JudgmentListener {

    private final Map<Reason, Counter> rejected = new EnumMap<>(Reason.class);
    private final Counter accepted;
    private final Counter duplicate;
    private final Timer lag;
    private final Timer processing;
    private final Timer refit;

    JudgmentMeters(MeterRegistry registry) {
        accepted = counter(registry, "accepted", Reason.NONE);
        duplicate = counter(registry, "duplicate", Reason.NONE);
        for (Reason r : Reason.values()) {
            if (r != Reason.NONE) {
                rejected.put(r, counter(registry, "rejected", r));
            }
        }
        lag = Timer.builder("elo.judgment.lag")
                .description("From a judgment's record timestamp to its counting into the tournament")
                .publishPercentiles(0.5, 0.95, 0.99).publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofMinutes(1))
                .register(registry);
        processing = Timer.builder("elo.judgment.processing")
                .description("Time spent counting one judgment (validation, Elo, counts, stores)")
                .publishPercentiles(0.5, 0.99).register(registry);
        refit = Timer.builder("elo.bt.refit")
                .description("One passage's Bradley-Terry fit with its bootstrap")
                .publishPercentiles(0.5, 0.99).register(registry);
    }

    private static Counter counter(MeterRegistry registry, String outcome, Reason reason) {
        return Counter.builder("elo.judgments")
                .description("Judgments processed, by what became of them and why")
                .tag("outcome", outcome)
                .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                .register(registry);
    }

    @Override
    public void judged(Verdict verdict, Reason reason) {
        switch (verdict) {
            case APPLIED -> accepted.increment();
            case DUPLICATE -> duplicate.increment();
            case INVALID -> rejected.get(reason == Reason.NONE ? Reason.MALFORMED : reason).increment();
        }
    }

    @Override
    public void applied(long lagMillis, long processingNanos) {
        lag.record(lagMillis, TimeUnit.MILLISECONDS);
        processing.record(processingNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void refitted(int players, long nanos) {
        refit.record(nanos, TimeUnit.NANOSECONDS);
    }
}
