package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.rules.SentenceChunker;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Candidate concepts from the OpenNLP chunks. */
class CandidateSpansTest {

    private static final SentenceChunker CHUNKER = new SentenceChunker();

    private static List<String> texts(String sentence) {
        return CandidateSpans.of(CHUNKER.analyse(sentence).getFirst()).stream().map(ConceptSpan::text).toList();
    }

    @Test
    void chunksAloneAndWithTheirAttachedPhrasesDeterminersDropped() {
        List<String> spans = texts("Deforestation reduces the supply of clean water.");
        assertThat(spans).containsExactly("Deforestation", "supply", "supply of clean water", "clean water");
    }

    @Test
    void pronounsAreNoConceptAndSpansKeepTheirSentenceOffsets() {
        String text = "It reduces the spread of malaria.";
        List<ConceptSpan> spans = CandidateSpans.of(CHUNKER.analyse(text).getFirst());
        assertThat(spans).extracting(ConceptSpan::text).doesNotContain("It").contains("spread of malaria");
        for (ConceptSpan s : spans) {
            assertThat(text.substring(s.start(), s.end())).isEqualTo(s.text());
        }
    }

    @Test
    void aLongSentenceIsCappedAtMax() {
        String text = "Floods, droughts, storms, fires, wars, debts, taxes, prices, wages, rents, loans, crops, "
                + "herds, roads and markets all shape the income of farmers in the region of the north.";
        assertThat(CandidateSpans.of(CHUNKER.analyse(text).getFirst())).hasSizeLessThanOrEqualTo(CandidateSpans.MAX);
    }
}
