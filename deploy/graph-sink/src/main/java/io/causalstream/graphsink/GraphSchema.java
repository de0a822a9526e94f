package io.causalstream.graphsink;

import java.util.List;

/**
 * Constraints and indexes the sink creates when a task starts (idempotent: {@code IF NOT EXISTS}). The uniqueness
 * constraints make MERGE on a stable id safe under concurrent tasks; the relationship indexes make replacing an
 * annotation's or a passage's edges a lookup, not a scan. All are available in Neo4j Community.
 */
public final class GraphSchema {

    public static final List<String> STATEMENTS = List.of(
            "CREATE CONSTRAINT passage_id IF NOT EXISTS FOR (n:Passage) REQUIRE n.id IS UNIQUE",
            // annotation ids are unique within a passage only: a store made when they were taken as unique keeps a
            // constraint that would refuse the second passage's "Human1"
            "DROP CONSTRAINT annotation_id IF EXISTS",
            "CREATE CONSTRAINT annotation_uid IF NOT EXISTS FOR (n:Annotation) REQUIRE n.uid IS UNIQUE",
            "CREATE CONSTRAINT concept_key IF NOT EXISTS FOR (n:Concept) REQUIRE n.key IS UNIQUE",
            "CREATE CONSTRAINT causal_map_id IF NOT EXISTS FOR (n:CausalMap) REQUIRE n.id IS UNIQUE",
            "CREATE CONSTRAINT map_concept_uid IF NOT EXISTS FOR (n:MapConcept) REQUIRE n.uid IS UNIQUE",
            "CREATE INDEX annotation_passage IF NOT EXISTS FOR (n:Annotation) ON (n.passage)",
            "CREATE INDEX map_concept_map IF NOT EXISTS FOR (n:MapConcept) ON (n.map)",
            "CREATE INDEX causes_annotation IF NOT EXISTS FOR ()-[r:CAUSES]-() ON (r.annotation)",
            "CREATE INDEX causes_passage IF NOT EXISTS FOR ()-[r:CAUSES]-() ON (r.passage)");

    /**
     * Neo4j's answer when another session created an equivalent constraint or index, or dropped the constraint, in
     * the meantime.
     */
    static boolean alreadyThere(String code) {
        return code != null && code.startsWith("Neo.ClientError.Schema.")
                && (code.endsWith("AlreadyExists") || code.endsWith("ConstraintNotFound"));
    }

    private GraphSchema() {
    }
}
