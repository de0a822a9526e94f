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
    void theSizeOfAChangeIsNoConcept() {
        assertThat(texts("The levy cut sugar intake by 12 percent.")).contains("sugar intake")
                .noneMatch(t -> t.contains("percent"));
        assertThat(texts("Dehydration beyond 3% of body mass impaired sprint speed."))
                .contains("Dehydration", "body mass", "sprint speed").noneMatch(t -> t.contains("3%"));
        assertThat(texts("Output fell from 40 to 25 million tonnes.")).noneMatch(t -> t.matches(".*\\d.*"));
    }

    @Test
    void aPossessorAloneIsNoConcept() {
        assertThat(texts("Mentoring improved the nurses' job satisfaction.")).contains("job satisfaction")
                .doesNotContain("nurses");
        assertThat(texts("The drought lowered the region's grain output.")).contains("grain output")
                .doesNotContain("region");
    }

    @Test
    void aLongSentenceIsCappedAtMax() {
        String text = "Floods, droughts, storms, fires, wars, debts, taxes, prices, wages, rents, loans, crops, "
                + "herds, roads and markets all shape the income of farmers in the region of the north.";
        assertThat(CandidateSpans.of(CHUNKER.analyse(text).getFirst())).hasSizeLessThanOrEqualTo(CandidateSpans.MAX);
    }

    @Test
    void aCausalVerbTheTaggerPutInsideANounChunkSeparatesTwoConcepts() {
        // lower/JJR and raised/VBN are tagged inside one noun chunk: without the repair each sentence is one concept
        assertThat(texts("Beta blockers lower resting heart rate.")).contains("Beta blockers", "resting heart rate")
                .noneMatch(t -> t.contains("lower"));
        assertThat(texts("The duty on tobacco raised cigarette prices."))
                .contains("duty on tobacco", "cigarette prices").noneMatch(t -> t.contains("raised"));
    }

    @Test
    void aNounThatOnlyLooksLikeAVerbStaysInItsChunk() {
        // "releases" is no cue verb, "cut" after a singular noun is no verb form that agrees with it
        assertThat(texts("Each year the dam releases water.")).contains("dam releases water");
        assertThat(texts("The budget cut proposals were withdrawn.")).noneMatch(t -> t.equals("budget"));
    }

    @Test
    void thePopulationAClaimHoldsInAndTimeWordsAreNoConcept() {
        assertThat(texts("Screen time increased anxiety among young teenagers."))
                .contains("anxiety").doesNotContain("young teenagers");
        assertThat(texts("Each year the dam releases water.")).doesNotContain("Each year", "year");
        assertThat(texts("In 2019 the levy reduced sugar intake.")).doesNotContain("2019")
                .contains("levy", "sugar intake");
    }

    /** The token range of the first occurrence of {@code words} in the sentence. */
    private static int[] tokens(ChunkedSentence s, String words) {
        String[] w = words.split(" ");
        for (int i = 0; i + w.length <= s.size(); i++) {
            boolean all = true;
            for (int k = 0; k < w.length && all; k++) {
                all = s.token(i + k).equals(w[k]);
            }
            if (all) {
                return new int[] {i, i + w.length - 1};
            }
        }
        throw new AssertionError(words + " not in " + s.text());
    }

    @Test
    void taggedMentionsJoinTheChunksTrimmedAndRefusedAsChunksAre() {
        ChunkedSentence s = CHUNKER.analyse("It said the new levy cut sugar intake by 12 percent each year.").getFirst();
        List<ConceptSpan> chunks = CandidateSpans.of(s);
        List<ConceptSpan> merged = CandidateSpans.withMentions(s, chunks, List.of(tokens(s, "the new levy cut"),
                tokens(s, "It"), tokens(s, "12 percent"), tokens(s, "each year"), tokens(s, "sugar intake")));
        // a mention loses its article as a chunk does; a pronoun, a size of change and time words are no concept
        assertThat(merged).extracting(ConceptSpan::text).contains("new levy cut").doesNotContain("It", "12 percent",
                "each year");
        // a mention that is a chunk's span counts once; every chunk stays; sorted by position
        assertThat(merged).containsAll(chunks);
        assertThat(merged).extracting(ConceptSpan::text).containsOnlyOnce("sugar intake");
        assertThat(merged).isSortedAccordingTo(java.util.Comparator.comparingInt(ConceptSpan::start)
                .thenComparingInt(ConceptSpan::end));
        for (ConceptSpan c : merged) {
            assertThat(s.text().substring(c.start(), c.end())).isEqualTo(c.text());
        }
    }

    @Test
    void withoutTheChunksOnlyTheMentionsAndTheOpeningAnaphorAreCandidates() {
        ChunkedSentence s = CHUNKER.analyse("This, in turn, lowers consumer spending across the region.").getFirst();
        List<ConceptSpan> merged = CandidateSpans.withMentions(s, List.of(), List.of(tokens(s, "consumer spending")));
        assertThat(merged).extracting(ConceptSpan::text).containsExactly("This", "consumer spending");
    }
}
