package io.causalstream.extractor.backend;

import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.LineBreakHyphens;
import java.util.function.Function;

/**
 * An extraction that reads the passage with its words broken at line ends made whole ({@link LineBreakHyphens}:
 * "the con- flict" is read as "the conflict"), so that its labels are whole words; the evidence spans it returns
 * point into the passage as given.
 */
public final class LineBreakRepair {

    private LineBreakRepair() {
    }

    /** Runs {@code extraction} on the repaired passage (on the passage itself when nothing needs repair). */
    public static ExtractionOutcome extract(Passage passage, Function<Passage, ExtractionOutcome> extraction) {
        LineBreakHyphens.Repaired repaired = LineBreakHyphens.repair(passage.getText());
        if (!repaired.changed()) {
            return extraction.apply(passage);
        }
        ExtractionOutcome read = extraction.apply(Passage.newBuilder(passage).setText(repaired.text()).build());
        return read.withTriples(read.triples().stream().map(t -> Triple.newBuilder(t)
                .setEvidence(t.getEvidence().stream().map(e -> new EvidenceSpan(repaired.originalStart(e.getStart()),
                        repaired.originalEnd(e.getEnd()))).toList()).build()).toList());
    }
}
