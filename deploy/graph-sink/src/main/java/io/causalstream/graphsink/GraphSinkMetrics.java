package io.causalstream.graphsink;

import java.util.LinkedHashMap;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.Avg;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.common.metrics.stats.Max;
import org.apache.kafka.common.metrics.stats.Rate;

/**
 * The task's own metrics, registered through Connect's plugin metrics: the worker tags them with the connector
 * and the task and reports them with its own (JMX, and any configured metrics reporter), e.g.
 * {@code kafka.connect:type=plugins,connector=graph-sink,task=0,...} {@code records-written-total}.
 */
final class GraphSinkMetrics {

    private final Sensor records;
    private final Sensor edges;
    private final Sensor deadLettered;
    private final Sensor retries;
    private final Sensor writeTime;

    GraphSinkMetrics(PluginMetrics metrics) {
        records = sensor(metrics, "records-written", "records written into Neo4j");
        edges = sensor(metrics, "edges-written", "causal and map edges written into Neo4j");
        deadLettered = sensor(metrics, "records-dead-lettered", "records sent to the dead-letter topic");
        retries = sensor(metrics, "write-retries", "writes retried because Neo4j was unavailable");
        writeTime = metrics == null ? null : metrics.addSensor("write-time");
        if (writeTime != null) {
            writeTime.add(metrics.metricName("write-time-ms-avg", "mean time of one Neo4j transaction",
                    new LinkedHashMap<>()), new Avg());
            writeTime.add(metrics.metricName("write-time-ms-max", "longest Neo4j transaction",
                    new LinkedHashMap<>()), new Max());
        }
    }

    private static Sensor sensor(PluginMetrics metrics, String name, String what) {
        if (metrics == null) {
            return null;
        }
        Sensor s = metrics.addSensor(name);
        s.add(metrics.metricName(name + "-total", "total " + what, new LinkedHashMap<>()), new CumulativeSum());
        s.add(metrics.metricName(name + "-rate", what + " per second", new LinkedHashMap<>()), new Rate());
        return s;
    }

    void written(int recordCount, int edgeCount, long millis) {
        record(records, recordCount);
        record(edges, edgeCount);
        record(writeTime, millis);
    }

    void deadLettered() {
        record(deadLettered, 1);
    }

    void retried() {
        record(retries, 1);
    }

    private static void record(Sensor s, double v) {
        if (s != null) {
            s.record(v);
        }
    }
}
