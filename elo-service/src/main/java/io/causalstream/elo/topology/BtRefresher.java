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
 * <p>Each run works for at most a budget of time, so refits never starve the counting of judgments; passages left
 * over stay pending, and the next run starts after the last passage refitted (round robin), so none waits forever.
 * The fit depends only on the counts (see {@link BradleyTerry}), so however often and in whatever order this runs,
 * the tables end the same once the last judgment is refitted: a replay, a restart or another instance get identical
 * numbers.
 */
final class BtRefresher {

    private final BradleyTerry bradleyTerry;
    private final JudgmentListener listener;
    private final KeyValueStore<String, Long> pending;
    private final KeyValueStore<String, List<PairCount>> pairCounts;
    private final KeyValueStore<String, Tournament> tournaments;
    private final ProcessorContext<String, SpecificRecord> context;
    private final Duration budget;
    /** The last passage refitted; only decides where the next run starts, never what a fit gives. */
    private String cursor = "";

    BtRefresher(BradleyTerry bradleyTerry, Duration budget, JudgmentListener listener,
                ProcessorContext<String, SpecificRecord> context) {
        this.bradleyTerry = bradleyTerry;
        this.budget = budget;
        this.listener = listener;
        this.context = context;
        this.pending = context.getStateStore(EloTopology.BT_PENDING_STORE);
        this.pairCounts = context.getStateStore(EloTopology.PAIR_COUNTS_STORE);
        this.tournaments = context.getStateStore(EloTopology.TOURNAMENTS_STORE);
    }

    /** Refits pending passages of this task, starting after the last one refitted, until the budget is spent. */
    void refitPending() {
        long deadline = System.nanoTime() + budget.toNanos();
        List<String> after = new ArrayList<>();
        List<String> upTo = new ArrayList<>();
        try (KeyValueIterator<String, Long> it = pending.all()) {
            while (it.hasNext()) {
                KeyValue<String, Long> kv = it.next();
                (kv.key.compareTo(cursor) > 0 ? after : upTo).add(kv.key);
            }
        }
        after.addAll(upTo);
        for (String passageId : after) {
            refit(passageId);
            pending.delete(passageId);
            cursor = passageId;
            if (System.nanoTime() > deadline) {
                return;
            }
        }
    }

    private void refit(String passageId) {
        Tournament stored = tournaments.get(passageId);
        List<PairCount> counts = pairCounts.get(passageId);
        if (stored == null || counts == null) {
            return;
        }
        long t0 = System.nanoTime();
        List<BtRating> fit = bradleyTerry.fit(passageId, counts);
        listener.refitted(fit.size(), System.nanoTime() - t0);
        Map<String, BtRating> byPlayer = new HashMap<>();
        fit.forEach(b -> byPlayer.put(b.annotationId(), b));
        List<Player> players = new ArrayList<>(stored.getPlayers().size());
        for (Player p : stored.getPlayers()) {
            BtRating b = byPlayer.get(p.getAnnotationId());
            players.add(Player.newBuilder(p)
                    .setBtScore(b == null ? null : b.score())
                    .setBtCiLow(b == null ? null : b.ciLow())
                    .setBtCiHigh(b == null ? null : b.ciHigh())
                    .setBtRank(b == null ? null : b.rank())
                    .build());
        }
        Tournament updated = Tournament.newBuilder(stored).setPlayers(players).build();
        if (updated.equals(stored)) {
            return;
        }
        tournaments.put(passageId, updated);
        context.forward(new Record<>(passageId, updated, updated.getUpdatedAt().toEpochMilli()),
                EloTopology.RATINGS_SINK);
    }
}
