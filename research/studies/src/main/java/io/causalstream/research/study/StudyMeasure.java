package io.causalstream.research.study;

import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.RawEdge;
import io.causalstream.measures.reference.ReferenceMeasure;
import java.util.List;
import java.util.Objects;

/**
 * A way to score one annotation of a passage against the passage's gold annotation, under a name: what a
 * measure-vs-human agreement study ranks annotations by.
 */
public record StudyMeasure(String name, Scorer scorer) {

    /** The score of {@code annotation} when {@code gold} is the reference (higher = closer). */
    @FunctionalInterface
    public interface Scorer {
        double score(List<RawEdge> gold, List<RawEdge> annotation);
    }

    public StudyMeasure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scorer, "scorer");
    }

    /**
     * The reference-compatible soft F1 called as the authors' notebook calls it: the gold graph in the role it
     * names "predicted" (candidate nodes) and the annotation in the role it names "ground truth".
     */
    public static StudyMeasure reference(ReferenceMeasure measure) {
        return new StudyMeasure(measure.name(), (gold, annotation) -> measure.scoreRaw(gold, annotation).f1());
    }

    /** A paper-faithful soft F1 of the annotation (prediction) against the gold: E* when {@code strict}. */
    public static StudyMeasure paper(EdgeSetMeasure measure, boolean strict) {
        return new StudyMeasure(measure.name() + (strict ? "-E*" : "-E"), (gold, annotation) -> {
            var s = measure.score(edges(annotation), edges(gold));
            return strict ? s.f1Strict() : s.f1();
        });
    }

    private static List<io.causalstream.measures.Edge> edges(List<RawEdge> raw) {
        return raw.stream().map(RawEdge::toEdge).toList();
    }
}
