package io.causalstream.wikicausal;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.text.files.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A causal knowledge graph in WikiCausal's JSON-lines format, read exactly as its {@code scripts/recall.py} and
 * {@code scripts/precision.py} read it. Two line shapes:
 * <ul>
 *   <li>{@code {"event": {"id", "label", ...}, "consequences": [{"id", "label", "examples": [{"cause": {"id",
 *       "label"}, "effect": {...}}]}]}} — class edges event -> consequence, and instance edges from the
 *       examples;</li>
 *   <li>{@code {"cause": {"id": [qid, ...], "label": ...}, "effect": {...}}} — one class edge between the
 *       first ids of each list (as the scripts take {@code id[0]}).</li>
 * </ul>
 * Edges are sets (duplicates count once). Labels are kept for the LLM precision check: {@code event.label} or
 * {@code cause.label[0]} when the label is a list, as the precision script does.
 */
public record CausalKg(Set<Edge> all, Set<Edge> classes, Set<Edge> instances, Map<Edge, LabelPair> labels) {

    /** A directed edge between two Wikidata ids (or any node ids). */
    public record Edge(String cause, String effect) {
    }

    /** The labels of an edge's ends. */
    public record LabelPair(String cause, String effect) {
    }


    public CausalKg {
        all = Collections.unmodifiableSet(all);
        classes = Collections.unmodifiableSet(classes);
        instances = Collections.unmodifiableSet(instances);
        labels = Collections.unmodifiableMap(labels);
    }

    public static CausalKg read(Path file) throws IOException {
        Builder builder = new Builder();
        JsonLines.forEach(file, (object, line) -> {
            try {
                builder.addLine(object);
            } catch (IllegalArgumentException e) {
                throw new IOException(file + " line " + line + ": " + e.getMessage(), e);
            }
        });
        return builder.build();
    }

    /** Incremental construction, also used to turn scored graphs into a KG. */
    public static final class Builder {
        private final Set<Edge> all = new LinkedHashSet<>();
        private final Set<Edge> classes = new LinkedHashSet<>();
        private final Set<Edge> instances = new LinkedHashSet<>();
        private final Map<Edge, LabelPair> labels = new LinkedHashMap<>();

        public Builder addClassEdge(String cause, String effect, String causeLabel, String effectLabel) {
            Edge e = new Edge(cause, effect);
            all.add(e);
            classes.add(e);
            labels.putIfAbsent(e, new LabelPair(causeLabel, effectLabel));
            return this;
        }

        public Builder addInstanceEdge(String cause, String effect, String causeLabel, String effectLabel) {
            Edge e = new Edge(cause, effect);
            all.add(e);
            instances.add(e);
            labels.putIfAbsent(e, new LabelPair(causeLabel, effectLabel));
            return this;
        }

        void addLine(JsonNode obj) {
            if (!obj.has("event") && !obj.has("cause")) {
                throw new IllegalArgumentException("Input KG does not have 'event' or 'cause' field");
            }
            if (!obj.has("consequences") && !obj.has("effect")) {
                throw new IllegalArgumentException("Input KG does not have 'effect' or 'consequences' field");
            }
            String sourceId;
            String sourceLabel;
            if (obj.has("event")) {
                sourceId = obj.get("event").get("id").asText();
                sourceLabel = text(obj.get("event").get("label"));
            } else {
                sourceId = first(obj.get("cause").get("id"));
                sourceLabel = text(obj.get("cause").get("label"));
            }
            if (obj.has("effect")) {
                addClassEdge(sourceId, first(obj.get("effect").get("id")), sourceLabel,
                        text(obj.get("effect").get("label")));
                return;
            }
            for (JsonNode c : obj.get("consequences")) {
                addClassEdge(sourceId, c.get("id").asText(), sourceLabel, text(c.get("label")));
                JsonNode examples = c.get("examples");
                if (examples != null) {
                    for (JsonNode e : examples) {
                        addInstanceEdge(e.get("cause").get("id").asText(), e.get("effect").get("id").asText(),
                                text(e.get("cause").get("label")), text(e.get("effect").get("label")));
                    }
                }
            }
        }

        public CausalKg build() {
            return new CausalKg(new LinkedHashSet<>(all), new LinkedHashSet<>(classes), new LinkedHashSet<>(instances),
                    new LinkedHashMap<>(labels));
        }
    }

    /** {@code id[0]} when the id is a list (the scripts' convention), else the id itself. */
    private static String first(JsonNode id) {
        return id.isArray() ? id.get(0).asText() : id.asText();
    }

    /** {@code label[0]} when the label is a list (precision.py), else the label. */
    private static String text(JsonNode label) {
        if (label == null || label.isNull()) {
            return "";
        }
        return label.isArray() ? label.get(0).asText() : label.asText();
    }
}
