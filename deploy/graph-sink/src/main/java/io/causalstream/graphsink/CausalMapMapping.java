package io.causalstream.graphsink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A {@code causal-maps} record (the whole collective map, keyed by map id) as graph statements. Model:
 * <pre>
 * (:CausalMap {id, updatedAt, edges, contributions, settings})-[:HOLDS]-&gt;(:MapConcept {uid, map, id, label,
 *               aliases, mergedKeys})
 * (:MapConcept)-[:INFLUENCES {map, weight, support, annotators, positive, negative, contradictions,
 *               provenance, passages}]-&gt;(:MapConcept)
 * </pre>
 * Each record replaces the map's previous state: concepts the map no longer holds (merged into another, or split
 * away) are removed, its edges are written anew, and the merge log becomes the aliases of the concept each key was
 * merged into. A tombstone removes the map.
 */
public final class CausalMapMapping {

    static final String UPSERT_MAP = """
            MERGE (m:CausalMap {id: $map})
            SET m = $properties""";
    static final String DELETE_MAP_EDGES = """
            MATCH (:MapConcept {map: $map})-[r:INFLUENCES]->()
            DELETE r""";
    static final String DELETE_GONE_CONCEPTS = """
            MATCH (c:MapConcept {map: $map})
            WHERE NOT c.id IN $ids
            DETACH DELETE c""";
    static final String UPSERT_CONCEPTS = """
            MATCH (m:CausalMap {id: $map})
            UNWIND $concepts AS c
            MERGE (n:MapConcept {uid: c.uid})
            SET n = c
            MERGE (m)-[:HOLDS]->(n)""";
    static final String CREATE_EDGES = """
            UNWIND $edges AS e
            MATCH (s:MapConcept {uid: e.source})
            MATCH (t:MapConcept {uid: e.target})
            CREATE (s)-[r:INFLUENCES]->(t)
            SET r = e.properties""";
    static final String DELETE_MAP = """
            OPTIONAL MATCH (c:MapConcept {map: $map})
            DETACH DELETE c
            WITH count(*) AS concepts
            OPTIONAL MATCH (m:CausalMap {id: $map})
            DETACH DELETE m""";

    public GraphWrite upsert(Object key, Object value) {
        if (!Fields.isRecord(value)) {
            throw new UnmappableRecordException("a causal map must be a record, got " + value.getClass().getName());
        }
        String map = Fields.requiredText(value, "mapId");
        if (key != null && !key.toString().equals(map)) {
            throw new UnmappableRecordException("the key '" + key + "' is not the record's mapId '" + map + "'");
        }
        Map<String, Set<String>> merged = new HashMap<>();
        for (Object merge : Fields.list(value, "merges")) {
            merged.computeIfAbsent(Fields.requiredText(merge, "into"), k -> new LinkedHashSet<>())
                    .add(Fields.requiredText(merge, "key"));
        }
        List<Map<String, Object>> concepts = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Object concept : Fields.list(value, "concepts")) {
            String id = Fields.requiredText(concept, "id");
            if (ids.contains(id)) {
                throw new UnmappableRecordException("concept '" + id + "' appears twice in map " + map);
            }
            ids.add(id);
            Set<String> aliases = new LinkedHashSet<>();
            Fields.list(concept, "aliases").forEach(a -> aliases.add(a.toString()));
            List<String> mergedKeys = List.copyOf(merged.getOrDefault(id, Set.of()));
            aliases.addAll(mergedKeys);
            Map<String, Object> c = new HashMap<>();
            c.put("uid", uid(map, id));
            c.put("map", map);
            c.put("id", id);
            c.put("label", Fields.requiredText(concept, "label"));
            c.put("aliases", List.copyOf(aliases));
            c.put("mergedKeys", mergedKeys);
            concepts.add(c);
        }
        List<Map<String, Object>> edges = new ArrayList<>();
        for (Object edge : Fields.list(value, "edges")) {
            String source = Fields.requiredText(edge, "source");
            String target = Fields.requiredText(edge, "target");
            for (String end : List.of(source, target)) {
                if (!ids.contains(end)) {
                    throw new UnmappableRecordException("edge " + source + " -> " + target + " names concept '"
                            + end + "', which map " + map + " does not hold");
                }
            }
            List<String> passages = new ArrayList<>();
            for (Object evidence : Fields.list(edge, "provenance")) {
                String passage = Fields.text(evidence, "passageId");
                if (passage != null && !passages.contains(passage)) {
                    passages.add(passage);
                }
            }
            Map<String, Object> props = new HashMap<>();
            props.put("map", map);
            props.put("weight", Fields.number(edge, "weight"));
            props.put("support", Fields.integer(edge, "passages", 0));
            props.put("annotators", Fields.integer(edge, "annotators", 0));
            props.put("positive", Fields.integer(edge, "positive", 0));
            props.put("negative", Fields.integer(edge, "negative", 0));
            props.put("contradictions", Fields.integer(edge, "contradicting", 0));
            props.put("provenance", Fields.integer(edge, "provenanceCount", 0));
            props.put("passages", passages);
            props.values().removeIf(Objects::isNull);
            edges.add(Map.of("source", uid(map, source), "target", uid(map, target), "properties", props));
        }
        Map<String, Object> props = new HashMap<>();
        props.put("id", map);
        props.put("updatedAt", Fields.time(value, "updatedAt"));
        props.put("edges", (long) edges.size());
        props.put("concepts", (long) concepts.size());
        props.put("contributions", Fields.integer(value, "contributions", 0));
        props.put("settings", Fields.text(value, "settings"));
        props.values().removeIf(Objects::isNull);
        return new GraphWrite("map " + map, List.of(
                new GraphStatement(UPSERT_MAP, Map.of("map", map, "properties", props)),
                new GraphStatement(DELETE_MAP_EDGES, Map.of("map", map)),
                new GraphStatement(DELETE_GONE_CONCEPTS, Map.of("map", map, "ids", ids)),
                new GraphStatement(UPSERT_CONCEPTS, Map.of("map", map, "concepts", concepts)),
                new GraphStatement(CREATE_EDGES, Map.of("edges", edges))), edges.size());
    }

    public GraphWrite delete(Object key) {
        if (key == null || key.toString().isBlank()) {
            throw new UnmappableRecordException("a tombstone on causal-maps needs the map id as its key");
        }
        return new GraphWrite("map " + key + " deleted",
                List.of(new GraphStatement(DELETE_MAP, Map.of("map", key.toString()))), 0);
    }

    static String uid(String map, String concept) {
        return map + "/" + concept;
    }
}
