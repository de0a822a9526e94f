package io.causalstream.extractor.app;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.pipeline.ExtractorMetrics;
import io.causalstream.extractor.pipeline.PassagePipeline;
import io.causalstream.extractor.pipeline.PipelineStatus;
import io.causalstream.runtime.Config;
import io.causalstream.runtime.KafkaClients;
import io.causalstream.runtime.OpsServer;
import io.causalstream.runtime.ServiceRunner;
import io.causalstream.runtime.ServiceSkeleton;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The extractor service: the {@link PassagePipeline} (passages to extractions, exactly once) with the chosen
 * backend, and the ops HTTP server ({@code /health}, {@code /metrics}). Settings: {@link ExtractorSettings}.
 * No static state: several services can run in one JVM (the local launcher, the tests).
 */
public final class ExtractorService implements ServiceRunner.Service {

    private static final Logger log = LoggerFactory.getLogger(ExtractorService.class);
    public static final String NAME = "extractor-service";

    private final ExtractorSettings settings;
    private final ServiceSkeleton skeleton;
    private final OpsServer ops;
    private volatile PassagePipeline pipeline;
    private volatile String annotatorId;

    private ExtractorService(ExtractorSettings settings) {
        this.settings = settings;
        this.skeleton = new ServiceSkeleton(NAME, settings.common(), this::live, this::ready);
        this.ops = skeleton.ops();
    }

    /** Starts the pipeline and the HTTP server; returns once both run. Fails fast on bad settings. */
    public static ExtractorService start(Config config) {
        return ServiceSkeleton.start(new ExtractorService(ExtractorSettings.from(config)), ExtractorService::startAll);
    }

    private void startAll() {
        // created after the ops server (it registers its meters there), closed before it: the pipeline drains
        // first, then the backend's in-flight requests, then the HTTP face goes
        Extractor extractor = own(ExtractorBackends.create(settings.backendSettings(), ops.meters()));

        var consumer = new KafkaConsumer<byte[], byte[]>(settings.consumerConfig());
        KafkaProducer<byte[], byte[]> producer;
        try {
            producer = new KafkaProducer<>(settings.producerConfig());
        } catch (RuntimeException e) {
            consumer.close();
            throw e;
        }
        annotatorId = extractor.annotator().getId();
        PassagePipeline p = new PassagePipeline(consumer, producer, KafkaClients.serdes(settings.common()),
                extractor, new ExtractorMetrics(ops.meters(), extractor.annotator().getId()),
                new PassagePipeline.Settings(settings.maxConcurrency(), settings.retryBackoff(), Clock.systemUTC(),
                        settings.maxPassageChars(), settings.drainTimeout(), settings.unsupportedLanguage()));
        pipeline = own(p);
        own(bind(new KafkaClientMetrics(consumer)));
        own(bind(new KafkaClientMetrics(producer)));

        p.start();
        ops.start(settings.httpHost(), settings.httpPort());
        log.info("{} started: backend {}, transactional id {}, http port {}", NAME, settings.backend(),
                settings.transactionalId(), ops.port());
    }

    private KafkaClientMetrics bind(KafkaClientMetrics metrics) {
        metrics.bindTo(ops.meters());
        return metrics;
    }

    private <T extends AutoCloseable> T own(T resource) {
        return skeleton.own(resource);
    }

    /** Alive unless the pipeline stopped on an error it cannot recover from. */
    private OpsServer.Health live() {
        PipelineStatus s = status();
        return new OpsServer.Health(!s.failed(), Map.of("running", s.running(), "failed", s.failed()));
    }

    private OpsServer.Health ready() {
        PassagePipeline p = pipeline;
        if (p == null) {
            return new OpsServer.Health(false, Map.of("pipeline", "starting"));
        }
        PipelineStatus s = p.status();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("backend", settings.backend());
        details.put("annotator", annotatorId);
        details.put("transactionalId", settings.transactionalId());
        details.put("running", s.running());
        details.put("failed", s.failed());
        details.put("recordsProcessed", s.recordsProcessed());
        details.put("extracted", s.extracted());
        details.put("deadLetters", s.deadLettered());
        details.put("failedBatches", s.failedBatches());
        details.put("lastError", s.lastError());
        return new OpsServer.Health(s.healthy(), details);
    }

    public int httpPort() {
        return ops.port();
    }

    public ExtractorSettings settings() {
        return settings;
    }

    public PipelineStatus status() {
        return pipeline == null ? new PipelineStatus(false, false, 0, 0, 0, null) : pipeline.status();
    }

    /** Blocks until the pipeline stops (closed, or failed); true when it failed. */
    @Override
    public boolean awaitTermination() throws InterruptedException {
        awaitStopped();
        return status().failed();
    }

    /** Blocks until the pipeline stops: after {@link #close()}, or when it failed (see {@link #status()}). */
    public void awaitStopped() throws InterruptedException {
        PassagePipeline p = pipeline;
        if (p != null) {
            p.awaitStopped();
        }
    }

    /**
     * Stops gracefully, in reverse start order: the pipeline (its batch in flight finishes and commits, within
     * extractor.shutdown.drain.ms), the backend (queued model requests drain), the client metrics, the HTTP
     * server. Idempotent.
     */
    @Override
    public void close() {
        skeleton.close();
    }

    public static void main(String[] args) throws InterruptedException {
        // a failed pipeline (e.g. fenced) cannot go on: the runner exits so the supervisor restarts the instance
        ServiceRunner.runMain(NAME, () -> start(Config.fromEnvironment()));
    }
}
