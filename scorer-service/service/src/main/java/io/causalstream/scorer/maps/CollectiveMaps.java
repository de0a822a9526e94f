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

    public static CollectiveMap toAvro(CognitiveMap map, int contributions, String settings, long updatedAt,
                                       int provenanceMax) {
        List<MapConcept> concepts = new ArrayList<>(map.concepts().size());
        for (Concept c : map.concepts()) {
            concepts.add(MapConcept.newBuilder().setId(c.id()).setLabel(c.label()).setAliases(c.aliases()).build());
        }
        List<CollectiveEdge> edges = new ArrayList<>(map.edges().size());
        for (MapEdge e : map.edges()) {
            EdgeSupport s = e.support();
            edges.add(CollectiveEdge.newBuilder()
                    .setSource(e.source()).setTarget(e.target()).setWeight(e.weight())
                    .setPassages(s.passages()).setAnnotators(s.annotators())
                    .setPositive(s.positive()).setNegative(s.negative())
                    .setPositiveMass(s.positiveMass()).setNegativeMass(s.negativeMass())
                    .setContradicting(s.contradicting(e.weight()))
                    .setProvenanceCount(e.provenance().size())
                    .setProvenance(provenance(e, provenanceMax))
                    .build());
        }
        List<ConceptMerge> merges = new ArrayList<>(map.merges().size());
        for (Merge m : map.merges()) {
            merges.add(ConceptMerge.newBuilder().setKey(m.key()).setInto(m.into()).setSimilarity(m.similarity())
                    .setMethod(m.method()).build());
        }
        return CollectiveMap.newBuilder().setMapId(map.id()).setConcepts(concepts).setEdges(edges).setMerges(merges)
                .setContributions(contributions).setSettings(settings == null ? "" : settings)
                .setUpdatedAt(Instant.ofEpochMilli(updatedAt)).build();
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
