package io.causalstream.graphsink;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps each record with {@link GraphRecordMapper} and writes the batch through {@link Neo4jGraphWriter}, in
 * transactions of {@code graph.batch.records}. {@code put} returns only once everything it was given is written,
 * so the offsets Connect commits afterwards are of written records only.
 * <ul>
 * <li>Neo4j unavailable: {@link RetriableException} after {@code context.timeout(backoff)}; Connect pauses, then
 * hands the same records again (writes are idempotent, so the part already written is written again harmlessly).</li>
 * <li>A record that cannot be mapped, or whose statements Neo4j refuses: reported to Connect's errant record
 * reporter (the dead-letter topic with the reason in its headers under {@code errors.tolerance=all}); with no
 * reporter, or {@code errors.tolerance=none}, the task fails instead of skipping it.</li>
 * </ul>
 */
public final class GraphSinkTask extends SinkTask {

    private static final Logger log = LoggerFactory.getLogger(GraphSinkTask.class);

    private GraphRecordMapper mapper;
    private Neo4jGraphWriter writer;
    private Backoff backoff;
    private GraphSinkMetrics metrics;
    private int batchRecords;
    private boolean schemaReady;
    /** Records already reported in a batch that is being retried: reported once, not once per retry. */
    private final Set<String> reported = new HashSet<>();

    @Override
    public String version() {
        return GraphSinkConnector.VERSION;
    }

    @Override
    public void start(Map<String, String> settings) {
        GraphSinkConfig config = new GraphSinkConfig(settings);
        mapper = config.mapper();
        backoff = config.backoff();
        batchRecords = config.batchRecords();
        writer = new Neo4jGraphWriter(config.uri(), config.user(), config.password(), config.database());
        metrics = new GraphSinkMetrics(context == null ? null : context.pluginMetrics());
        log.info("graph sink task writing to {}", config.uri());
    }

    @Override
    public void put(Collection<SinkRecord> records) {
        if (!schemaReady) {
            try {
                writer.createSchema();
                schemaReady = true;
            } catch (GraphUnavailableException e) {
                throw retry(e);
            }
        }
        List<Pending> pending = new ArrayList<>();
        for (SinkRecord r : records) {
            try {
                pending.add(new Pending(r, mapper.map(r.topic(), r.key(), r.value())));
            } catch (UnmappableRecordException | DataException e) {
                deadLetter(r, e);
            }
        }
        for (int from = 0; from < pending.size(); from += batchRecords) {
            write(pending.subList(from, Math.min(pending.size(), from + batchRecords)));
        }
        backoff.reset();
        reported.clear();
    }

    private void write(List<Pending> chunk) {
        long start = System.nanoTime();
        try {
            writer.write(chunk.stream().map(Pending::write).toList());
            metrics.written(chunk.size(), chunk.stream().mapToInt(p -> p.write().edges()).sum(),
                    (System.nanoTime() - start) / 1_000_000);
        } catch (GraphUnavailableException e) {
            throw retry(e);
        } catch (GraphRejectedException whole) {
            // one record's statements spoil the transaction: write them one by one to find it
            for (Pending p : chunk) {
                try {
                    writer.write(List.of(p.write()));
                    metrics.written(1, p.write().edges(), 0);
                } catch (GraphRejectedException e) {
                    deadLetter(p.record(), e);
                } catch (GraphUnavailableException e) {
                    throw retry(e);
                }
            }
        }
    }

    private RetriableException retry(GraphUnavailableException e) {
        long pause = backoff.next();
        context.timeout(pause);
        metrics.retried();
        log.warn("Neo4j unavailable ({} failure(s) in a row), retrying the batch in {} ms: {}",
                backoff.failuresInARow(), pause, e.getMessage());
        return new RetriableException(e.getMessage(), e);
    }

    private void deadLetter(SinkRecord r, Exception reason) {
        String id = r.topic() + "/" + r.kafkaPartition() + "@" + r.kafkaOffset();
        ErrantRecordReporter reporter = context == null ? null : context.errantRecordReporter();
        if (reporter == null) {
            throw new ConnectException("cannot write " + id + " into the graph and no dead-letter queue is set "
                    + "(errors.tolerance=all, errors.deadletterqueue.topic.name): " + reason.getMessage(), reason);
        }
        if (reported.add(id)) {
            log.warn("record {} sent to the dead-letter queue: {}", id, reason.getMessage());
            reporter.report(r, reason);
            metrics.deadLettered();
        }
    }

    @Override
    public void stop() {
        if (writer != null) {
            writer.close();
        }
    }

    private record Pending(SinkRecord record, GraphWrite write) {
    }
}
