package io.causalstream.elo.app;

import io.causalstream.elo.topology.JudgmentListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** Counter {@code elo.judgments} (Prometheus {@code elo_judgments_total}) tagged outcome=applied|duplicate|invalid. */
final class JudgmentMeters implements JudgmentListener {

    private final Map<Verdict, Counter> counters = new EnumMap<>(Verdict.class);

    JudgmentMeters(MeterRegistry registry) {
        for (Verdict v : Verdict.values()) {
            counters.put(v, Counter.builder("elo.judgments")
                    .description("Judgments processed, by what became of them")
                    .tag("outcome", v.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
    }

    @Override
    public void judged(Verdict verdict) {
        counters.get(verdict).increment();
    }
}
