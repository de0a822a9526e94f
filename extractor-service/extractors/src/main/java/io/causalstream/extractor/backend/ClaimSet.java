package io.causalstream.extractor.backend;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The claims of one passage, each once: a claim found again adds its evidence spans (each span once) and keeps the
 * higher confidence; the first finding names it. In order of first finding. What counts as the same claim is the
 * caller's key (the exact wording and direction, or a folded one). Not thread-safe.
 */
public final class ClaimSet {

    private final Map<Object, Triple> claims = new LinkedHashMap<>();

    /** Adds a finding of the claim {@code key}; {@code confidence} may be null (the rules give none). */
    public void add(Object key, String source, String target, Direction direction, Collection<EvidenceSpan> spans,
                    Double confidence) {
        Triple claim = claims.computeIfAbsent(key, k -> new Triple(source, target, direction, new ArrayList<>(),
                confidence));
        for (EvidenceSpan span : spans) {
            if (!claim.getEvidence().contains(span)) {
                claim.getEvidence().add(span);
            }
        }
        if (confidence != null && (claim.getConfidence() == null || confidence > claim.getConfidence())) {
            claim.setConfidence(confidence);
        }
    }

    public List<Triple> triples() {
        return List.copyOf(claims.values());
    }
}
