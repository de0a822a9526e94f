package io.causalstream.wikicausal;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.text.files.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Links node labels of extracted graphs to the Wikidata ids of a base KG by exact, case- and space-insensitive
 * match against every label and alias the base KG lists (event/consequence {@code labels}, example labels). A
 * label shared by several concepts is ambiguous and not linked. This is a plain dictionary linker, far weaker than
 * the BLINK linking the WikiCausal KGs used; it lets recall be computed on {@code scored-graphs} output.
 */
public final class ConceptLinker {

    private final Map<String, Set<String>> idsByLabel;
    private final Set<String> classIds;

    private ConceptLinker(Map<String, Set<String>> idsByLabel, Set<String> classIds) {
        this.idsByLabel = idsByLabel;
        this.classIds = classIds;
    }

    /** Reads every label of a base KG file ({@code base-kg-v1.jsonl} shape). */
    public static ConceptLinker fromBaseKg(Path file) throws IOException {
        Map<String, Set<String>> ids = new HashMap<>();
        Set<String> classes = new HashSet<>();
        JsonLines.forEach(file, (obj, line) -> {
            JsonNode event = obj.get("event");
            if (event == null) {
                return;
            }
            addConcept(ids, event);
            classes.add(event.get("id").asText());
            for (JsonNode c : obj.path("consequences")) {
                addConcept(ids, c);
                classes.add(c.get("id").asText());
                for (JsonNode e : c.path("examples")) {
                    addConcept(ids, e.get("cause"));
                    addConcept(ids, e.get("effect"));
                }
            }
        });
        return new ConceptLinker(ids, classes);
    }

    /** The id of the one concept with this label or alias. */
    public Optional<String> link(String label) {
        Set<String> ids = idsByLabel.get(key(label));
        return ids != null && ids.size() == 1 ? Optional.of(ids.iterator().next()) : Optional.empty();
    }

    /** Whether the id is a class (an event or consequence of the base KG) rather than an instance. */
    public boolean isClass(String id) {
        return classIds.contains(id);
    }

    private static void addConcept(Map<String, Set<String>> ids, JsonNode concept) {
        String id = concept.get("id").asText();
        add(ids, concept.get("label"), id);
        for (JsonNode l : concept.path("labels")) {
            add(ids, l, id);
        }
    }

    private static void add(Map<String, Set<String>> ids, JsonNode label, String id) {
        if (label != null && label.isTextual() && !label.asText().isBlank()) {
            ids.computeIfAbsent(key(label.asText()), k -> new HashSet<>()).add(id);
        }
    }

    static String key(String label) {
        return label == null ? "" : label.replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
    }
}
