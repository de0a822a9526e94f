package io.causalstream.measures.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.meteor.Meteor;
import org.junit.jupiter.api.Test;

/**
 * The notebook's node similarities, against values printed by NLTK 3.8 for {@code sentence_bleu(r.split(), c)}
 * and by a run of the pre-3.6.6 METEOR code (both stem-stage generations) on Debian's WordNet 3.0.
 */
class ReferenceSimilaritiesTest {

    private final NodeSimilarity bleu = ReferenceSimilarities.bleu();
    private final NodeSimilarity meteor = ReferenceSimilarities.meteor();
    private final NodeSimilarity meteor362 = ReferenceSimilarities.meteor(Meteor.StemStage.NLTK);

    @Test
    void characterNgramBleuAgainstEachReferenceWord() {
        assertThat(bleu.similarity("ecological and social compensation measures", "ecological compensation measures"))
                .isCloseTo(0.545403689525436, within(1e-15));
        assertThat(bleu.similarity("food aid pledges", "acceleration of food aid pledges and deliveries "))
                .isCloseTo(0.5896412024973812, within(1e-15));
        assertThat(bleu.similarity("rain", "heavy rain")).isEqualTo(1.0);
        assertThat(bleu.similarity("heavy rain", "rain")).isCloseTo(0.2626909894424158, within(1e-15));
        // No 4-character overlap: sys.float_info.min for that order, a value near 1e-231, not 0.
        assertThat(bleu.similarity("crop yields", "agriculture")).isCloseTo(1.4959003140449574e-231, within(1e-240));
        assertThat(bleu.similarity("   ", "rain")).isZero();
        assertThat(bleu.similarity("rain", "  ")).isZero();
    }

    @Test
    void meteorIsTheBestSingleReferenceWord() {
        // One reference word, one match in an n-word candidate: 0.5 * (1/n) / (0.9/n + 0.1).
        assertThat(meteor.similarity("ecological and social compensation measures", "ecological compensation measures"))
                .isCloseTo(0.35714285714285715, within(1e-15));
        assertThat(meteor.similarity("food aid pledges", "acceleration of food aid pledges and deliveries "))
                .isCloseTo(0.4166666666666667, within(1e-15));
        assertThat(meteor.similarity("heavy rain", "rain")).isCloseTo(0.45454545454545453, within(1e-15));
        assertThat(meteor.similarity("xyz", "abc def")).isZero();
    }

    /** Where the two pre-3.6.6 stem stages differ (they give the same Table 3 means). */
    @Test
    void legacyStemStageMatchesSynonymsOfOriginalWordsAndTwice() {
        // "agriculture" ~ "farming" through WordNet; NLTK 3.6.2+ looks up the stem "agricultur" instead.
        assertThat(meteor.similarity("agriculture", "farming practices")).isCloseTo(0.5, within(1e-15));
        assertThat(meteor362.similarity("agriculture", "farming practices")).isZero();
        // "grievances" matched by stem and again by synonym: two matches for one reference word.
        assertThat(meteor.similarity("Increased grievances against the state", "grievance"))
                .isCloseTo(0.7142857142857143, within(1e-15));
        assertThat(meteor362.similarity("Increased grievances against the state", "grievance"))
                .isCloseTo(0.35714285714285715, within(1e-15));
    }

    @Test
    void verbatimIsExactAndCaseSensitive() {
        NodeSimilarity v = ReferenceSimilarities.verbatim();
        assertThat(v.similarity("rain", "rain")).isEqualTo(1.0);
        assertThat(v.similarity("Rain", "rain")).isZero();
        assertThat(v.similarity("rain ", "rain")).isZero();
    }

    @Test
    void rougeIsRouge1FWithStemming() {
        assertThat(ReferenceSimilarities.rouge().similarity("heavy rains", "rain")).isCloseTo(2.0 / 3.0, within(1e-15));
    }
}
