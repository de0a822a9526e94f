package io.causalstream.elo.topology;

import io.causalstream.deadletter.AnnotationOwnership;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.tournament.Tournament;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every annotation of every passage (the players a judgment may name, with their authors and triples).
 * When the current leader's annotation is re-published with other triples, the winner is re-published too, so
 * {@code tournament-winners} always carries the leader's current triples. An annotation id stays with the annotator
 * that first published it ({@link AnnotationOwnership}): a record reusing it under another annotator is
 * dead-lettered, so nobody can rewrite the leader's triples (the gold) by republishing its id.
 */
final class AnnotationProcessor implements Processor<String, Extraction, String, GoldGraph> {

    private static final Logger log = LoggerFactory.getLogger(AnnotationProcessor.class);

    private final int maxEdges;
    private KeyValueStore<String, Extraction> annotations;
    private KeyValueStore<String, Tournament> tournaments;
    private ProcessorContext<String, GoldGraph> context;

    AnnotationProcessor(int maxEdges) {
        this.maxEdges = maxEdges;
    }

    @Override
    public void init(ProcessorContext<String, GoldGraph> context) {
        this.context = context;
        this.annotations = context.getStateStore(EloTopology.ANNOTATIONS_STORE);
        this.tournaments = context.getStateStore(EloTopology.TOURNAMENTS_STORE);
    }

    @Override
    public void process(Record<String, Extraction> record) {
        Extraction extraction = record.value();
        if (extraction == null) {
            log.debug("ignoring an empty extraction record with key {}", record.key());
            return;
        }
        requireWellFormed(record.key(), extraction);
        if (extraction.getTriples().size() > maxEdges) {
            throw new InvalidRecordException("extraction " + extraction.getAnnotationId() + " has "
                    + extraction.getTriples().size() + " triples, more than elo.max.edges = " + maxEdges);
        }
        String passageId = extraction.getPassageId();
        String storeKey = EloTopology.annotationKey(passageId, extraction.getAnnotationId());
        Extraction previous = annotations.get(storeKey);
        AnnotationOwnership.require(previous, extraction); // another annotator may not take over the id
        annotations.put(storeKey, extraction);

        Tournament tournament = tournaments.get(passageId);
        boolean isLeader = tournament != null && extraction.getAnnotationId().equals(tournament.getLeader());
        if (isLeader && previous != null && !previous.getTriples().equals(extraction.getTriples())) {
            log.info("leader {} of passage {} was re-annotated; re-publishing the winner",
                    extraction.getAnnotationId(), passageId);
            context.forward(new Record<>(passageId, GoldGraph.newBuilder()
                    .setPassageId(passageId)
                    .setAnnotationId(extraction.getAnnotationId())
                    .setOrigin(GoldOrigin.TOURNAMENT)
                    .setTriples(extraction.getTriples())
                    .setUpdatedAt(Instant.ofEpochMilli(record.timestamp()))
                    .build(), record.timestamp()), EloTopology.WINNERS_SINK);
        }
    }

    private static void requireWellFormed(String key, Extraction extraction) {
        if (extraction.getPassageId() == null || extraction.getPassageId().isBlank()
                || extraction.getAnnotationId() == null || extraction.getAnnotationId().isBlank()
                || extraction.getAnnotator() == null || extraction.getAnnotator().getId() == null
                || extraction.getAnnotator().getId().isBlank()) {
            throw new InvalidRecordException("extraction with key '" + key + "': passageId, annotationId and "
                    + "annotator.id must not be blank (passageId='" + extraction.getPassageId() + "', annotationId='"
                    + extraction.getAnnotationId() + "')");
        }
        if (extraction.getPassageId().indexOf(EloTopology.KEY_SEPARATOR) >= 0
                || extraction.getAnnotationId().indexOf(EloTopology.KEY_SEPARATOR) >= 0) {
            throw new InvalidRecordException("extraction with key '" + key + "': passageId and annotationId must "
                    + "not contain a NUL character");
        }
        if (!extraction.getPassageId().equals(key)) {
            throw new InvalidRecordException("extraction " + extraction.getAnnotationId() + ": record key '" + key
                    + "' is not its passageId '" + extraction.getPassageId()
                    + "' (extractions are keyed by passageId)");
        }
    }
}
