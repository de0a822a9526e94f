package io.causalstream.alignment;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the aligner searches.
 *
 * @param orders             node orders to try, in order; the first whose result is best is reported
 * @param timeLimitPerOrder  wall-clock budget of each order's search (the reference used 150 s); on expiry the
 *                           search returns its best mapping so far (anytime)
 * @param stopWhenProven     skip the remaining orders once one order's search finishes: a finished search is
 *                           optimal, and a later order can only tie, which never replaces an earlier result
 */
public record AlignmentOptions(List<NodeOrder> orders, Duration timeLimitPerOrder, boolean stopWhenProven) {

    /** The reference's five orders, 10 s per order (far more than any sample article needs), stop when proven. */
    public static final AlignmentOptions DEFAULT =
            new AlignmentOptions(NodeOrder.REFERENCE, Duration.ofSeconds(10), true);

    public AlignmentOptions {
        orders = List.copyOf(Objects.requireNonNull(orders, "orders"));
        if (orders.isEmpty()) {
            throw new IllegalArgumentException("at least one node order is needed");
        }
        Objects.requireNonNull(timeLimitPerOrder, "timeLimitPerOrder");
        if (timeLimitPerOrder.isNegative()) {
            throw new IllegalArgumentException("timeLimitPerOrder must not be negative");
        }
    }

    public AlignmentOptions withOrders(List<NodeOrder> newOrders) {
        return new AlignmentOptions(newOrders, timeLimitPerOrder, stopWhenProven);
    }

    public AlignmentOptions withTimeLimitPerOrder(Duration limit) {
        return new AlignmentOptions(orders, limit, stopWhenProven);
    }

    public AlignmentOptions withStopWhenProven(boolean stop) {
        return new AlignmentOptions(orders, timeLimitPerOrder, stop);
    }
}
