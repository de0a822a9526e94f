package io.causalstream.elo.topology;

import io.causalstream.elo.topology.JudgmentListener.Reason;

/**
 * A broken rule, with its reason code for metrics. The processor turns it into the contract's
 * {@link io.causalstream.deadletter.InvalidRecordException} (same message), so dead letters look the same as
 * every other service's.
 */
final class RejectedJudgment extends RuntimeException {

    private final Reason reason;

    RejectedJudgment(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    Reason reason() {
        return reason;
    }
}
