package io.causalstream.elo.topology;

import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.elo.tournament.BtRating;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Refits the Bradley-Terry ratings of the passages whose counts changed since the last refit (the
 * {@value EloTopology#BT_PENDING_STORE} store lists them), writes the results into their tournaments and
 * publishes the updated tables. Run by a punctuator, not per judgment: a fit with a bootstrap costs far more than
 * an Elo update, and only the latest counts matter.
 *
 * <p>Each run fits for at most a budget of time (it stops after the fit that crosses it), so refits never starve
 * the counting of judgments; passages left over stay pending, and the next run starts after the last passage
 * refitted (round robin), so none waits forever.
 *
 * <p>Asynchronous (the default): the fits run on another thread, from a copy of the counts taken in one
 * punctuation; a later punctuation writes and publishes the results, so the stream thread never waits for a fit
 * (a fit with 100 bootstrap rounds takes 10-50 ms: run on the stream thread, it held up every judgment of the
 * task that long, which was the slowest 5% of the judgment-to-query latency). A result whose counts changed in
 * the meantime is still written (it is a fit of counts a moment old, as between any two refits), but the passage
 * stays pending, so its final table is always fitted to its final counts. Synchronous: fit and write in the same
 * punctuation (tests, tools).
 *
 * <p>The fit depends only on the counts (see {@link BradleyTerry}), so however often, when and in whatever order
 * this runs, the tables end the same once the last judgment is refitted: a replay, a restart or another instance
 * get identical numbers. Results are written inside a punctuation, so under exactly-once they commit with the
 * rest of the task's output; a fit lost with a crash is redone, because the passage is only unmarked when its
 * result for its current counts is written.
 */
final class BtRefresher {

    /** Most passages copied for one run; more than a budget's worth of fits. */
    private static final int MAX_BATCH = 64;

    /** Told of every refitted table this refresher stores. */
    interface Stored {
        void stored(String passageId, Tournament updated);
    }

    /** The counts of one passage as of a punctuation, and the judgmentsApplied it was marked with then. */
    private record Snapshot(String passageId, long mark, List<PairCount> counts) {
    }

    private record Fit(Snapshot of, List<BtRating> ratings) {
    }

    private final BradleyTerry bradleyTerry;
    private final JudgmentListener listener;
    private final KeyValueStore<String, Long> pending;
    private final KeyValueStore<String, List<PairCount>> pairCounts;
    private final KeyValueStore<String, Tournament> tournaments;
    private final ProcessorContext<String, SpecificRecord> context;
    private final Duration budget;
    private final Executor async;
    private final Stored stored;
    /** The last passage taken; only decides where the next run starts, never what a fit gives. */
    private String cursor = "";
    /** The asynchronous run in flight, if any. */
    private CompletableFuture<List<Fit>> running;

    /**
     * @param async where fits run; null fits on the calling (stream) thread
     */
    BtRefresher(BradleyTerry bradleyTerry, Duration budget, JudgmentListener listener,
                ProcessorContext<String, SpecificRecord> context, Executor async, Stored stored) {
        this.bradleyTerry = bradleyTerry;
        this.budget = budget;
        this.listener = listener;
        this.context = context;
        this.async = async;
        this.stored = stored;
        this.pending = context.getStateStore(EloTopology.BT_PENDING_STORE);
        this.pairCounts = context.getStateStore(EloTopology.PAIR_COUNTS_STORE);
        this.tournaments = context.getStateStore(EloTopology.TOURNAMENTS_STORE);
    }

    /** One punctuation: writes finished results, then starts (or, synchronous, does) the next run. */
    void refitPending() {
        if (async == null) {
            fitAll(snapshots(MAX_BATCH), this::write);
            return;
        }
        if (running != null) {
            if (!running.isDone()) {
                return;
            }
            List<Fit> done = running.join();
            running = null;
            done.forEach(this::write);
        }
        List<Snapshot> batch = snapshots(MAX_BATCH);
        if (!batch.isEmpty()) {
            running = CompletableFuture.supplyAsync(() -> {
                List<Fit> fits = new ArrayList<>();
                fitAll(batch, fits::add);
                return fits;
            }, async);
        }
    }

    /** The task is closing: a run in flight is left to finish, its results are dropped (the marks stay). */
    void close() {
        running = null;
    }

    /** Pending passages starting after the cursor (round robin), with a copy of their counts. */
    private List<Snapshot> snapshots(int max) {
        List<KeyValue<String, Long>> after = new ArrayList<>();
        List<KeyValue<String, Long>> upTo = new ArrayList<>();
        try (KeyValueIterator<String, Long> it = pending.all()) {
            while (it.hasNext()) {
                KeyValue<String, Long> kv = it.next();
                (kv.key.compareTo(cursor) > 0 ? after : upTo).add(kv);
            }
        }
        after.addAll(upTo);
        List<Snapshot> out = new ArrayList<>();
        for (KeyValue<String, Long> kv : after) {
            if (out.size() == max) {
                break;
            }
            List<PairCount> counts = pairCounts.get(kv.key);
            out.add(new Snapshot(kv.key, kv.value, counts == null ? List.of() : List.copyOf(counts)));
        }
        return out;
    }

    /** Fits snapshots in order until the budget is spent. Touches no store: it may run on another thread. */
    private void fitAll(List<Snapshot> batch, java.util.function.Consumer<Fit> each) {
        long deadline = System.nanoTime() + budget.toNanos();
        for (Snapshot s : batch) {
            long t0 = System.nanoTime();
            List<BtRating> fit = s.counts.isEmpty() ? List.of() : bradleyTerry.fit(s.passageId, s.counts);
            listener.refitted(fit.size(), System.nanoTime() - t0);
            each.accept(new Fit(s, fit));
            if (System.nanoTime() > deadline) {
                return;
            }
        }
    }

    /** Writes one fit into its tournament (on the stream thread); unmarks the passage if its counts are still those. */
    private void write(Fit fit) {
        String passageId = fit.of.passageId;
        cursor = passageId;
        Long mark = pending.get(passageId);
        if (mark != null && mark == fit.of.mark) {
            pending.delete(passageId);
        }
        Tournament current = tournaments.get(passageId);
        if (current == null || fit.of.counts.isEmpty()) {
            return;
        }
        Map<String, BtRating> byPlayer = new HashMap<>();
        fit.ratings.forEach(b -> byPlayer.put(b.annotationId(), b));
        List<Player> players = new ArrayList<>(current.getPlayers().size());
        for (Player p : current.getPlayers()) {
            BtRating b = byPlayer.get(p.getAnnotationId());
            players.add(Player.newBuilder(p)
                    .setBtScore(b == null ? null : b.score())
                    .setBtCiLow(b == null ? null : b.ciLow())
                    .setBtCiHigh(b == null ? null : b.ciHigh())
                    .setBtRank(b == null ? null : b.rank())
                    .build());
        }
        Tournament updated = Tournament.newBuilder(current).setPlayers(players).build();
        if (updated.equals(current)) {
            return;
        }
        tournaments.put(passageId, updated);
        stored.stored(passageId, updated);
        context.forward(new Record<>(passageId, updated, updated.getUpdatedAt().toEpochMilli()),
                EloTopology.RATINGS_SINK);
    }
}
