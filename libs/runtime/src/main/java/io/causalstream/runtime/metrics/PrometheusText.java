package io.causalstream.runtime.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One scrape of a Prometheus text exposition ({@code /metrics}, format 0.0.4): the samples, each a metric name,
 * its labels and a value. Comments ({@code # HELP}, {@code # TYPE}) and timestamps are ignored; a line that does
 * not parse is skipped rather than failing the whole scrape (one odd meter must not blank the dashboard).
 */
public final class PrometheusText {

    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {
        public String label(String key) {
            return labels.getOrDefault(key, "");
        }
    }

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    public static PrometheusText parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            Sample s = parseLine(l);
            if (s != null) {
                out.add(s);
            }
        }
        return new PrometheusText(out);
    }

    public static PrometheusText empty() {
        return new PrometheusText(List.of());
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The samples of one metric whose labels pass {@code filter}. */
    public List<Sample> find(String name, Predicate<Sample> filter) {
        return samples.stream().filter(s -> s.name().equals(name) && filter.test(s)).toList();
    }

    /** Sum of a metric over every label set passing {@code filter}; empty when the metric is absent. */
    public Optional<Double> sum(String name, Predicate<Sample> filter) {
        List<Sample> found = find(name, filter);
        return found.isEmpty() ? Optional.empty()
                : Optional.of(found.stream().mapToDouble(Sample::value).filter(v -> !Double.isNaN(v)).sum());
    }

    public Optional<Double> sum(String name) {
        return sum(name, s -> true);
    }

    /** Sum of a metric per value of one label (label sets without it under ""). */
    public Map<String, Double> sumBy(String name, String label, Predicate<Sample> filter) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Sample s : find(name, filter)) {
            if (!Double.isNaN(s.value())) {
                out.merge(s.label(label), s.value(), Double::sum);
            }
        }
        return out;
    }

    /**
     * The cumulative buckets of a histogram ({@code <name>_bucket{le}}), summed over the label sets passing
     * {@code filter}, by upper bound (the last one {@code +Inf}).
     */
    public java.util.SortedMap<Double, Double> buckets(String name, Predicate<Sample> filter) {
        java.util.SortedMap<Double, Double> out = new java.util.TreeMap<>();
        for (Sample s : find(name + "_bucket", filter)) {
            try {
                out.merge(parseValue(s.label("le")), s.value(), Double::sum);
            } catch (NumberFormatException e) {
                // a bucket without a readable bound is left out
            }
        }
        return out;
    }

    public boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }

    private static Sample parseLine(String l) {
        int brace = l.indexOf('{');
        int space = l.indexOf(' ');
        if (space < 0) {
            return null;
        }
        String name;
        Map<String, String> labels = new LinkedHashMap<>();
        String rest;
        if (brace >= 0 && brace < space) {
            name = l.substring(0, brace);
            int i = brace + 1;
            while (i < l.length() && l.charAt(i) != '}') {
                int eq = l.indexOf('=', i);
                if (eq < 0 || eq + 1 >= l.length() || l.charAt(eq + 1) != '"') {
                    return null;
                }
                String key = l.substring(i, eq).strip();
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                for (; j < l.length() && l.charAt(j) != '"'; j++) {
                    char c = l.charAt(j);
                    if (c == '\\' && j + 1 < l.length()) {
                        char n = l.charAt(++j);
                        value.append(n == 'n' ? '\n' : n);
                    } else {
                        value.append(c);
                    }
                }
                if (j >= l.length()) {
                    return null;
                }
                labels.put(key, value.toString());
                i = j + 1;
                if (i < l.length() && l.charAt(i) == ',') {
                    i++;
                }
            }
            if (i >= l.length()) {
                return null;
            }
            rest = l.substring(i + 1).strip();
        } else {
            name = l.substring(0, space);
            rest = l.substring(space + 1).strip();
        }
        String[] parts = rest.split("\\s+");
        try {
            return new Sample(name, labels, parseValue(parts[0]));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static double parseValue(String v) {
        return switch (v) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(v);
        };
    }
}
