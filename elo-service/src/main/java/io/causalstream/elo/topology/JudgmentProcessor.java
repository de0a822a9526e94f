package io.causalstream.elo.topology;

import io.causalstream.deadletter.InvalidRecordException;
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
import java.util.List;
import java.util.Optional;
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
 */
final class JudgmentProcessor implements Processor<String, Judgment, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(JudgmentProcessor.class);

    private final EloRating rating;
    private final TiePolicy tiePolicy;
    private final BradleyTerry bradleyTerry;
    private final Duration refitInterval;
    private final Duration refitBudget;
    private final JudgmentListener listener;

    private KeyValueStore<String, Extraction> annotations;
    private KeyValueStore<String, Long> seenJudgments;
    private KeyValueStore<String, Tournament> tournaments;
    private KeyValueStore<String, List<PairCount>> pairCounts;
    private KeyValueStore<String, Long> btPending;
    private KeyValueStore<String, ItemVotes> itemVotes;
    private ProcessorContext<String, SpecificRecord> context;

    JudgmentProcessor(EloRating rating, TiePolicy tiePolicy, BradleyTerry bradleyTerry, Duration refitInterval,
                      Duration refitBudget, JudgmentListener listener) {
        this.refitBudget = refitBudget;
        this.rating = rating;
        this.tiePolicy = tiePolicy;
        this.bradleyTerry = bradleyTerry;
        this.refitInterval = refitInterval;
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
        BtRefresher refresher = new BtRefresher(bradleyTerry, refitBudget, listener, context);
        context.schedule(refitInterval, PunctuationType.WALL_CLOCK_TIME, now -> refresher.refitPending());
    }

    @Override
    public void process(Record<String, Judgment> record) {
        long t0 = System.nanoTime();
        Judgment judgment = record.value();
        try {
            JudgmentRules.requireWellFormed(record.key(), judgment);
            if (seenJudgments.get(judgment.getJudgmentId()) != null) {
                listener.judged(Verdict.DUPLICATE, Reason.NONE);
                return;
            }
            String passageId = judgment.getPassageId();
            Extraction left = annotations.get(EloTopology.annotationKey(passageId, judgment.getLeft()));
            Extraction right = annotations.get(EloTopology.annotationKey(passageId, judgment.getRight()));
            JudgmentRules.requirePlayable(judgment, left, right);
        } catch (RejectedJudgment e) {
            listener.judged(Verdict.INVALID, e.reason());
            throw new InvalidRecordException(e.getMessage());
        }

        String passageId = judgment.getPassageId();
        Tournament stored = tournaments.get(passageId);
        TournamentTable table = stored == null
                ? TournamentTable.empty(passageId, rating, tiePolicy)
                : TournamentTable.fromAvro(stored, rating, tiePolicy);
        Optional<String> leaderBefore = table.leader();
        table.apply(judgment.getLeft(), judgment.getRight(), judgment.getOutcome(), judgment.getTime());
        // Bradley-Terry results of the last refit stay until the next one (new players have none yet)
        Tournament updated = table.toAvro(TournamentTable.btOf(stored));

        List<PairCount> storedCounts = pairCounts.get(passageId);
        PairCounts counts = storedCounts == null ? new PairCounts() : PairCounts.of(storedCounts);
        counts.add(judgment.getLeft(), judgment.getRight(), judgment.getOutcome());

        String item = RaterReliability.itemKey(passageId, judgment.getLeft(), judgment.getRight());
        ItemVotes votes = itemVotes.get(item);
        votes = (votes == null ? ItemVotes.empty() : votes).with(judgment.getRaterId(),
                RaterReliability.result(judgment.getLeft(), judgment.getRight(), judgment.getOutcome()));

        seenJudgments.put(judgment.getJudgmentId(), record.timestamp());
        tournaments.put(passageId, updated);
        pairCounts.put(passageId, counts.rows());
        btPending.put(passageId, updated.getJudgmentsApplied());
        itemVotes.put(item, votes);
        listener.judged(Verdict.APPLIED, Reason.NONE);

        context.forward(new Record<>(passageId, updated, record.timestamp()), EloTopology.RATINGS_SINK);
        Optional<String> leaderAfter = table.leader();
        if (!leaderAfter.equals(leaderBefore)) {
            publishWinner(passageId, leaderAfter.orElseThrow(), judgment, record.timestamp());
        }
        listener.applied(Math.max(0, System.currentTimeMillis() - record.timestamp()), System.nanoTime() - t0);
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
