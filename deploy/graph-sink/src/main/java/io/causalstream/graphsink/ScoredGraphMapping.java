package io.causalstream.graphsink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code scored-graphs} record as graph statements. Model:
 * <pre>
 * (:Annotation {id, passage, annotator, kind, model, promptFormat, goldAnnotationId, goldOrigin, hasGold, edges,
 *               alignmentF1, shareValidated, meanStrength, scoredAt, measures, f1, f1_&lt;measure&gt;})
 *   -[:ANNOTATES]-&gt;(:Passage {id})
 * (:Concept {key, name})-[:CAUSES {annotation, passage, annotator, kind, index, direction, sign, strength, state,
 *               confidence, evidenceStart, evidenceEnd, failedStages, hasGold}]-&gt;(:Concept)
 * </pre>
 * A record replaces everything its annotation said before (a new version of an annotation replaces its edges, a
 * replay writes the same graph again); a tombstone (the key is the passage id) removes the passage with its
 * annotations and edges. Concepts left with no edge are removed, so the graph holds what the topic holds.
 */
public final class ScoredGraphMapping {

    static final String UPSERT_ANNOTATION = """
            MERGE (p:Passage {id: $passage})
            MERGE (a:Annotation {uid: $uid})
            SET a = $properties
            MERGE (a)-[:ANNOTATES]->(p)""";
    static final String DELETE_ANNOTATION_EDGES = """
            MATCH (s:Concept)-[r:CAUSES {passage: $passage, annotation: $annotation}]->(t:Concept)
            DELETE r
            WITH collect(s) + collect(t) AS touched
            UNWIND touched AS c
            WITH DISTINCT c
            WHERE NOT (c)--()
            DELETE c""";
    static final String CREATE_EDGES = """
            UNWIND $edges AS e
            MERGE (s:Concept {key: e.sourceKey}) ON CREATE SET s.name = e.source
            MERGE (t:Concept {key: e.targetKey}) ON CREATE SET t.name = e.target
            CREATE (s)-[r:CAUSES]->(t)
            SET r = e.properties""";
    static final String DELETE_PASSAGE_EDGES = """
            MATCH (s:Concept)-[r:CAUSES {passage: $passage}]->(t:Concept)
            DELETE r
            WITH collect(s) + collect(t) AS touched
            UNWIND touched AS c
            WITH DISTINCT c
            WHERE NOT (c)--()
            DELETE c""";
    static final String DELETE_PASSAGE = """
            OPTIONAL MATCH (a:Annotation {passage: $passage})
            DETACH DELETE a
            WITH count(*) AS annotations
            OPTIONAL MATCH (p:Passage {id: $passage})
            DETACH DELETE p""";

    public GraphWrite upsert(Object key, Object value) {
        if (!Fields.isRecord(value)) {
            throw new UnmappableRecordException("a scored graph must be a record, got " + value.getClass().getName());
        }
        String passage = Fields.requiredText(value, "passageId");
        if (key != null && !key.toString().equals(passage)) {
            throw new UnmappableRecordException("the key '" + key + "' is not the record's passageId '" + passage
                    + "' (scored-graphs is keyed by passage)");
        }
        String annotation = Fields.requiredText(value, "annotationId");
        Object annotator = Fields.requiredRecord(value, "annotator");
        String annotatorId = Fields.requiredText(annotator, "id");
        String kind = Fields.requiredText(annotator, "kind");
        String goldId = Fields.text(value, "goldAnnotationId");

        List<Map<String, Object>> edges = new ArrayList<>();
        int index = 0;
        for (Object edge : Fields.list(value, "edges")) {
            edges.add(edge(edge, index++, passage, annotation, annotatorId, kind, goldId != null));
        }

        Map<String, Object> props = new HashMap<>();
        props.put("uid", uid(passage, annotation));
        props.put("id", annotation);
        props.put("passage", passage);
        props.put("annotator", annotatorId);
        props.put("kind", kind);
        props.put("model", Fields.text(annotator, "model"));
        props.put("promptFormat", Fields.text(annotator, "promptFormat"));
        props.put("goldAnnotationId", goldId);
        props.put("goldOrigin", Fields.text(value, "goldOrigin"));
        props.put("hasGold", goldId != null);
        props.put("edges", (long) edges.size());
        props.put("alignmentF1", Fields.number(value, "alignmentF1"));
        props.put("shareValidated", Fields.number(value, "shareValidated"));
        props.put("meanStrength", Fields.number(value, "meanStrength"));
        props.put("scoredAt", Fields.time(value, "scoredAt"));
        List<String> measures = new ArrayList<>();
        List<Double> f1s = new ArrayList<>();
        for (Object score : Fields.list(value, "scores")) {
            String measure = Fields.requiredText(score, "measure");
            Double f1 = Fields.number(score, "f1");
            measures.add(measure);
            f1s.add(f1);
            props.put("f1_" + propertyName(measure), f1);
        }
        props.put("measures", measures);
        props.put("f1", f1s);
        props.values().removeIf(java.util.Objects::isNull);

        List<GraphStatement> statements = List.of(
                new GraphStatement(UPSERT_ANNOTATION, Map.of("passage", passage, "uid", uid(passage, annotation),
                        "properties", props)),
                new GraphStatement(DELETE_ANNOTATION_EDGES, Map.of("passage", passage, "annotation", annotation)),
                new GraphStatement(CREATE_EDGES, Map.of("edges", edges)));
        return new GraphWrite("annotation " + annotation + " of passage " + passage, statements, edges.size());
    }

