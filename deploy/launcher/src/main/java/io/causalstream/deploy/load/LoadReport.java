package io.causalstream.deploy.load;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The load harness's figures and how they are printed (Kafka-free): latency percentiles of the samples taken,
 * throughput per stage, consumer lag over time, memory, and each process's CPU per record next to the
 * pass-through exactly-once topology's, as a ratio.
 */
public final class LoadReport {

    /** Latency samples in milliseconds; percentiles by the nearest-rank method. */
    public static final class Latencies {
        private final List<Double> millis = new ArrayList<>();

        public synchronized void add(double ms) {
            millis.add(ms);
        }

        public synchronized int count() {
            return millis.size();
        }

        /** Nearest rank: the smallest sample with at least {@code q} of the samples at or below it. */
        public synchronized Double percentile(double q) {
            if (millis.isEmpty()) {
                return null;
            }
            double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int rank = (int) Math.ceil(q * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
        }
    }

    /**
     * One process's cost over the measured window.
     *
     * @param cpuSeconds     CPU time the process used in the window
     * @param idleCpuSeconds CPU time it would have used idle over the same window (measured before the load)
     * @param records        records its consumer group consumed in the window (committed offsets' growth)
     */
    public record Cost(String process, double cpuSeconds, double idleCpuSeconds, long records) {
        public Double cpuMillisPerRecord() {
            return records <= 0 ? null : 1000 * cpuSeconds / records;
        }

        /**
         * Above the idle rate: what the records themselves cost; null when the process used less than its idle
         * rate (its "idle" window was not idle, e.g. still compiling or warming models: no estimate).
         */
        public Double loadCpuMillisPerRecord() {
            return records <= 0 || idleCpuSeconds > cpuSeconds ? null : 1000 * (cpuSeconds - idleCpuSeconds) / records;
        }
    }

    /** {@code a / b}, or null when either is missing or {@code b} is 0. */
    public static Double ratio(Double a, Double b) {
        return a == null || b == null || b == 0 ? null : a / b;
    }

    /** Growth per second of a counter between two readings. */
    public static double rate(long before, long after, double seconds) {
        return seconds <= 0 ? 0 : (after - before) / seconds;
    }

    static String fmt(Double x, int decimals) {
        return x == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    static String mib(Double bytes) {
        return bytes == null ? "-" : String.format(Locale.ROOT, "%.0f MiB", bytes / (1024 * 1024));
    }

    /** A table with a header row, columns padded to their widest cell. */
    static void table(PrintStream out, List<String> header, List<List<String>> rows) {
        int[] w = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> r : all) {
            for (int i = 0; i < r.size(); i++) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < r.size(); i++) {
                String cell = r.get(i);
                line.append(i == 0 ? pad(cell, w[i], false) : pad(cell, w[i], true)).append(i + 1 < r.size() ? "  " : "");
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }

    /** Prints the cost table: each process's CPU per record and its ratio to the pass-through's. */
    static void costs(PrintStream out, List<Cost> services, Cost passThrough) {
        List<List<String>> rows = new ArrayList<>();
        for (Cost c : services) {
            rows.add(row(c, passThrough));
        }
        rows.add(row(passThrough, passThrough));
        table(out, List.of("process", "records", "CPU s", "idle CPU s", "CPU ms/record", "x pass-through",
                "above idle ms/record", "x pass-through"), rows);
    }

    private static List<String> row(Cost c, Cost base) {
        return List.of(c.process(), Long.toString(c.records()), fmt(c.cpuSeconds(), 2), fmt(c.idleCpuSeconds(), 2),
                fmt(c.cpuMillisPerRecord(), 3), fmt(ratio(c.cpuMillisPerRecord(), base.cpuMillisPerRecord()), 1),
                fmt(c.loadCpuMillisPerRecord(), 3),
                fmt(ratio(c.loadCpuMillisPerRecord(), base.loadCpuMillisPerRecord()), 1));
    }

    /** Lag samples: seconds since the start -> group -> records behind. */
    static void lag(PrintStream out, Map<Integer, Map<String, Long>> samples) {
        List<String> groups = samples.values().stream().flatMap(m -> m.keySet().stream()).distinct().toList();
        List<String> header = new ArrayList<>(List.of("t (s)"));
        header.addAll(groups);
        List<List<String>> rows = new ArrayList<>();
        samples.forEach((t, m) -> {
            List<String> r = new ArrayList<>(List.of(Integer.toString(t)));
            groups.forEach(g -> r.add(m.containsKey(g) ? Long.toString(m.get(g)) : "-"));
            rows.add(r);
        });
        table(out, header, rows);
    }

    static Map<String, String> latencyRow(Latencies l) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("n", Integer.toString(l.count()));
        for (double q : new double[] {0.5, 0.9, 0.99}) {
            m.put("p" + (int) Math.round(q * 100), fmt(l.percentile(q), 0) + " ms");
        }
        m.put("max", fmt(l.percentile(1.0), 0) + " ms");
        return m;
    }

    static List<String> cells(String name, Map<String, String> m) {
        List<String> out = new ArrayList<>(List.of(name));
        out.addAll(m.values());
        return out;
    }

    private LoadReport() {
    }

    static List<String> list(String... s) {
        return Arrays.asList(s);
    }
}
