package io.causalstream.scorer.maps;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.EdgeSupport;
import io.causalstream.fcm.model.Evidence;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Merge;
import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import io.causalstream.schemas.maps.ConceptMerge;
import io.causalstream.schemas.maps.MapConcept;
import io.causalstream.schemas.maps.MapEvidence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The library's {@link CognitiveMap} as a {@code causal-maps} record ({@link CollectiveMap}) and back. A record
 * carries at most {@code provenanceMax} evidence items per edge (the contradicting ones first), with the full counts.
 */
public final class CollectiveMaps {

    /** Every edge, {@code provenanceMax} evidence items each, whatever the record's size. */
    public static CollectiveMap toAvro(CognitiveMap map, int contributions, String settings, long updatedAt,
                                       int provenanceMax) {
        return toAvro(map, contributions, settings, updatedAt, provenanceMax, Long.MAX_VALUE);
    }

    /**
     * The record, kept under about {@code maxBytes} (a broker refuses larger messages; the default limit is 1 MB):
     * fewer evidence items per edge first, down to none, then only the strongest edges (|weight|) with their
     * concepts; {@code edgeCount} and {@code provenancePerEdge} say what was left out. Sizes are estimated from
     * the strings' lengths (the Avro encoding adds a few bytes per field).
     */
    public static CollectiveMap toAvro(CognitiveMap map, int contributions, String settings, long updatedAt,
                                       int provenanceMax, long maxBytes) {
        long fixed = 64;
        java.util.Map<String, Long> conceptBytes = new java.util.HashMap<>();
        for (Concept c : map.concepts()) {
            long bytes = 8 + c.id().length() + c.label().length();
            for (String a : c.aliases()) {
                bytes += 2 + a.length();
            }
            conceptBytes.put(c.id(), bytes);
        }
        long allConcepts = conceptBytes.values().stream().mapToLong(Long::longValue).sum();
        for (Merge m : map.merges()) {
            fixed += 16 + m.key().length() + m.into().length() + m.method().length();
        }
        // per evidence rank k (0 .. provenanceMax-1): the bytes of every edge's k-th item, so that the size at any
        // cap is a sum over ranks, not another pass over the map
        int ranks = Math.max(0, Math.min(provenanceMax, 1_000));
        long[] atRank = new long[ranks];
        long edgesOnly = 0;
        for (MapEdge e : map.edges()) {
            edgesOnly += size(List.of(e), 0);
            List<Evidence> p = e.provenance();
            for (int k = 0; k < Math.min(ranks, p.size()); k++) {
                atRank[k] += evidenceBytes(p.get(k));
            }
        }
        int perEdge = ranks;
        long size = fixed + allConcepts + edgesOnly + java.util.Arrays.stream(atRank).sum();
        while (size > maxBytes && perEdge > 0) {
            perEdge /= 2;
            size = fixed + allConcepts + edgesOnly + java.util.Arrays.stream(atRank, 0, perEdge).sum();
        }
        List<MapEdge> kept = map.edges();
        if (size > maxBytes) {
            List<MapEdge> strongest = new ArrayList<>(map.edges());
            strongest.sort(Comparator.comparingDouble((MapEdge e) -> -Math.abs(e.weight())));
            List<MapEdge> fit = new ArrayList<>();
            java.util.Set<String> named = new java.util.HashSet<>();
            long total = fixed;
            for (MapEdge e : strongest) {
                long more = size(List.of(e), 0)
                        + (named.contains(e.source()) ? 0 : conceptBytes.getOrDefault(e.source(), 0L))
                        + (named.contains(e.target()) ? 0 : conceptBytes.getOrDefault(e.target(), 0L));
                if (total + more > maxBytes) {
                    break;
                }
                total += more;
                named.add(e.source());
                named.add(e.target());
                fit.add(e);
            }
            fit.sort(Comparator.comparing(MapEdge::source).thenComparing(MapEdge::target));
            kept = fit;
        }
        java.util.Set<String> used = new java.util.HashSet<>();
        kept.forEach(e -> {
            used.add(e.source());
            used.add(e.target());
        });
        List<MapConcept> concepts = new ArrayList<>(map.concepts().size());
        for (Concept c : map.concepts()) {
            if (kept == map.edges() || used.contains(c.id())) {
                concepts.add(MapConcept.newBuilder().setId(c.id()).setLabel(c.label()).setAliases(c.aliases())
                        .build());
            }
        }
        int cap = perEdge;
        List<CollectiveEdge> edges = new ArrayList<>(kept.size());
        for (MapEdge e : kept) {
            EdgeSupport s = e.support();
            edges.add(CollectiveEdge.newBuilder()
                    .setSource(e.source()).setTarget(e.target()).setWeight(e.weight())
                    .setPassages(s.passages()).setAnnotators(s.annotators())
                    .setPositive(s.positive()).setNegative(s.negative())
                    .setPositiveMass(s.positiveMass()).setNegativeMass(s.negativeMass())
                    .setContradicting(s.contradicting(e.weight()))
                    .setProvenanceCount(e.provenance().size())
                    .setProvenance(provenance(e, cap))
                    .build());
        }
        List<ConceptMerge> merges = new ArrayList<>(map.merges().size());
        for (Merge m : map.merges()) {
            merges.add(ConceptMerge.newBuilder().setKey(m.key()).setInto(m.into()).setSimilarity(m.similarity())
                    .setMethod(m.method()).build());
        }
        return CollectiveMap.newBuilder().setMapId(map.id()).setConcepts(concepts).setEdges(edges).setMerges(merges)
                .setEdgeCount(map.edges().size()).setProvenancePerEdge(cap)
                .setContributions(contributions).setSettings(settings == null ? "" : settings)
                .setUpdatedAt(Instant.ofEpochMilli(updatedAt)).build();
    }

