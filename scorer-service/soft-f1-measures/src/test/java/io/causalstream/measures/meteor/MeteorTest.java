package io.causalstream.measures.meteor;

import static io.causalstream.testkit.Digits.assertToDigits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.measures.text.NltkPorterStemmer;
import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NLTK's METEOR test values (WordNet 3.0), in both NLTK generations. */
class MeteorTest {

    private final JsonNode vectors = TestResources.vectors().path("nltk_meteor");
    private final Meteor nltk = new Meteor(new NltkPorterStemmer(), WordNetSynonyms.shared(), Meteor.StemStage.NLTK);
    private final Meteor legacy = new Meteor(new NltkPorterStemmer(), WordNetSynonyms.shared(),
            Meteor.StemStage.LEGACY_UNFILTERED);

    @Test
    void multipleReferencesWithLowerCasing() {
        double score = nltk.score(List.of(List.of("this", "is", "a", "test"), List.of("this", "istest")),
                List.of("THIS", "Is", "a", "tEST"));
        assertThat(score).isEqualTo(vectors.path(
                "meteor_score([['this','is','a','test'],['this','istest']], ['THIS','Is','a','tEST'], "
                        + "preprocess=str.lower)").asDouble());
    }

    @Test
    void singleReferenceInBothNltkGenerations() {
        String hyp = vectors.path("hyp1").asText();
        String ref = vectors.path("ref1").asText();
        assertToDigits("NLTK >= 3.6.6", nltk.single(List.of(ref.split(" ")), List.of(hyp.split(" "))),
                vectors.path("single_meteor_score(ref1, hyp1) rounded 4, NLTK >= 3.6.6 (verified here with NLTK 3.8 + "
                        + "WordNet 3.0)"));
        assertToDigits("string API, NLTK < 3.6.2", legacy.single(ref, hyp),
                vectors.path("same, older NLTK (string API, <= 3.6.5 docstring)"));
        // The string API of 3.6.2 - 3.6.5 already had the fixed stem stage: the docstring's 0.7398 was stale.
        assertToDigits("string API, NLTK 3.6.2 - 3.6.5", nltk.single(ref, hyp), "0.6944");
    }

    @Test
    void noOverlapIsZero() {
        JsonNode c = vectors.path("no_overlap");
        assertThat(nltk.single(words(c.get(1)), words(c.get(0)))).isEqualTo(c.get(2).asDouble());
        assertThat(nltk.single(List.of(), List.of("a"))).isZero();
        assertThat(nltk.single(List.of("a"), List.of())).isZero();
    }

    /** Stage by stage (values as NLTK 3.8 prints them): exact, stem, synonym, and the fragmentation. */
    @Test
    void stagesAndFragmentationByHand() {
        // One match in a 1-word hypothesis and 1-word reference: P = R = 1, one chunk: (1 - 0.5) * 1 = 0.5.
        assertThat(nltk.single(List.of("floods"), List.of("flooding"))).isCloseTo(0.5, within(1e-15));
        assertThat(nltk.single(List.of("auto"), List.of("car"))).isCloseTo(0.5, within(1e-15));
        assertThat(nltk.single(List.of("forever"), List.of("cat"))).isZero();
        // NLTK >= 3.6.2 looks synonyms up for the STEMS left by the stem stage: "always" becomes "alway", which
        // WordNet does not know, so NLTK 3.8 scores always/forever 0 (and big/large: "larg"). The older stage used
        // the words themselves.
        assertThat(nltk.single(List.of("forever"), List.of("always"))).isZero();
        assertThat(legacy.single(List.of("forever"), List.of("always"))).isCloseTo(0.5, within(1e-15));
        // hyp "heavy rain falls", ref "rain falls": 2 matches, contiguous (1 chunk): P = 2/3, R = 1,
        // Fmean = (2/3) / (0.9 * 2/3 + 0.1) = 0.952381..., penalty 0.5 * (1/2)^3 = 0.0625.
        double p = 2.0 / 3.0;
        double fmean = (p * 1.0) / (0.9 * p + (1 - 0.9) * 1.0);
        assertThat(nltk.single(List.of("rain", "falls"), List.of("heavy", "rain", "falls")))
                .isEqualTo((1 - 0.5 * Math.pow(0.5, 3)) * fmean);
    }

    private static List<String> words(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
