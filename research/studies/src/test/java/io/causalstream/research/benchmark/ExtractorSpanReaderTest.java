package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExtractorSpanReaderTest {

    /** A backend that answers every passage with the same triples, and keeps the texts it was given. */
    private static final class Fixed implements Extractor {
        final List<String> seen = new ArrayList<>();
        final List<Triple> triples;

        Fixed(Triple... triples) {
            this.triples = List.of(triples);
        }

        @Override
        public Annotator annotator() {
            return Annotator.newBuilder().setId("fixed").setKind(io.causalstream.schemas.graph.AnnotatorKind.RULES)
                    .setModel("fixed").setPromptFormat(null).build();
        }

        @Override
        public ExtractionOutcome extract(Passage passage) {
            seen.add(passage.getText());
            return ExtractionOutcome.of(triples);
        }
    }

    private static Triple triple(String source, String target, int evidenceStart, int evidenceEnd) {
        return Triple.newBuilder().setSource(source).setTarget(target).setDirection(Direction.INCREASE)
                .setEvidence(List.of(new EvidenceSpan(evidenceStart, evidenceEnd))).setConfidence(null).build();
    }

    @Test
    void aTripleBecomesSpansOfTheTokenisedSentenceWithTheCueBetweenAsSignal() {
        String sentence = "Rising prices , analysts said , led to protests in the capital .";
        Fixed backend = new Fixed(triple("rising prices", "protests in the capital", 0, 63));
        try (ExtractorSpanReader reader = new ExtractorSpanReader(backend)) {
            List<Relation> read = reader.read(sentence);
            // the backend reads ordinary spacing
            assertThat(backend.seen).containsExactly("Rising prices, analysts said, led to protests in the capital.");
            assertThat(read).hasSize(1);
            Relation r = read.get(0);
            assertThat(r.cause().of(sentence)).isEqualTo("Rising prices");
            assertThat(r.effect().of(sentence)).isEqualTo("protests in the capital");
            assertThat(r.signals()).extracting(s -> s.of(sentence)).containsExactly("led to");
            assertThat(reader.causal(sentence)).isTrue();
            reader.read(sentence);
            assertThat(backend.seen).hasSize(1); // read once, for both subtasks
        }
    }

    @Test
    void aLabelNotWrittenAsSuchIsFoundByItsWords() {
        String text = "Higher fuel prices raised the cost of transport.";
        // a change word moved into the sign, an inflection changed
        assertThat(ExtractorSpanReader.locate(text, "fuel price", List.of()).map(s -> s.of(text)))
                .contains("fuel prices");
        assertThat(ExtractorSpanReader.locate(text, "transport costs", List.of()).map(s -> s.of(text)))
                .contains("cost of transport");
        assertThat(ExtractorSpanReader.locate(text, "inflation", List.of())).isEmpty();
    }

    @Test
    void evidenceDecidesBetweenTwoOccurrences() {
        String text = "Rain fell. Heavy rain flooded the roads.";
        assertThat(ExtractorSpanReader.locate(text, "rain", List.of(new CharSpan(11, 40))))
                .contains(new CharSpan(17, 21));
        assertThat(ExtractorSpanReader.locate(text, "rain", List.of())).contains(new CharSpan(0, 4));
    }

    @Test
    void aTripleWhoseLabelsCannotBeLocatedGivesNothing() {
        Fixed backend = new Fixed(triple("unemployment", "crime", 0, 10));
        try (ExtractorSpanReader reader = new ExtractorSpanReader(backend)) {
            assertThat(reader.read("The storm closed schools .")).isEmpty();
            assertThat(reader.causal("The storm closed schools .")).isFalse();
        }
    }

    @Test
    void aClaimDecisionReplacesAtLeastOneTriple() {
        Fixed backend = new Fixed();
        try (ExtractorSpanReader reader = new ExtractorSpanReader(backend, t -> t.endsWith("."), backend)) {
            assertThat(reader.read("Prices rose .")).isEmpty();
            assertThat(reader.causal("Prices rose .")).isTrue();
            assertThat(reader.causal("Prices rose")).isFalse();
        }
    }

    @Test
    void detokenisedOffsetsMapBack() {
        Detokenised d = Detokenised.of("He said ( in Delhi ) it 's over , 20 % .");
        assertThat(d.text()).isEqualTo("He said (in Delhi) it's over, 20%.");
        int at = d.text().indexOf("Delhi) it's");
        CharSpan back = d.toOriginal(new CharSpan(at, at + "Delhi) it's".length()));
        assertThat(back.of(d.original())).isEqualTo("Delhi ) it 's");
        assertThat(Optional.of(Detokenised.of("Plain text, as written.").text())).contains("Plain text, as written.");
    }
}
