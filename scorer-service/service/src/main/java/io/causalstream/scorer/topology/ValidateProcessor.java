package io.causalstream.scorer.topology;

import io.causalstream.deadletter.AnnotationOwnership;
import io.causalstream.runtime.CommonSettings;
import io.causalstream.deadletter.InvalidRecordException;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.scorer.gold.GoldPreference;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphScorer;
import io.causalstream.scorer.validate.ValidationJob;
import io.causalstream.scorer.validate.ValidationOutcome;
import io.causalstream.scorer.validate.ValidationWorkers;
import io.causalstream.topics.Topics;
import io.causalstream.validation.verify.AnswerBook;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Stage one, <b>validate</b>: extractions joined with their passage's text, each validated once per (extraction,
 * text) and forwarded, without gold, to the score stage. The slow work runs on {@link ValidationWorkers}, never on
 * the stream thread: a record only stores its input and queues its job (waiting extractions of one passage go to
 * the workers together, up to {@value #MAX_BATCH}); finished jobs are collected after each
 * record and by a wall-clock punctuation every {@value #PUMP_MS} ms, so they are written (validated graph, output)
 * in the same transaction as whatever the task commits next.
 *
 * <p>Nothing is lost on a crash: an annotation is pending exactly when its extraction and passage text are stored
 * and its validated graph is not, and both stores are changelogged with the input offsets, so a restarted task
 * finds its pending work in {@link #init} and queues it again. A job whose inputs changed while it ran is dropped
 * (a newer job is queued). Without passage text an extraction is published at once with every edge UNCHECKED
 * (with validation off, assessed at once by the text-free assessor); when its text arrives it is validated and
 * published again.
 *
 * <p>The LLM verifier's answers that a job asked for are written to {@value ScorerTopology#VERIFIER_ANSWERS_STORE}
 * when the job comes back (even an overtaken one: the answers still hold) and handed back to the verifier's
 * {@link AnswerBook} in {@link #init}, so a restarted or moved task does not ask the same question again.
 */
final class ValidateProcessor implements Processor<String, SpecificRecord, String, ScoredGraph> {

    static final long PUMP_MS = 50;
    /** Extractions of one passage validated together (their CESAR strengths in one encoder batch). */
    static final int MAX_BATCH = 16;

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ValidateProcessor.class);
    private final GraphScorer scorer;
    private final ValidationWorkers workers;
    private final GoldPreference preference;
    private final int maxEdges;
    private final int maxPassageChars;
    private ProcessorContext<String, ScoredGraph> context;
    private PassageState state;
    private KeyValueStore<String, String> answers;
    private ValidationWorkers.Lane lane;
    /**
     * Annotations waiting for a worker, oldest first, with the timestamp of the record that asked last (a key asked
     * for again keeps its place).
     */
    private final LinkedHashMap<String, Long> waiting = new LinkedHashMap<>();
    /** The job in flight per annotation, to recognise outcomes that a newer input overtook. */
    private final Map<String, ValidationJob> running = new HashMap<>();

    ValidateProcessor(GraphScorer scorer, ValidationWorkers workers, GoldPreference preference, int maxEdges,
                      int maxPassageChars) {
        this.scorer = scorer;
        this.workers = workers;
        this.preference = preference;
        this.maxEdges = maxEdges;
        this.maxPassageChars = maxPassageChars;
    }

    @Override
    public void init(ProcessorContext<String, ScoredGraph> context) {
        this.context = context;
        this.state = new PassageState(context, preference);
        this.answers = context.getStateStore(ScorerTopology.VERIFIER_ANSWERS_STORE);
        this.lane = workers.lane();
        AnswerBook book = scorer.verifierAnswers();
        try (KeyValueIterator<String, String> it = answers.all()) {
            it.forEachRemaining(kv -> book.remember(kv.key, kv.value));
        }
        if (scorer.usesPassageText()) {
            for (Extraction e : state.allExtractions()) {
                if (state.passageText(e.getPassageId()) != null
                        && state.validated(e.getPassageId(), e.getAnnotationId()) == null) {
                    enqueue(e.getPassageId(), e.getAnnotationId(), context.currentSystemTimeMs());
                }
            }
        }
        context.schedule(Duration.ofMillis(PUMP_MS), PunctuationType.WALL_CLOCK_TIME, now -> pump());
    }

    @Override
    public void process(Record<String, SpecificRecord> record) {
        switch (record.value()) {
            case Extraction e -> extraction(record.key(), e, record.timestamp());
            case Passage p -> passage(record.key(), p, record.timestamp());
            case null -> {
                // only passages is compacted: a tombstone there forgets the text
                if (!Objects.equals(context.recordMetadata().map(RecordMetadata::topic).orElse(null),
                        Topics.PASSAGES.name())) {
                    throw new InvalidRecordException(
                            "an extraction record must have a value (extractions is not compacted)");
                }
                RecordRules.requireId("record key", record.key());
                passageText(record.key(), null, record.timestamp());
            }
            default -> throw new InvalidRecordException("unexpected record type " + record.value().getSchema()
                    .getFullName());
        }
        pump();
    }

    private void extraction(String key, Extraction extraction, long timestamp) {
        RecordRules.requireId("passageId", extraction.getPassageId());
        RecordRules.requireId("annotationId", extraction.getAnnotationId());
        RecordRules.requireKeyIsPassageId(key, extraction.getPassageId());
        RecordRules.requireAtMostEdges("the extraction", extraction.getTriples().size(), maxEdges);
        AnnotationOwnership.require(state.extraction(extraction.getPassageId(), extraction.getAnnotationId()),
                extraction);

        state.putExtraction(extraction);
        state.deleteValidated(extraction.getPassageId(), extraction.getAnnotationId());
        String text = state.passageText(extraction.getPassageId());
        if (scorer.usesPassageText() && text != null) {
            enqueue(extraction.getPassageId(), extraction.getAnnotationId(), timestamp);
        } else {
            publishAssessedNow(extraction, text, timestamp);
        }
    }

    private void passage(String key, Passage passage, long timestamp) {
        RecordRules.requireId("id", passage.getId());
        RecordRules.requireKeyIsPassageId(key, passage.getId());
        if (passage.getText().length() > maxPassageChars) {
            // the extractor, which reads passages first, dead-letters it (once) with the limit in the reason
            log.debug("passage {} has {} characters, more than {} = {}: its text is not kept", passage.getId(),
                    passage.getText().length(), CommonSettings.PASSAGE_MAX_CHARS, maxPassageChars);
            if (state.passageText(passage.getId()) != null) {
                passageText(passage.getId(), null, timestamp);
            }
            return;
        }
        String before = state.passageText(passage.getId());
        state.putPassage(passage);
        if (!Objects.equals(before, passage.getText())) {
            passageText(passage.getId(), passage.getText(), timestamp);
        }
    }

    /** The text of a passage is new, changed or gone: its extractions are validated again, if the text matters. */
    private void passageText(String passageId, String text, long timestamp) {
        if (text == null) {
            state.deletePassage(passageId);
        }
        if (!scorer.usesPassageText()) {
            return;
        }
        for (Extraction e : state.extractionsOf(passageId)) {
            state.deleteValidated(passageId, e.getAnnotationId());
            if (text == null) {
                publishAssessedNow(e, null, timestamp);
            } else {
                enqueue(passageId, e.getAnnotationId(), timestamp);
            }
        }
    }

    /**
     * Without the text a text-reading assessor has nothing to read: every edge is UNCHECKED, without calling it.
     * An assessor that does not read the text (validation off) is cheap and runs here.
     */
    private void publishAssessedNow(Extraction extraction, String text, long timestamp) {
        var assessments = scorer.usesPassageText() && text == null
                ? EdgeAssessor.NONE.assess(extraction, null) : scorer.assess(extraction, text);
        publish(scorer.validated(extraction, assessments, Instant.ofEpochMilli(timestamp)), timestamp);
    }

    private void enqueue(String passageId, String annotationId, long timestamp) {
        waiting.put(StoreKeys.annotation(passageId, annotationId), timestamp);
    }

    /** Collects finished jobs and starts waiting ones while the workers have room. */
    private void pump() {
        for (ValidationOutcome outcome : lane.drain()) {
            complete(outcome);
        }
        while (!waiting.isEmpty() && lane.hasCapacity()) {
            // the oldest waiting annotation and up to MAX_BATCH - 1 more of its passage: one batch of model calls
            String passageId = StoreKeys.split(waiting.firstEntry().getKey())[0];
            String text = state.passageText(passageId);
            List<ValidationJob> batch = new ArrayList<>();
            Iterator<Map.Entry<String, Long>> it = waiting.entrySet().iterator();
            while (it.hasNext() && batch.size() < MAX_BATCH) {
                Map.Entry<String, Long> waitingEntry = it.next();
                String key = waitingEntry.getKey();
                String[] ids = StoreKeys.split(key);
                if (!ids[0].equals(passageId)) {
                    continue;
                }
                it.remove();
                long timestamp = waitingEntry.getValue();
                Extraction extraction = state.extraction(ids[0], ids[1]);
                if (extraction == null || text == null) {
                    continue; // gone meanwhile
                }
                ValidationJob job = new ValidationJob(extraction, text, timestamp);
                running.put(key, job);
                batch.add(job);
            }
            if (!batch.isEmpty()) {
                lane.submitAll(batch);
            }
        }
        for (ValidationOutcome outcome : lane.drain()) { // inline workers finish at submit
            complete(outcome);
        }
    }

    private void complete(ValidationOutcome outcome) {
        outcome.answers().forEach((question, answer) -> answers.put(question, AnswerBook.encode(answer)));
        ValidationJob job = outcome.job();
        String key = StoreKeys.annotation(job.passageId(), job.annotationId());
        if (running.get(key) != job) {
            return; // overtaken: a newer job for this annotation is queued or running
        }
        running.remove(key);
        Extraction current = state.extraction(job.passageId(), job.annotationId());
        if (!job.extraction().equals(current) || !job.passageText().equals(state.passageText(job.passageId()))) {
            return; // inputs changed and the change queued a new job
        }
        ScoredGraph validated = scorer.validated(job.extraction(), outcome.assessments(),
                Instant.ofEpochMilli(job.timestamp()));
        publish(validated, job.timestamp());
    }

    private void publish(ScoredGraph validated, long timestamp) {
        state.putValidated(validated);
        context.forward(new Record<>(validated.getPassageId(), validated, timestamp));
    }

    @Override
    public void close() {
        // jobs still running are abandoned: their annotations are pending in the stores and resume after restart
        running.clear();
        waiting.clear();
    }
}
