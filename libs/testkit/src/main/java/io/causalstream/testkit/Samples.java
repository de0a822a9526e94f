package io.causalstream.testkit;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.time.Instant;
import java.util.List;

/** Small builders for test records. */
public final class Samples {

    public static Triple triple(String source, String target, Direction direction) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(direction).build();
    }

    /** An annotation by {@code annotationId} of the given kind (a person, a model, the rules), made at {@code at}. */
    public static Extraction annotation(String passageId, String annotationId, AnnotatorKind kind, Instant at,
                                        Triple... triples) {
        return Extraction.newBuilder().setPassageId(passageId).setAnnotationId(annotationId)
                .setAnnotator(Annotator.newBuilder().setId(annotationId).setKind(kind).build())
                .setTriples(List.of(triples)).setCreatedAt(at).build();
    }

    public static Extraction extraction(String passageId, String annotationId, Triple... triples) {
        return Extraction.newBuilder()
                .setPassageId(passageId)
                .setAnnotationId(annotationId)
                .setAnnotator(Annotator.newBuilder().setId(annotationId).setKind(AnnotatorKind.MODEL)
                        .setModel("test-model").setPromptFormat("zero-shot").build())
                .setTriples(List.of(triples))
                .setCreatedAt(Instant.ofEpochMilli(1_000))
                .build();
    }

    public static GoldGraph gold(String passageId, String annotationId, GoldOrigin origin, Triple... triples) {
        return GoldGraph.newBuilder()
                .setPassageId(passageId)
                .setAnnotationId(annotationId)
                .setOrigin(origin)
                .setTriples(List.of(triples))
                .setUpdatedAt(Instant.ofEpochMilli(500))
                .build();
    }

    private Samples() {
    }
}
