package io.causalstream.extractor.backend.cascade;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.passage.Passage;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code cascade} backend: the embedded model extracts every passage, and a passage it is unsure of goes to
 * the LLM (an OpenAI-compatible server) instead. The embedded outcome is kept when its
 * {@link ExtractionOutcome#certainty() certainty} is at least {@code extractor.cascade.threshold}
 * ({@link CascadeSettings}); a missing certainty counts as 0. Threshold 0 never routes; threshold 1 routes every
 * passage, even one the embedded model is certain of. Thread-safe when both parts are.
 *
 * <p><b>Annotator.</b> One annotator id for every passage, whichever path extracted it: the pipeline takes the
 * annotationId from {@link #annotator()} once, and a re-extraction must replace the previous annotation of the
 * passage, not add a second player to its tournament. A per-path id would break that whenever a passage changes
 * path (a new threshold, a new embedded head, the LLM cache), and would take over the annotations a standalone
 * {@code model} or {@code openai} deployment publishes under the same ids. The path is in each outcome's
 * {@link ExtractionOutcome#producedBy() producedBy}, which the pipeline publishes as the Extraction's annotator
 * under this same id: its {@code model} is {@code embedded:<the embedded model>} or {@code llm:<the LLM's model>}
 * and its {@code promptFormat} the producer's (null for the embedded model). Downstream readers key on the id and
 * the kind (MODEL either way), so only the description varies; {@code ScoredGraph} copies it.
 *
 * <p><b>Failures.</b> The LLM's exceptions pass through unchanged; the cascade never falls back to the embedded
 * outcome it has just judged not good enough (it would be published under the same id and stay, its offset
 * committed, after the server came back). So the pipeline treats them as it does the {@code openai} backend's:
 * {@link io.causalstream.extractor.backend.BackendUnavailableException} (the client's circuit breaker is open: the
 * server is down) rewinds the batch and retries it after a pause, nothing dead-lettered; a
 * {@link io.causalstream.extractor.backend.BackendException} (a request still failing after its retries, or refused)
 * dead-letters the passage; an answer the parser cannot read is no exception but an extraction with its
 * {@code parseProblems}. Wrapping would hide the outage from the pipeline, which tests the thrown type. An
 * exception of the embedded model passes through too: the passage is dead-lettered as with the {@code model}
 * backend.
 *
 * <p>Meters: {@link CascadeMeters}.
 */
public final class CascadeExtractor implements Extractor {

    /** The path of a passage the embedded model is sure enough of; the meters' {@code path} tag. */
    public static final String EMBEDDED = "embedded";
    /** The path of a passage the embedded model is unsure of. */
    public static final String LLM = "llm";

    private static final Logger log = LoggerFactory.getLogger(CascadeExtractor.class);

    private final String annotatorId;
    private final Extractor embedded;
    private final Extractor llm;
    private final double threshold;
    private final CascadeMeters meters;
    private final AtomicBoolean missingCertaintyLogged = new AtomicBoolean();

    /**
     * @param annotatorId the id every extraction of the cascade is published under
     * @param embedded    the in-process model, asked first
     * @param llm         the LLM backend, asked when the embedded model is unsure
     */
    public CascadeExtractor(String annotatorId, Extractor embedded, Extractor llm, CascadeSettings settings,
                            MeterRegistry registry) {
        if (annotatorId == null || annotatorId.isBlank()) {
            throw new IllegalArgumentException("the cascade needs an annotator id");
        }
        this.annotatorId = annotatorId;
        this.embedded = Objects.requireNonNull(embedded, "embedded");
        this.llm = Objects.requireNonNull(llm, "llm");
        this.threshold = settings.threshold();
        this.meters = new CascadeMeters(registry, annotatorId);
    }

    @Override
    public Annotator annotator() {
        Annotator e = embedded.annotator();
        Annotator l = llm.annotator();
        return annotator("cascade(" + EMBEDDED + ":" + model(e) + ", " + LLM + ":" + model(l) + ")",
                l.getPromptFormat());
    }

    @Override
    public ExtractionOutcome extract(Passage passage) {
        ExtractionOutcome first = embedded.extract(passage);
        double certainty = first.certainty() == null ? 0 : first.certainty();
        if (first.certainty() == null && missingCertaintyLogged.compareAndSet(false, true)) {
            log.warn("the embedded model {} gives no certainty: the cascade takes it as 0, so every passage goes "
                    + "to the LLM unless {} is 0", embedded.annotator().getId(), CascadeSettings.THRESHOLD);
        }
        meters.certainty(certainty);
        if (keepsEmbedded(certainty)) {
            meters.keptEmbedded();
            return first.withProducedBy(producer(EMBEDDED, embedded.annotator()));
        }
        meters.routedToLlm();
        ExtractionOutcome answer = llm.extract(passage); // its exceptions pass through: see the class comment
        return answer.withProducedBy(producer(LLM, llm.annotator()));
    }

    /** Whether a passage the embedded model gives this certainty keeps the embedded extraction. */
    boolean keepsEmbedded(double certainty) {
        return threshold < 1 && certainty >= threshold;
    }

    private Annotator producer(String path, Annotator part) {
        return annotator(path + ":" + model(part), part.getPromptFormat());
    }

    private Annotator annotator(String model, String promptFormat) {
        return Annotator.newBuilder().setId(annotatorId).setKind(AnnotatorKind.MODEL).setModel(model)
                .setPromptFormat(promptFormat).build();
    }

    private static String model(Annotator part) {
        return part.getModel() != null ? part.getModel() : part.getId();
    }

    /** Closes both parts, the second even when the first fails. */
    @Override
    public void close() {
        try {
            llm.close();
        } finally {
            embedded.close();
        }
    }
}