    /**
     * An annotation's node id: its passage and its id. Annotation ids are unique within a passage only (the
     * sample's "Human1" annotates every passage it rated).
     */
    static String uid(String passage, String annotation) {
        return passage + "/" + annotation;
    }

    public GraphWrite delete(Object key) {
        if (key == null || key.toString().isBlank()) {
            throw new UnmappableRecordException("a tombstone on scored-graphs needs the passage id as its key");
        }
        String passage = key.toString();
        return new GraphWrite("passage " + passage + " deleted", List.of(
                new GraphStatement(DELETE_PASSAGE_EDGES, Map.of("passage", passage)),
                new GraphStatement(DELETE_PASSAGE, Map.of("passage", passage))), 0);
    }

    private static Map<String, Object> edge(Object edge, int index, String passage, String annotation,
                                            String annotator, String kind, boolean hasGold) {
        Object triple = Fields.requiredRecord(edge, "triple");
        String source = Fields.requiredText(triple, "source");
        String target = Fields.requiredText(triple, "target");
        String direction = Fields.requiredText(triple, "direction");
        int sign = switch (direction) {
            case "INCREASE" -> 1;
            case "DECREASE" -> -1;
            default -> throw new UnmappableRecordException("edge " + index + " has an unknown direction '"
                    + direction + "'");
        };
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        for (Object span : Fields.list(triple, "evidence")) {
            starts.add(Fields.integer(span, "start", -1));
            ends.add(Fields.integer(span, "end", -1));
        }
        List<String> failed = new ArrayList<>();
        for (Object stage : Fields.list(edge, "stages")) {
            if (Boolean.FALSE.equals(Fields.get(stage, "passed"))) {
                failed.add(Fields.requiredText(stage, "stage"));
            }
        }
        Map<String, Object> props = new HashMap<>();
        props.put("annotation", annotation);
        props.put("passage", passage);
        props.put("annotator", annotator);
        props.put("kind", kind);
        props.put("index", (long) index);
        props.put("direction", direction);
        props.put("sign", (long) sign);
        props.put("strength", Fields.number(edge, "strength"));
        Object state = Fields.get(edge, "validation");
        props.put("state", state == null ? "UNCHECKED" : state.toString());
        props.put("confidence", Fields.number(triple, "confidence"));
        props.put("evidenceStart", starts);
        props.put("evidenceEnd", ends);
        props.put("failedStages", failed);
        props.put("hasGold", hasGold);
        props.values().removeIf(java.util.Objects::isNull);
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("source", source.strip());
        e.put("target", target.strip());
        e.put("sourceKey", ConceptKey.of(source));
        e.put("targetKey", ConceptKey.of(target));
        if (e.get("sourceKey").toString().isEmpty() || e.get("targetKey").toString().isEmpty()) {
            throw new UnmappableRecordException("edge " + index + " has a blank concept");
        }
        e.put("properties", props);
        return e;
    }

    /** A measure name as a property name a reader can type without back-ticks: soft-bleu@0.5 → soft_bleu_0_5. */
    static String propertyName(String measure) {
        return measure.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
    }
}
