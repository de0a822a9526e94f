package io.causalstream.extractor.ingest;

import io.causalstream.extractor.parse.RelationWords;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds the contract's records from what the sources read. */
public final class Records {

    public static Passage passage(String id, String text, String documentId, String url, String title,
                                  Map<String, String> metadata, Instant now) {
        return Passage.newBuilder().setId(id).setText(text).setDocumentId(documentId).setUrl(url).setTitle(title)
                .setMetadata(Map.copyOf(metadata)).setPublishedAt(now).build();
    }

    /** A person's annotation of a passage; its annotation id is the annotator id, as for every annotator. */
    public static Extraction annotation(String passageId, String annotatorId, AnnotatorKind kind,
                                        List<Triple> triples, Instant now) {
        Annotator annotator = Annotator.newBuilder().setId(annotatorId).setKind(kind)
                .setModel(kind == AnnotatorKind.HUMAN ? null : annotatorId).setPromptFormat(null).build();
        return Extraction.newBuilder().setPassageId(passageId).setAnnotationId(annotatorId).setAnnotator(annotator)
                .setTriples(triples).setRawOutput(null).setLatencyMs(null).setPromptTokens(null)
                .setCompletionTokens(null).setCreatedAt(now).build();
    }

    /** A triple from the words people write; empty when a node is blank or the direction is unknown. */
    public static Optional<Triple> triple(String source, String target, String direction) {
        if (source == null || target == null || source.isBlank() || target.isBlank()) {
            return Optional.empty();
        }
        Optional<Direction> d = RelationWords.direction(direction);
        return d.map(dir -> new Triple(source.strip(), target.strip(), dir, List.of(), null));
    }

    private Records() {
    }
}
