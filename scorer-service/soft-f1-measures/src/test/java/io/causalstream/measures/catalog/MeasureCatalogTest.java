package io.causalstream.measures.catalog;

import io.causalstream.measures.Edge;
import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.NodeSimilarity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.measures.reference.ReferenceMeasure;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasureCatalogTest {

    private final MeasureCatalog catalog = MeasureCatalog.builtIn();

    @Test
    void parsesNamesAndThresholds() {
        List<EdgeSetMeasure> m = catalog.parse("exact, bleu:0.5 ,rouge1:0.6,meteor:0.5");
        assertThat(m).extracting(EdgeSetMeasure::name).containsExactly("exact", "bleu", "rouge1", "meteor");
        assertThat(m).extracting(EdgeSetMeasure::threshold).containsExactly(1.0, 0.5, 0.6, 0.5);
        assertThat(m).allMatch(x -> x instanceof EdgeSetScorer);
    }

    @Test
    void defaultsAndReferenceMeasures() {
        List<EdgeSetMeasure> m = catalog.parse(MeasureCatalog.DEFAULT_SPEC);
        assertThat(m).extracting(EdgeSetMeasure::name).containsExactly("exact", "bleu", "rouge1", "meteor");
        assertThat(m).extracting(EdgeSetMeasure::threshold).containsExactly(1.0, 0.35, 0.7, 0.55);
        List<EdgeSetMeasure> ref = catalog.parse("ref-verbatim,ref-bleu,ref-meteor,ref-rouge");
        assertThat(ref).allMatch(x -> x instanceof ReferenceMeasure);
        assertThat(ref).extracting(EdgeSetMeasure::threshold).containsExactly(0.5, 0.2, 0.005, 0.5);
        assertThat(catalog.names()).contains("bleu-nltk", "rouge2", "rougeL");
    }

    @Test
    void rejectsBadLists() {
        assertThatThrownBy(() -> catalog.parse("exact,bleurt")).hasMessageContaining("unknown measure 'bleurt'");
        assertThatThrownBy(() -> catalog.parse("bleu:high")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> catalog.parse("bleu:NaN")).hasMessageContaining("finite");
        assertThatThrownBy(() -> catalog.parse("exact,,bleu")).hasMessageContaining("empty item");
        assertThatThrownBy(() -> catalog.parse(" ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> catalog.parse("bleu:0.5,bleu:0.5")).hasMessageContaining("listed twice");
        assertThat(catalog.parse("bleu:0.3,bleu:0.5")).hasSize(2);
    }

    @Test
    void moreSimilaritiesCanBeRegistered() {
        NodeSimilarity first = new NodeSimilarity() {
            @Override
            public String name() {
                return "first-letter";
            }

            @Override
            public double similarity(String predicted, String gold) {
                return predicted.charAt(0) == gold.charAt(0) ? 1 : 0;
            }
        };
        MeasureCatalog more = catalog.withSimilarity(first, 0.9);
        EdgeSetMeasure m = more.parse("first-letter").get(0);
        assertThat(m.threshold()).isEqualTo(0.9);
        assertThat(m.score(List.of(new Edge("rain", "floods", null)), List.of(new Edge("rainfall", "fires", null)))
                .pp()).isEqualTo(1);
        assertThatThrownBy(() -> catalog.parse("first-letter")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void oneSpecSyntaxNameWithOptionalThreshold() {
        assertThat(MeasureCatalog.Spec.parse(" rouge1 ")).isEqualTo(new MeasureCatalog.Spec("rouge1",
                java.util.OptionalDouble.empty()));
        assertThat(MeasureCatalog.Spec.parse("meteor : 0.01").threshold()).hasValue(0.01);
        assertThat(MeasureCatalog.Spec.parse("meteor:0.01").name()).isEqualTo("meteor");
        assertThatThrownBy(() -> MeasureCatalog.Spec.parse("bleu:high")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MeasureCatalog.Spec.parse("bleu:NaN")).isInstanceOf(IllegalArgumentException.class);
    }
}
