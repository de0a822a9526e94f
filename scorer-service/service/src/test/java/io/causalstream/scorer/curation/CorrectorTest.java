package io.causalstream.scorer.curation;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.EdgeChangeKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.scorer.curation.CurationRequest.Edit;
import io.causalstream.scorer.curation.CurationRequest.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorrectorTest {



    private static final String TEXT = "Drought cuts harvests. Irrigation raises yields and lowers prices.";
    private static final List<Triple> MODEL = List.of(
            triple("drought", "harvests", INCREASE),       // wrong sign
            triple("irrigation", "yields", INCREASE),      // right
            triple("harvests", "tourism", DECREASE));      // invented
    private final Corrector corrector = new Corrector(new CurationLimits(5, 40, 50));

    private static Triple triple(String s, String t, Direction d) {
        return Triple.newBuilder().setSource(s).setTarget(t).setDirection(d)
                .setEvidence(List.of(new EvidenceSpan(0, 5))).build();
    }

    @Test
    void flipDeleteKeepAndAddMakeTheTriplesAndTheDerivation() {
        Corrector.Corrected c = corrector.apply(TEXT, MODEL, List.of(Edit.flip(0), Edit.delete(2), Edit.keep(1),
                Edit.add(new Span(23, 33), new Span(59, 65), "DECREASE")), false);
        assertThat(c.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("drought", "harvests", DECREASE),
                        org.assertj.core.groups.Tuple.tuple("irrigation", "yields", INCREASE),
                        org.assertj.core.groups.Tuple.tuple("Irrigation", "prices", DECREASE));
        // the added edge's evidence is its two spans, in text order
        assertThat(c.triples().get(2).getEvidence()).containsExactly(new EvidenceSpan(23, 33),
                new EvidenceSpan(59, 65));
        assertThat(c.changes()).extracting(EdgeChange::getChange, EdgeChange::getSourceIndex, EdgeChange::getIndex,
                EdgeChange::getConfirmed).containsExactly(
                org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.FLIPPED, 0, 0, false),
                org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.KEPT, 1, 1, true),
                org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.DELETED, 2, null, false),
                org.assertj.core.groups.Tuple.tuple(EdgeChangeKind.ADDED, null, 2, false));
    }

    @Test
    void twoFlipsRestoreTheEdgeAndARenameMergesConceptsEverywhere() {
        Corrector.Corrected c = corrector.apply(TEXT, MODEL, List.of(Edit.flip(1), Edit.flip(1),
                Edit.rename(" Harvests ", "crop yields"), Edit.rename("yields", "crop yields")), false);
        assertThat(c.triples()).extracting(Triple::getSource, Triple::getTarget).containsExactly(
                org.assertj.core.groups.Tuple.tuple("drought", "crop yields"),
                org.assertj.core.groups.Tuple.tuple("irrigation", "crop yields"),
                org.assertj.core.groups.Tuple.tuple("crop yields", "tourism"));
        assertThat(c.changes()).extracting(EdgeChange::getChange).containsExactly(EdgeChangeKind.RENAMED,
                EdgeChangeKind.RENAMED, EdgeChangeKind.RENAMED);
        assertThat(c.changes()).allMatch(EdgeChange::getRenamed);
        // a flip of a renamed edge is FLIPPED, still marked renamed
        Corrector.Corrected both = corrector.apply(TEXT, MODEL, List.of(Edit.rename("drought", "dry spell"),
                Edit.flip(0)), false);
        assertThat(both.changes().getFirst().getChange()).isEqualTo(EdgeChangeKind.FLIPPED);
        assertThat(both.changes().getFirst().getRenamed()).isTrue();
        assertThat(both.count(EdgeChangeKind.KEPT)).isEqualTo(2);
    }

    @Test
    void nothingCausalDeletesEveryEdgeAndAllowsNoAddition() {
        Corrector.Corrected c = corrector.apply(TEXT, MODEL, List.of(Edit.keep(1)), true);
        assertThat(c.triples()).isEmpty();
        assertThat(c.count(EdgeChangeKind.DELETED)).isEqualTo(3);
        assertThatThrownBy(() -> corrector.apply(TEXT, MODEL, List.of(Edit.add(new Span(0, 7), new Span(13, 21),
                "INCREASE")), true)).isInstanceOf(CurationException.class).hasMessageContaining("nothing causal");
    }

    @Test
    void boundsAndMalformedEditsAreRefusedWithTheirCode() {
        assertThat(code(List.of(Edit.flip(3)))).isEqualTo("invalid_edit");
        assertThat(code(List.of(Edit.delete(0), Edit.flip(0)))).isEqualTo("invalid_edit");
        assertThat(code(List.of(new Edit("explode", 0, null, null, null, null, null, null, null))))
                .isEqualTo("invalid_edit");
        assertThat(code(List.of(Edit.rename("nowhere", "x")))).isEqualTo("invalid_edit");
        assertThat(code(List.of(Edit.rename("drought", "x".repeat(41))))).isEqualTo("label_too_long");
        assertThat(code(List.of(Edit.add(new Span(60, 70), new Span(0, 7), "INCREASE")))).isEqualTo("invalid_edit");
        assertThat(code(List.of(Edit.add(new Span(0, 7), new Span(13, 21), "SIDEWAYS")))).isEqualTo("invalid_edit");
        assertThat(code(List.of(Edit.add(new Span(0, 7), new Span(0, 7), "INCREASE")))).isEqualTo("invalid_edit");
        // 3 model edges + 3 added = 6 > 5
        Edit add = Edit.add(new Span(0, 7), new Span(13, 21), "INCREASE");
        assertThat(code(List.of(add, add, add))).isEqualTo("too_many_edges");
        assertThat(code(java.util.Collections.nCopies(51, Edit.keep(0)))).isEqualTo("too_many_edits");
        // an extraction over the bound is refused as a whole
        assertThatThrownBy(() -> new Corrector(new CurationLimits(2, 40, 50)).apply(TEXT, MODEL, List.of(), false))
                .isInstanceOf(CurationException.class).hasMessageContaining("at most 2");
    }

    @Test
    void versionsChangeWithTheEdgesAndTheText() {
        String v = Versions.extraction(MODEL);
        assertThat(v).hasSize(16).isEqualTo(Versions.extraction(List.copyOf(MODEL)));
        assertThat(Versions.extraction(List.of(MODEL.get(1), MODEL.get(0), MODEL.get(2)))).isNotEqualTo(v);
        assertThat(Versions.extraction(List.of(triple("drought", "harvests", DECREASE), MODEL.get(1),
                MODEL.get(2)))).isNotEqualTo(v);
        assertThat(Versions.passage(TEXT)).isNotEqualTo(Versions.passage(TEXT + " "));
        // one id per curator and extraction version
        String id = Corrections.annotationId("Ann", "p1", "model", v);
        assertThat(id).startsWith("curated-Ann-").isEqualTo(Corrections.annotationId("Ann", "p1", "model", v))
                .isNotEqualTo(Corrections.annotationId("Bob", "p1", "model", v))
                .isNotEqualTo(Corrections.annotationId("Ann", "p1", "model", Versions.passage("x")));
    }

    private String code(List<Edit> edits) {
        try {
            corrector.apply(TEXT, MODEL, edits, false);
            return "accepted";
        } catch (CurationException e) {
            return e.code();
        }
    }
}
