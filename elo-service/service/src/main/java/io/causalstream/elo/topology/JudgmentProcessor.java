package io.causalstream.elo.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.elo.rater.JudgmentValidity;
import io.causalstream.elo.rater.JudgmentValidity.Authors;
import io.causalstream.elo.rater.JudgmentValidity.Claim;
import io.causalstream.elo.rater.JudgmentValidity.Invalid;
import io.causalstream.elo.reliability.ItemVotes;
import io.causalstream.elo.reliability.RaterReliability;
import io.causalstream.elo.topology.JudgmentListener.Reason;
import io.causalstream.elo.topology.JudgmentListener.Verdict;
import io.causalstream.elo.tournament.BradleyTerry;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.PairCount;
import io.causalstream.elo.tournament.PairCounts;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.elo.tournament.TournamentTable;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts one judgment into its passage's tournament: checks it (throwing before any state change, so an invalid
 * judgment goes to dead letters and leaves no trace), drops a judgmentId seen before, updates the Elo table, the
 * head-to-head counts and the rater votes, marks the passage for a Bradley-Terry refit, and emits the new table
 * to {@code ratings} and, when the leader changed, the leader's triples to {@code tournament-winners}. A
 * punctuator refits the marked passages (see {@link BtRefresher}).
 *
 * <p>The tables and head-to-head counts of recently judged passages are also kept decoded in memory (a small LRU
 * per task), so a judgment of a busy passage does not decode from the store what this processor wrote there one
 * judgment ago (decoding them was 10% of a stream thread's time at full load). The stores stay the truth: every
 * change is written through before the record is done; an entry is dropped when anything fails half way, and the
 * whole memory goes whenever Kafka Streams (re)initialises the processor, which it does before processing again
 * after a rebalance, a restore or an aborted transaction, so the memory never outlives the state it mirrors.
 */
final class JudgmentProcessor implements Processor<String, Judgment, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(JudgmentProcessor.class);

    private final EloRating rating;
    private final TiePolicy tiePolicy;
    private final BradleyTerry bradleyTerry;
    private final Duration refitInterval;
    private final Duration refitBudget;
    private final JudgmentListener listener;
    private final boolean asyncRefit;
    private final int cacheSize;
    private BtRefresher refresher;
    /** passageId -> its decoded table and counts, as last written; least recently judged first. */
    private Map<String, Decoded> decoded;

    private KeyValueStore<String, Extraction> annotations;
    private KeyValueStore<String, Long> seenJudgments;
    private KeyValueStore<String, Tournament> tournaments;
    private KeyValueStore<String, List<PairCount>> pairCounts;
    private KeyValueStore<String, Long> btPending;
    private KeyValueStore<String, ItemVotes> itemVotes;
    private ProcessorContext<String, SpecificRecord> context;

    /** A passage's state as this processor last wrote it to the stores. */
    private static final class Decoded {
        Tournament stored;
        TournamentTable table;
        PairCounts counts;
    }

    /** {@code bradleyTerry} is the fit of {@code settings.bt()}, one for every task of the topology. */
    JudgmentProcessor(TopologySettings settings, BradleyTerry bradleyTerry, JudgmentListener listener) {
        this.asyncRefit = settings.refit().async();
        this.cacheSize = settings.passageCacheSize();
        this.refitBudget = settings.refit().budget();
        this.rating = settings.rating();
        this.tiePolicy = settings.ties();
        this.bradleyTerry = bradleyTerry;
        this.refitInterval = settings.refit().interval();
        this.listener = listener;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.annotations = context.getStateStore(EloTopology.ANNOTATIONS_STORE);
        this.seenJudgments = context.getStateStore(EloTopology.SEEN_JUDGMENTS_STORE);
        this.tournaments = context.getStateStore(EloTopology.TOURNAMENTS_STORE);
        this.pairCounts = context.getStateStore(EloTopology.PAIR_COUNTS_STORE);
        this.btPending = context.getStateStore(EloTopology.BT_PENDING_STORE);
        this.itemVotes = context.getStateStore(EloTopology.ITEM_VOTES_STORE);
        this.decoded = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Decoded> eldest) {
                return size() > cacheSize;
            }
        };
        // a virtual thread per run: fits are pure computation on copies, nothing to shut down with the task
        Executor fits = asyncRefit ? run -> Thread.ofVirtual().name("elo-bt-refit").start(run) : null;
        BtRefresher r = new BtRefresher(bradleyTerry, refitBudget, listener, context, fits, this::refitted);
        refresher = r;
        context.schedule(refitInterval, PunctuationType.WALL_CLOCK_TIME, now -> r.refitPending());
    }

    @Override
    public void process(Record<String, Judgment> record) {
        long t0 = System.nanoTime();
        Judgment judgment = record.value();
        Claim claim = judgment == null ? null : new Claim(judgment.getJudgmentId(), judgment.getPassageId(),
                judgment.getRaterId(), judgment.getLeft(), judgment.getRight());
        // the record alone first: a duplicate is counted as one before its annotations are read
        deadLetterIfInvalid(JudgmentValidity.check(record.key(), claim, Optional.empty()));
        if (seenJudgments.get(judgment.getJudgmentId()) != null) {
            listener.judged(Verdict.DUPLICATE, Reason.NONE);
            return;
        }
        String passageId = judgment.getPassageId();
        Extraction left = annotations.get(EloTopology.annotationKey(passageId, judgment.getLeft()));
        Extraction right = annotations.get(EloTopology.annotationKey(passageId, judgment.getRight()));
        deadLetterIfInvalid(JudgmentValidity.check(record.key(), claim, Optional.of(new Authors(author(left),
                author(right)))));

        Decoded d = decoded.get(passageId);
        if (d == null) {
            d = load(passageId);
        }
        Tournament updated;
        Optional<String> leaderBefore;
        Optional<String> leaderAfter;
        try {
            leaderBefore = d.table.leader();
            d.table.apply(judgment.getLeft(), judgment.getRight(), judgment.getOutcome(), judgment.getTime());
            leaderAfter = d.table.leader();
            // Bradley-Terry results of the last refit stay until the next one (new players have none yet)
            updated = d.table.toAvro(TournamentTable.btOf(d.stored));
            d.counts.add(judgment.getLeft(), judgment.getRight(), judgment.getOutcome());

            String item = RaterReliability.itemKey(passageId, judgment.getLeft(), judgment.getRight());
            ItemVotes votes = itemVotes.get(item);
            votes = (votes == null ? ItemVotes.empty() : votes).with(judgment.getRaterId(),
                    RaterReliability.result(judgment.getLeft(), judgment.getRight(), judgment.getOutcome()));

            seenJudgments.put(judgment.getJudgmentId(), record.timestamp());
            tournaments.put(passageId, updated);
            pairCounts.put(passageId, d.counts.rows());
            btPending.put(passageId, updated.getJudgmentsApplied());
            itemVotes.put(item, votes);
            d.stored = updated;
            decoded.put(passageId, d);
        } catch (RuntimeException e) {
            // the table or counts may be ahead of the stores now: read them again next time
            decoded.remove(passageId);
            throw e;
        }
        listener.judged(Verdict.APPLIED, Reason.NONE);

        context.forward(new Record<>(passageId, updated, record.timestamp()), EloTopology.RATINGS_SINK);
        if (!leaderAfter.equals(leaderBefore)) {
            publishWinner(passageId, leaderAfter.orElseThrow(), judgment, record.timestamp());
        }
        listener.applied(Math.max(0, System.currentTimeMillis() - record.timestamp()), System.nanoTime() - t0);
    }

    /**
     * A broken rule becomes an {@link InvalidRecordException}, which the dead-letter handler writes with its message
     * as the reason; its code, the reason's name, is what the metrics count.
     */
    private void deadLetterIfInvalid(Optional<Invalid> invalid) {
        if (invalid.isPresent()) {
            Reason reason = reason(invalid.get().reason());
            listener.judged(Verdict.INVALID, reason);
            throw new InvalidRecordException(reason.name(), invalid.get().message(), null);
        }
    }

    private static Reason reason(JudgmentValidity.Reason r) {
        return switch (r) {
            case MALFORMED -> Reason.MALFORMED;
            case KEY_MISMATCH -> Reason.KEY_MISMATCH;
            case SAME_ANNOTATION -> Reason.SAME_ANNOTATION;
            case UNKNOWN_ANNOTATION -> Reason.UNKNOWN_ANNOTATION;
            case OWN_ANNOTATION -> Reason.OWN_ANNOTATION;
        };
    }

    private static String author(Extraction annotation) {
        return annotation == null ? null : annotation.getAnnotator().getId();
    }

    /** A passage's table and counts from the stores (empty ones before its first judgment). */
    private Decoded load(String passageId) {
        Decoded d = new Decoded();
        d.stored = tournaments.get(passageId);
        d.table = d.stored == null
                ? TournamentTable.empty(passageId, rating, tiePolicy)
                : TournamentTable.fromAvro(d.stored, rating, tiePolicy);
        List<PairCount> storedCounts = pairCounts.get(passageId);
        d.counts = storedCounts == null ? new PairCounts() : PairCounts.of(storedCounts);
        return d;
    }

    /** The refresher stored a refitted table: it carries the Bradley-Terry results the next judgment keeps. */
    private void refitted(String passageId, Tournament updated) {
        Decoded d = decoded.get(passageId);
        if (d != null) {
            d.stored = updated;
        }
    }

    @Override
    public void close() {
        if (decoded != null) {
            decoded.clear();
        }
        if (refresher != null) {
            refresher.close();
        }
    }

    /** The new leader need not be one of the two players: a falling leader can hand the lead to a third. */
    private void publishWinner(String passageId, String leader, Judgment judgment, long timestamp) {
        Extraction winner = annotations.get(EloTopology.annotationKey(passageId, leader));
        if (winner == null) {
            log.error("passage {}: new leader {} has no stored annotation; winner not published", passageId, leader);
            return;
        }
        context.forward(new Record<>(passageId, GoldGraph.newBuilder()
                .setPassageId(passageId)
                .setAnnotationId(leader)
                .setOrigin(GoldOrigin.TOURNAMENT)
                .setTriples(winner.getTriples())
                .setUpdatedAt(judgment.getTime())
                .build(), timestamp), EloTopology.WINNERS_SINK);
    }
}
