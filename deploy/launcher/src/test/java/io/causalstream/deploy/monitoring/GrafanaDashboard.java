package io.causalstream.deploy.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Grafana dashboard file of {@code deploy/monitoring} and the metric names its PromQL queries read. */
final class GrafanaDashboard {

    static final Path FILE = Path.of("..", "monitoring", "grafana", "causal-stream-dashboard.json");

    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right", "bool", "and", "or", "unless", "offset", "inf", "nan");
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
    private static final Pattern GROUPING = Pattern.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    private GrafanaDashboard() {
    }

    /** A metric selected with label matchers: the metric and the label names its matchers use. */
    record Selector(String metric, Set<String> labels, java.util.Map<String, String> equal) {
    }

    private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{([^}]*)}");
    private static final Pattern MATCHER = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!=|!~|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** The selectors with label matchers ({@code metric{label="value", other=~"re"}}) of an expression. */
    static List<Selector> selectors(String expr) {
        List<Selector> out = new ArrayList<>();
        Matcher m = SELECTOR.matcher(expr);
        while (m.find()) {
            Set<String> labels = new TreeSet<>();
            java.util.Map<String, String> equal = new java.util.TreeMap<>();
            Matcher lm = MATCHER.matcher(m.group(2));
            while (lm.find()) {
                labels.add(lm.group(1));
                if (lm.group(2).equals("=")) {
                    equal.put(lm.group(1), lm.group(3));
                }
            }
            out.add(new Selector(m.group(1), labels, equal));
        }
        return out;
    }

    static JsonNode read() throws IOException {
        return new ObjectMapper().readTree(FILE.toFile());
    }

    /** Every target expression of every panel. */
    static List<String> expressions(JsonNode dashboard) {
        List<String> out = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                out.add(target.path("expr").asText());
            }
        }
        return out;
    }

    /**
     * The metric names a PromQL expression selects: identifiers left once strings, label matchers, ranges and
     * grouping clauses are removed, that are neither functions (followed by a parenthesis) nor keywords.
     */
    static Set<String> metricNames(String expr) {
        String s = STRING.matcher(expr).replaceAll("\"\"");
        s = MATCHERS.matcher(s).replaceAll(" ");
        s = RANGE.matcher(s).replaceAll(" ");
        s = GROUPING.matcher(s).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(s);
        while (m.find()) {
            String id = m.group();
            int after = m.end();
            while (after < s.length() && Character.isWhitespace(s.charAt(after))) {
                after++;
            }
            boolean function = after < s.length() && s.charAt(after) == '(';
            boolean number = m.start() > 0 && (Character.isDigit(s.charAt(m.start() - 1)) || s.charAt(m.start() - 1) == '.');
            if (!function && !number && !KEYWORDS.contains(id.toLowerCase())) {
                names.add(id);
            }
        }
        return names;
    }
}
