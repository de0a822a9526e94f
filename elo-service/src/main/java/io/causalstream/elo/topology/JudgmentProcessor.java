package io.causalstream.elo.topology;

import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.elo.tournament.EloRating;
import io.causalstream.elo.tournament.TiePolicy;
import io.causalstream.elo.tournament.TournamentTable;
import io.causalstream.elo.topology.JudgmentListener.Verdict;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.tournament.Tournament;
import java.util.Optional;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts one judgment into its passage's tournament: checks it (throwing before any state change, so an invalid
 * judgment goes to dead letters and leaves no trace), drops a judgmentId seen before, updates the table, and
 * emits the new table to {@code ratings} and, when the leader changed, the leader's triples to
 * {@code tournament-winners}.
 */
final class JudgmentProcessor implements Processor<String, Judgment, String, SpecificRecord> {

    private static final Logger log = LoggerFactory.getLogger(JudgmentProcessor.class);

    private final EloRating rating;
    private final TiePolicy tiePolicy;
    private final JudgmentListener listener;

    private KeyValueStore<String, Extraction> annotations;
    private KeyValueStore<String, Long> seenJudgments;
    private KeyValueStore<String, Tournament> tournaments;
    private ProcessorContext<String, SpecificRecord> context;

    JudgmentProcessor(EloRating rating, TiePolicy tiePolicy, JudgmentListener listener) {
        this.rating = rating;
        this.tiePolicy = tiePolicy;
        this.listener = listener;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.annotations = context.getStateStore(EloTopology.ANNOTATIONS_STORE);
        this.seenJudgments = context.getStateStore(EloTopology.SEEN_JUDGMENTS_STORE);
        this.tournaments = context.getStateStore(EloTopology.TOURNAMENTS_STORE);
    }

    @Override
    public void process(Record<String, Judgment> record) {
        Judgment judgment = record.value();
        try {
            JudgmentRules.requireWellFormed(record.key(), judgment);
            if (seenJudgments.get(judgment.getJudgmentId()) != null) {
                listener.judged(Verdict.DUPLICATE);
                return;
            }
            String passageId = judgment.getPassageId();
            Extraction left = annotations.get(EloTopology.annotationKey(passageId, judgment.getLeft()));
            Extraction right = annotations.get(EloTopology.annotationKey(passageId, judgment.getRight()));
            JudgmentRules.requirePlayable(judgment, left, right);
        } catch (InvalidRecordException e) {
            listener.judged(Verdict.INVALID);
            throw e;
        }

        String passageId = judgment.getPassageId();
        Tournament stored = tournaments.get(passageId);
        TournamentTable table = stored == null
                ? TournamentTable.empty(passageId, rating, tiePolicy)
                : TournamentTable.fromAvro(stored, rating, tiePolicy);
        Optional<String> leaderBefore = table.leader();
        table.apply(judgment.getLeft(), judgment.getRight(), judgment.getOutcome(), judgment.getTime());
        Tournament updated = table.toAvro();

        seenJudgments.put(judgment.getJudgmentId(), record.timestamp());
        tournaments.put(passageId, updated);
        listener.judged(Verdict.APPLIED);

        context.forward(new Record<>(passageId, updated, record.timestamp()), EloTopology.RATINGS_SINK);
        Optional<String> leaderAfter = table.leader();
        if (!leaderAfter.equals(leaderBefore)) {
            // the new leader need not be one of the two players: a falling leader can hand the lead to a third
            String leader = leaderAfter.orElseThrow();
            Extraction winner = annotations.get(EloTopology.annotationKey(passageId, leader));
            if (winner == null) {
                log.error("passage {}: new leader {} has no stored annotation; winner not published", passageId,
                        leader);
                return;
            }
            context.forward(new Record<>(passageId, GoldGraph.newBuilder()
                    .setPassageId(passageId)
                    .setAnnotationId(leader)
                    .setOrigin(GoldOrigin.TOURNAMENT)
                    .setTriples(winner.getTriples())
                    .setUpdatedAt(judgment.getTime())
                    .build(), record.timestamp()), EloTopology.WINNERS_SINK);
        }
    }
}
