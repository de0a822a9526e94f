package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.extractor.backend.rules.SentenceChunker;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chains over two sentences: the second sentence's anaphor or repeated concept is named after the sentence before,
 * and its edge starts there, never at the first cause. The relation head's readings are given by hand, so the test
 * reads the decoding alone.
 */
class SentenceChainTest {

    private static final SentenceChunker CHUNKER = new SentenceChunker();

    /** A passage's sentences and the head's readings: every pair none unless {@link #edge} set it. */
    private static final class Reading {
        final List<SentenceFeatures> sentences = new ArrayList<>();
        final List<float[][][]> probabilities = new ArrayList<>();

        Reading(String passage) {
            for (ChunkedSentence s : CHUNKER.analyse(passage)) {
                List<ConceptSpan> spans = CandidateSpans.of(s);
                if (spans.size() < 2) {
                    continue;
                }
                sentences.add(new SentenceFeatures(s, spans, new TokenEmbeddings(new String[] {"[CLS]"},
                        new int[] {0}, new boolean[] {true}, new float[][] {{0f, 0f}})));
                float[][][] p = new float[spans.size()][spans.size()][];
                for (int i = 0; i < spans.size(); i++) {
                    for (int j = 0; j < spans.size(); j++) {
                        p[i][j] = i == j ? null : new float[] {1f, 0f, 0f};
                    }
                }
                probabilities.add(p);
            }
        }

        /** The head reads cause -> effect (the spans that are exactly these words) in the sentence holding them. */
        Reading edge(String cause, String effect, Direction sign) {
            for (int k = 0; k < sentences.size(); k++) {
                List<ConceptSpan> spans = sentences.get(k).spans();
                int i = index(spans, cause);
                int j = index(spans, effect);
                if (i >= 0 && j >= 0) {
                    probabilities.get(k)[i][j] = sign == Direction.INCREASE ? new float[] {0.1f, 0.8f, 0.1f}
                            : new float[] {0.1f, 0.1f, 0.8f};
                    return this;
                }
            }
            throw new AssertionError("no sentence has both " + cause + " and " + effect + ": " + spans());
        }

        List<Triple> triples() {
            return TripleDecoding.triples(sentences, probabilities, 0.5f);
        }

        private List<List<String>> spans() {
            return sentences.stream().map(f -> f.spans().stream().map(ConceptSpan::text).toList()).toList();
        }

        private static int index(List<ConceptSpan> spans, String text) {
            for (int k = 0; k < spans.size(); k++) {
                if (spans.get(k).text().equals(text)) {
                    return k;
                }
            }
            return -1;
        }
    }

    private static List<String> edges(List<Triple> triples) {
        return triples.stream().map(t -> t.getSource() + " -> " + t.getTarget() + " " + t.getDirection()).toList();
    }

    @Test
    void aBareAnaphorOpeningTheNextSentenceIsTheEffectBeforeIt() {
        String passage = "Higher interest rates reduce household borrowing. This, in turn, lowers consumer spending.";
        List<Triple> triples = new Reading(passage)
                .edge("Higher interest rates", "household borrowing", Direction.DECREASE)
                .edge("This", "consumer spending", Direction.DECREASE).triples();
        assertThat(edges(triples)).contains("household borrowing -> consumer spending DECREASE")
                .noneMatch(e -> e.startsWith("This") || e.contains("interest rates -> consumer spending"));
    }

    @Test
    void theHeadsSignStandsWhereTheTextStatesNone() {
        // "affect" states no sign: the head's reading (DECREASE) is the edge's
        String passage = "Warmer winters increase bark beetle populations. These, in turn, affect the health of "
                + "pine forests.";
        List<Triple> triples = new Reading(passage)
                .edge("Warmer winters", "bark beetle populations", Direction.INCREASE)
                .edge("These", "health of pine forests", Direction.DECREASE).triples();
        assertThat(edges(triples)).contains("bark beetle populations -> health of pine forests DECREASE")
                .noneMatch(e -> e.startsWith("These") || e.startsWith("Warmer winters -> health"));
    }

    @Test
    void anAnaphorWithANounOfDecreaseReversesTheSign() {
        // blood pressure falls, and its fall lowers the risk: the higher the pressure, the higher the risk
        String passage = "Regular exercise lowers blood pressure. This decline reduces the risk of stroke.";
        List<Triple> triples = new Reading(passage)
                .edge("Regular exercise", "blood pressure", Direction.DECREASE)
                .edge("decline", "risk of stroke", Direction.DECREASE).triples();
        assertThat(edges(triples)).contains("Regular exercise -> blood pressure DECREASE",
                "blood pressure -> risk of stroke INCREASE").noneMatch(e -> e.startsWith("decline"));
    }

    @Test
    void theResultingNounIsTheEffectBeforeIt() {
        // yields fall, the shortage raises prices: crop yields -> food prices DECREASE
        String passage = "Prolonged drought reduces crop yields. The resulting shortage raises food prices.";
        List<Triple> triples = new Reading(passage)
                .edge("Prolonged drought", "crop yields", Direction.DECREASE)
                .edge("resulting shortage", "food prices", Direction.INCREASE).triples();
        assertThat(edges(triples)).contains("crop yields -> food prices DECREASE")
                .noneMatch(e -> e.startsWith("resulting shortage") || e.startsWith("Prolonged drought -> food"));
    }

