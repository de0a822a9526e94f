package io.causalstream.graphsink.bench;

import io.causalstream.graphsink.GraphUnavailableException;
import io.causalstream.graphsink.GraphWrite;
import io.causalstream.graphsink.Neo4jGraphWriter;
import io.causalstream.graphsink.ScoredGraphMapping;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The baseline of the graph sink's benchmark (deploy/launcher GraphSinkBench runs it as a child JVM on the plugin's
 * class path): the same scored graphs, mapped to the same statements by {@link ScoredGraphMapping}, written straight
 * through the Neo4j driver in transactions of the same size, by as many threads as the connector has tasks. No
 * Kafka, no Connect: the raw Bolt write rate. Prints one line: {@code records=N edges=M seconds=S}.
 *
 * <p>Arguments: Bolt URI, records, edges per record, concepts, records per transaction, threads.
 */
public final class BoltWriteRate {

    public static void main(String[] args) throws Exception {
        String uri = args[0];
        int records = Integer.parseInt(args[1]);
        int edgesPerRecord = Integer.parseInt(args[2]);
        int concepts = Integer.parseInt(args[3]);
        int batch = Integer.parseInt(args[4]);
        int threads = Integer.parseInt(args[5]);
        ScoredGraphMapping mapping = new ScoredGraphMapping();
        List<List<GraphWrite>> perThread = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            perThread.add(new ArrayList<>());
        }
        long edges = 0;
        for (int i = 0; i < records; i++) {
            Map<String, Object> g = scoredGraph(i, edgesPerRecord, concepts);
            GraphWrite w = mapping.upsert(g.get("passageId"), g);
            edges += w.edges();
            // by passage, as Kafka partitions the topic by its key
            perThread.get(Math.floorMod(g.get("passageId").hashCode(), threads)).add(w);
        }
        try (Neo4jGraphWriter writer = new Neo4jGraphWriter(uri, "", "", "")) {
            writer.createSchema();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            long start = System.nanoTime();
            List<Future<?>> done = new ArrayList<>();
            for (List<GraphWrite> writes : perThread) {
                done.add(pool.submit(() -> {
                    for (int from = 0; from < writes.size(); from += batch) {
                        write(writer, writes.subList(from, Math.min(writes.size(), from + batch)));
                    }
                    return null;
                }));
            }
            try {
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(java.util.Locale.ROOT, "records=%d edges=%d seconds=%.3f retries=%d%n", records, edges,
                    seconds, RETRIES.get());
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong RETRIES = new java.util.concurrent.atomic.AtomicLong();

    /**
     * One transaction, tried again after a transient error (two threads writing the same concepts deadlock now and
     * then, and Neo4j asks to retry), as the sink's task is given its records again.
     */
    private static void write(Neo4jGraphWriter writer, List<GraphWrite> writes) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                writer.write(writes);
                return;
            } catch (GraphUnavailableException e) {
                if (attempt == 20) {
                    throw e;
                }
                RETRIES.incrementAndGet();
                Thread.sleep(Math.min(2000, 50L << attempt));
            }
        }
    }

    /**
     * Scored graph number {@code i} of the benchmark as a record (the fields of the Avro ScoredGraph): two
     * annotators per passage, {@code edgesPerRecord} edges between concepts drawn from {@code concepts} names. The
     * benchmark's producer builds the same graphs as Avro from the same formulas.
     */
    public static Map<String, Object> scoredGraph(int i, int edgesPerRecord, int concepts) {
        String passage = "bench-p" + (i / 2);
        List<Object> edges = new ArrayList<>();
        for (int e = 0; e < edgesPerRecord; e++) {
            Map<String, Object> triple = new LinkedHashMap<>();
            triple.put("source", "concept " + Math.floorMod(i * 31 + e * 7, concepts));
            triple.put("target", "concept " + Math.floorMod(i * 17 + e * 13 + 1, concepts));
            triple.put("direction", (i + e) % 3 == 0 ? "DECREASE" : "INCREASE");
            triple.put("evidence", List.of());
            Map<String, Object> edge = new LinkedHashMap<>();
            edge.put("triple", triple);
            edge.put("strength", ((i + e) % 10) / 10.0);
            edge.put("validation", "VALIDATED");
            edge.put("stages", List.of());
            edges.add(edge);
        }
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("passageId", passage);
        g.put("annotationId", passage + (i % 2 == 0 ? "-model" : "-rules"));
        g.put("annotator", Map.of("id", i % 2 == 0 ? "model" : "rules", "kind", i % 2 == 0 ? "MODEL" : "RULES"));
        g.put("edges", edges);
        g.put("scores", List.of());
        g.put("scoredAt", new Date(1_700_000_000_000L));
        return g;
    }

    private BoltWriteRate() {
    }
}
