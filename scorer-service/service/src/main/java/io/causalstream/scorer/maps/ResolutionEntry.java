package io.causalstream.scorer.maps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.fcm.aggregate.ConceptResolver;
import io.causalstream.fcm.model.Merge;
import java.io.UncheckedIOException;

/**
 * One entry of a map's resolution log as the resolution store keeps it (JSON): the resolved label, its concept,
 * the founding surface form, and for a merge how it was decided.
 */
record ResolutionEntry(String key, String concept, String label, Double similarity, String method) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static ResolutionEntry of(ConceptResolver.Resolution r, Merge m) {
        return new ResolutionEntry(r.key(), r.concept(), r.label(), m == null ? null : m.similarity(),
                m == null ? null : m.method());
    }

    boolean isMerge() {
        return !key.equals(concept);
    }

    ConceptResolver.Resolution resolution() {
        return new ConceptResolver.Resolution(key, concept, label);
    }

    Merge merge() {
        return new Merge(key, concept, similarity == null ? 1.0 : similarity, method == null ? "configured" : method);
    }

    String encode() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ResolutionEntry decode(String json) {
        try {
            return JSON.readValue(json, ResolutionEntry.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