    @Test
    void aRepeatedConceptTakesTheLabelItHadInTheSentenceBefore() {
        String passage = "Nitrate runoff increases algal blooms. Larger algal blooms deplete dissolved oxygen.";
        List<Triple> triples = new Reading(passage)
                .edge("Nitrate runoff", "algal blooms", Direction.INCREASE)
                .edge("Larger algal blooms", "dissolved oxygen", Direction.DECREASE).triples();
        assertThat(edges(triples)).containsExactlyInAnyOrder("Nitrate runoff -> algal blooms INCREASE",
                "algal blooms -> dissolved oxygen DECREASE");
    }

    @Test
    void theCueTheWordsStateFromAnAnaphorGivesTheEdgeTheHeadDidNotRead() {
        // the head reads no pair of the second sentences (a pronoun is no concept to it): the one signed cue after
        // the anaphor names the effect, the first concept after it, the longest of those starting there
        List<Triple> health = new Reading("Regular exercise lowers blood pressure. This decline reduces the risk of "
                + "stroke.").edge("Regular exercise", "blood pressure", Direction.DECREASE).triples();
        assertThat(edges(health)).containsExactlyInAnyOrder("Regular exercise -> blood pressure DECREASE",
                "blood pressure -> risk of stroke INCREASE");
        List<Triple> transport = new Reading("Congestion charges reduce car traffic in the centre. In turn, this "
                + "lowers air pollution near schools.").edge("Congestion charges", "car traffic in the centre",
                Direction.DECREASE).triples();
        assertThat(edges(transport)).contains("car traffic in the centre -> air pollution DECREASE")
                .noneMatch(e -> e.startsWith("Congestion charges -> air"));
        // nothing read before: the anaphor names nothing, and the cue gives no edge
        assertThat(new Reading("The board met in May. This lowers air pollution near schools.").triples()).isEmpty();
    }

    @Test
    void anAnaphorIsACauseOnlyWhenItsCueFollowsIt() {
        // "This" is the subject of "is", not of "reduce": the cue belongs to the concept after it
        String passage = "Drought has cut harvests across the region. This is especially true where persistent "
                + "conflict continues to reduce market access.";
        Reading reading = new Reading(passage).edge("Drought", "harvests", Direction.DECREASE);
        assertThat(edges(reading.triples())).noneMatch(e -> e.startsWith("harvests ->"));
    }

    @Test
    void aMentionThatSaysMoreThanTheConceptBeforeKeepsItsName() {
        String passage = "Import tariffs raise the price of rice. Locally produced rice gains market share.";
        Reading reading = new Reading(passage).edge("Import tariffs", "price of rice", Direction.INCREASE);
        if (reading.sentences.size() == 2) {
            reading.edge("Locally produced rice", "market share", Direction.INCREASE);
        }
        assertThat(edges(reading.triples())).noneMatch(e -> e.startsWith("price of rice -> market"));
        assertThat(SentenceChain.repeats("costs", "labour costs")).isTrue();
        assertThat(SentenceChain.repeats("locally produced rice", "rice")).isFalse();
    }

    @Test
    void anAnaphorWithNothingReadBeforeItGivesNoEdge() {
        // the first sentence states no claim the head read: "This" names nothing
        String passage = "The council met on Tuesday evening. This raises parking fees.";
        Reading reading = new Reading(passage);
        if (reading.sentences.size() == 2) {
            reading.edge("This", "parking fees", Direction.INCREASE);
        }
        assertThat(edges(reading.triples())).noneMatch(e -> e.startsWith("This"));
        assertThat(edges(new Reading("This raises parking fees.").edge("This", "parking fees", Direction.INCREASE)
                .triples())).isEmpty();
    }

    @Test
    void anAnaphorIsNeverAnEffect() {
        String passage = "Tariffs raise import prices. Retaliation worsens this.";
        Reading reading = new Reading(passage).edge("Tariffs", "import prices", Direction.INCREASE);
        assertThat(edges(reading.triples())).containsExactly("Tariffs -> import prices INCREASE");
    }

    @Test
    void onlyASentenceOpeningPronounIsAConcept() {
        assertThat(CandidateSpans.of(CHUNKER.analyse("This, in turn, lowers consumer spending.").getFirst()))
                .extracting(ConceptSpan::text).containsExactly("This", "consumer spending");
        assertThat(CandidateSpans.of(CHUNKER.analyse("In turn, these reduce soil erosion.").getFirst()))
                .extracting(ConceptSpan::text).contains("these", "soil erosion");
        // a determiner of a noun, or a pronoun inside the sentence, is none
        assertThat(CandidateSpans.of(CHUNKER.analyse("This policy lowers emissions.").getFirst()))
                .extracting(ConceptSpan::text).doesNotContain("This").contains("policy");
        assertThat(CandidateSpans.of(CHUNKER.analyse("Emissions fell because of this.").getFirst()))
                .extracting(ConceptSpan::text).doesNotContain("this");
    }

    @Test
    void twoNamesOfOneConceptShareTheirHeadNounAndWords() {
        assertThat(SentenceChain.sameConcept("algal blooms", "algal bloom")).isTrue();
        assertThat(SentenceChain.sameConcept("prices", "food prices")).isTrue();
        assertThat(SentenceChain.sameConcept("air pressure", "blood pressure")).isFalse();
        assertThat(SentenceChain.sameConcept("food prices", "prices of food")).isFalse();
    }
}
