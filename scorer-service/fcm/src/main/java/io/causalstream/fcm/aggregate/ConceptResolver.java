package io.causalstream.fcm.aggregate;

import io.causalstream.fcm.model.Merge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves surface labels to concepts: by normalised text ({@link ConceptKey}), then a configured alias, then the
 * most similar known concept at or above the threshold (when a similarity is plugged in and the label is not kept
 * separate); otherwise the label founds a new concept. A label's resolution never changes once made, so adding
 * evidence never moves earlier evidence; every merge is logged. Resolution depends on the order labels arrive
 * (a label is compared with the concepts known then), which is why {@link MapAggregator#state()} keeps it.
 */
public final class ConceptResolver {

    /** A resolved label: its normalised key, the concept it names, and (for a founding key) its first surface form. */
    public record Resolution(String key, String concept, String label) {
    }

    private final AggregationSettings settings;
    private final ConceptSimilarity similarity;
    private final Map<String, String> resolved = new HashMap<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, List<String>> aliases = new HashMap<>();
    private final List<Merge> merges = new ArrayList<>();
    private final List<Resolution> log = new ArrayList<>();
    /** Surface label -> concept, so a label seen before costs one lookup (no normalisation). */
    private final Map<String, String> surfaces = new HashMap<>();

    public ConceptResolver(AggregationSettings settings, ConceptSimilarity similarity) {
        this.settings = settings;
        this.similarity = similarity == null ? ConceptSimilarity.NONE : similarity;
    }

    /** The concept id of a surface label, or null for a label that is blank once normalised. */
    public String resolve(String surface) {
        if (surface == null) {
            return null;
        }
        String cached = surfaces.get(surface);
        if (cached != null) {
            return cached;
        }
        String concept = resolveNew(surface);
        if (concept != null && surfaces.size() < MAX_SURFACES) {
            surfaces.put(surface, concept);
        }
        return concept;
    }

    /** Bound of the surface cache (a label past it is normalised again each time, with the same result). */
    static final int MAX_SURFACES = 1_000_000;

    private String resolveNew(String surface) {
        String key = ConceptKey.normalise(surface);
        if (key.isEmpty()) {
            return null;
        }
        String known = resolved.get(key);
        if (known != null) {
            return known;
        }
        String target = settings.aliases().get(key);
        if (target != null && !target.isEmpty() && !target.equals(key)) {
            String into = resolveKey(target, target, 0);
            return merge(key, into, 1.0, "configured");
        }
        if (similarity != ConceptSimilarity.NONE && !settings.keepSeparate().contains(key)) {
            String best = null;
            double bestSimilarity = Double.NEGATIVE_INFINITY;
            for (String concept : labels.keySet()) {
                if (settings.polarityGuard() && !PolarityGuard.allows(key, concept)) {
                    continue;
                }
                double s = similarity.similarity(key, concept);
                if (s >= settings.similarityThreshold() && s > bestSimilarity) {
                    best = concept;
                    bestSimilarity = s;
                }
            }
            if (best != null) {
                return merge(key, best, bestSimilarity, "similarity:" + similarity.name());
            }
        }
        return found(key, surface.strip());
    }

    /** Resolves a configured alias target; aliases of aliases are followed a few steps, never in a loop. */
    private String resolveKey(String key, String surface, int depth) {
        String known = resolved.get(key);
        if (known != null) {
            return known;
        }
        String target = settings.aliases().get(key);
        if (target != null && depth < 8 && !target.equals(key)) {
            return merge(key, resolveKey(target, target, depth + 1), 1.0, "configured");
        }
        return found(key, surface);
    }

    private String merge(String key, String into, double s, String method) {
        resolved.put(key, into);
        aliases.computeIfAbsent(into, c -> new ArrayList<>()).add(key);
        merges.add(new Merge(key, into, s, method));
        log.add(new Resolution(key, into, null));
        return into;
    }

    private String found(String key, String surface) {
        resolved.put(key, key);
        labels.put(key, surface);
        log.add(new Resolution(key, key, surface));
        return key;
    }

    /** Replays a resolution log (from {@link #log()}) exactly, without consulting the similarity again. */
    void replay(List<Resolution> entries, List<Merge> mergeLog) {
        for (Resolution r : entries) {
            resolved.put(r.key(), r.concept());
            if (r.key().equals(r.concept())) {
                labels.put(r.key(), r.label() == null ? r.key() : r.label());
            } else {
                aliases.computeIfAbsent(r.concept(), c -> new ArrayList<>()).add(r.key());
            }
            log.add(r);
        }
        merges.addAll(mergeLog);
    }

    public String label(String concept) {
        return labels.getOrDefault(concept, concept);
    }

    public List<String> aliases(String concept) {
        return aliases.getOrDefault(concept, List.of());
    }

    public List<Merge> merges() {
        return List.copyOf(merges);
    }

    public List<Resolution> log() {
        return List.copyOf(log);
    }

    /** The log entries from position {@code from} on (an append-only copy of the log costs only the new ones). */
    public List<Resolution> logFrom(int from) {
        return List.copyOf(log.subList(Math.min(from, log.size()), log.size()));
    }

    /** The merges from position {@code from} on. */
    public List<Merge> mergesFrom(int from) {
        return List.copyOf(merges.subList(Math.min(from, merges.size()), merges.size()));
    }

    public int logSize() {
        return log.size();
    }

    public int mergeCount() {
        return merges.size();
    }

    /** Concept ids in the order they were founded. */
    public List<String> concepts() {
        return List.copyOf(labels.keySet());
    }
}
