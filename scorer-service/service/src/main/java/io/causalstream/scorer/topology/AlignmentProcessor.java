package io.causalstream.scorer.topology;

import io.causalstream.schemas.alignment.MeasureAlignment;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.scoring.MeasureScore;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.tournament.Player;
import io.causalstream.schemas.tournament.Tournament;
import io.causalstream.scorer.agreement.PassageAgreement;
import io.causalstream.scorer.gold.GoldPreference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Per-passage <b>measure alignment</b>: whenever a passage's tournament ({@code ratings}) or one of its scored graphs
 * changes, each measure's Spearman &rho; between the human Elo ranking and the measure's F1 ranking of the passage's
 * annotations (the gold excluded, see {@link PassageAgreement}) is recomputed from the tournament in
 * {@value ScorerTopology#TOURNAMENTS_STORE} and the latest results in {@value ScorerTopology#SCORES_STORE}, counting
 * only results scored against the passage's current effective gold (while a gold change re-scores the passage, the
 * graphs not yet re-scored wait). A value that differs from the last one kept in
 * {@value ScorerTopology#ALIGNMENT_STORE} is emitted twice: to {@code measure-alignment} keyed
 * {@code passageId|measure}, and to the repartition topic keyed by measure for {@link AlignmentSummaryProcessor}.
 *
 * <p>Its inputs are the {@code ratings} topic (a {@link Tournament}, or a tombstone that forgets the passage's
 * tournament) and the score nodes' output (a {@link ScoredGraph}).
 */
final class AlignmentProcessor implements Processor<String, Object, String, MeasureAlignment> {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(AlignmentProcessor.class);

    private final GoldPreference preference;
    private ProcessorContext<String, MeasureAlignment> context;
    private PassageState state;
    private KeyValueStore<String, Tournament> tournaments;
    private KeyValueStore<String, MeasureAlignment> latest;

    AlignmentProcessor(GoldPreference preference) {
        this.preference = preference;
    }

    @Override
    public void init(ProcessorContext<String, MeasureAlignment> context) {
        this.context = context;
        this.state = new PassageState(context, preference);
        this.tournaments = context.getStateStore(ScorerTopology.TOURNAMENTS_STORE);
        this.latest = context.getStateStore(ScorerTopology.ALIGNMENT_STORE);
    }

    @Override
    public void process(Record<String, Object> record) {
        String passageId;
        if (record.value() instanceof ScoredGraph graph) {
            passageId = graph.getPassageId();
        } else if (record.value() instanceof Tournament tournament) {
            // ratings is the Elo service's own output (no dead-letter topic): a record whose key is not its
            // passageId would sit in the wrong task, so it is skipped with a warning
            if (!Objects.equals(record.key(), tournament.getPassageId()) || record.key().isBlank()
                    || record.key().indexOf(StoreKeys.SEPARATOR) >= 0) {
                log.warn("ratings record with key '{}' for passage '{}' skipped", record.key(),
                        tournament.getPassageId());
                return;
            }
            passageId = tournament.getPassageId();
            tournaments.put(passageId, tournament);
        } else if (record.value() == null && record.key() != null) {
            tournaments.delete(record.key());
            return;
        } else {
            return;
        }
        update(passageId, record.timestamp());
    }

    private void update(String passageId, long timestamp) {
        Tournament tournament = tournaments.get(passageId);
        GoldGraph gold = state.effectiveGold(passageId);
        if (tournament == null || gold == null) {
            return;
        }
        Map<String, Double> ratings = new HashMap<>();
        for (Player p : tournament.getPlayers()) {
            ratings.put(p.getAnnotationId(), p.getElo());
        }
        String goldId = gold.getAnnotationId();
        Map<String, List<PassageAgreement.Score>> scores = new HashMap<>();
        for (ScoredGraph g : state.scoresOf(passageId)) {
            if (!goldId.equals(g.getGoldAnnotationId()) || goldId.equals(g.getAnnotationId())) {
                continue;
            }
            List<PassageAgreement.Score> list = new ArrayList<>();
            for (MeasureScore s : g.getScores()) {
                list.add(new PassageAgreement.Score(s.getMeasure(), s.getThreshold(), s.getF1()));
            }
            scores.put(g.getAnnotationId(), list);
        }
        for (PassageAgreement.Value v : PassageAgreement.of(ratings, scores)) {
            String storeKey = StoreKeys.passagePrefix(passageId) + v.measure();
            MeasureAlignment before = latest.get(storeKey);
            if (before != null && before.getSpearman() == v.spearman() && before.getN() == v.n()) {
                continue;
            }
            MeasureAlignment value = MeasureAlignment.newBuilder()
                    .setScope(passageId)
                    .setMeasure(v.measure())
                    .setSpearman(v.spearman())
                    .setN(v.n())
                    .setThreshold(v.threshold())
                    .setUpdatedAt(Instant.ofEpochMilli(timestamp))
                    .build();
            latest.put(storeKey, value);
            context.forward(new Record<>(ScorerTopology.alignmentKey(passageId, v.measure()), value, timestamp),
                    ScorerTopology.MEASURE_ALIGNMENT_SINK);
            context.forward(new Record<>(v.measure(), value, timestamp), ScorerTopology.ALIGNMENT_BY_MEASURE_SINK);
        }
    }
}