    /** Estimated encoded size of edges with at most {@code perEdge} evidence items each. */
    static long size(List<MapEdge> edges, int perEdge) {
        long total = 0;
        for (MapEdge e : edges) {
            total += 64 + e.source().length() + e.target().length();
            int n = 0;
            for (Evidence x : e.provenance()) {
                if (n++ >= perEdge) {
                    break;
                }
                total += evidenceBytes(x);
            }
        }
        return total;
    }

    private static long evidenceBytes(Evidence x) {
        return 32 + x.passageId().length() + x.annotationId().length() + x.annotatorId().length()
                + (x.sourceText() == null ? 0 : x.sourceText().length())
                + (x.targetText() == null ? 0 : x.targetText().length()) + 16 + 6L * x.spans().size();
    }

    /**
     * The evidence kept in a record: contradicting items first (they are the rarer and the more telling), then the
     * rest, each part by passage, annotator and annotation.
     */
    static List<MapEvidence> provenance(MapEdge e, int max) {
        int sign = e.weight() > 0 ? 1 : e.weight() < 0 ? -1 : 0;
        // the aggregator's order depends on the arrival history (a replaced contribution moves to the end); the
        // record's must not, so a restored map writes the same record
        Comparator<Evidence> byOrigin = Comparator.comparing(Evidence::passageId)
                .thenComparing(Evidence::annotatorId).thenComparing(Evidence::annotationId)
                .thenComparing(Evidence::sourceText, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(Evidence::targetText, Comparator.nullsFirst(Comparator.naturalOrder()));
        List<Evidence> ordered = new ArrayList<>(e.provenance().size());
        if (sign != 0) {
            e.provenance().stream().filter(x -> x.sign() != sign).sorted(byOrigin).forEach(ordered::add);
            e.provenance().stream().filter(x -> x.sign() == sign).sorted(byOrigin).forEach(ordered::add);
        } else {
            e.provenance().stream().sorted(byOrigin).forEach(ordered::add);
        }
        List<MapEvidence> out = new ArrayList<>(Math.min(max, ordered.size()));
        for (Evidence x : ordered.subList(0, Math.min(max, ordered.size()))) {
            out.add(MapEvidence.newBuilder()
                    .setPassageId(x.passageId()).setAnnotationId(x.annotationId()).setAnnotatorId(x.annotatorId())
                    .setAnnotatorKind(x.annotatorKind() == null ? "" : x.annotatorKind())
                    .setSourceText(x.sourceText() == null ? "" : x.sourceText())
                    .setTargetText(x.targetText() == null ? "" : x.targetText())
                    .setSign(x.sign()).setStrength(x.strength())
                    .setValidation(x.validation() == null ? Validation.UNCHECKED.name() : x.validation().name())
                    .setSpans(x.spans().stream().map(sp -> EvidenceSpan.newBuilder().setStart(sp.start())
                            .setEnd(sp.end()).build()).toList())
                    .build());
        }
        return out;
    }

    /**
     * A {@code causal-maps} record as a library map, for consumers that analyse or export it; provenance is what
     * the record carries (capped), the support counts are complete.
     */
    public static CognitiveMap fromAvro(CollectiveMap m) {
        List<Concept> concepts = m.getConcepts().stream()
                .map(c -> new Concept(c.getId(), c.getLabel(), c.getAliases())).toList();
        List<MapEdge> edges = new ArrayList<>(m.getEdges().size());
        for (CollectiveEdge e : m.getEdges()) {
            List<Evidence> evidence = e.getProvenance().stream().map(x -> new Evidence(x.getPassageId(),
                    x.getAnnotationId(), x.getAnnotatorId(), x.getAnnotatorKind(), x.getSourceText(),
                    x.getTargetText(), x.getSign(), x.getStrength(), Validation.valueOf(x.getValidation()),
                    x.getSpans().stream().map(s -> new Span(s.getStart(), s.getEnd())).toList())).toList();
            edges.add(new MapEdge(e.getSource(), e.getTarget(), e.getWeight(), new EdgeSupport(e.getPassages(),
                    e.getAnnotators(), e.getPositive(), e.getNegative(), e.getPositiveMass(), e.getNegativeMass()),
                    evidence));
        }
        List<Merge> merges = m.getMerges().stream()
                .map(x -> new Merge(x.getKey(), x.getInto(), x.getSimilarity(), x.getMethod())).toList();
        return new CognitiveMap(m.getMapId(), concepts, edges, merges);
    }

    private CollectiveMaps() {
    }
}
