package io.causalstream.measures.bleu;

import static io.causalstream.testkit.Digits.assertToDigits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NLTK's BLEU: the published test vectors, and values printed by NLTK 3.8 for the smoothing methods. */
class NltkBleuTest {

    private final JsonNode nltk = TestResources.vectors().path("nltk_bleu");

    @Test
    void modifiedPrecision() {
        JsonNode mp = nltk.path("modified_precision");
        List<List<String>> refs = words(mp.path("refs"));
        List<String> hyp = split(mp.path("hyp").asText());
        assertToDigits("p1", NltkBleu.modifiedPrecision(refs, hyp, 1).value(), mp.path("p1"));
        assertToDigits("p2", NltkBleu.modifiedPrecision(refs, hyp, 2).value(), mp.path("p2"));

        JsonNode mp2 = nltk.path("modified_precision_2");
        List<List<String>> refs2 = words(mp2.path("refs"));
        for (String h : List.of("hyp1", "hyp2")) {
            List<String> hypothesis = split(mp2.path(h).asText());
            assertToDigits(h + " p1", NltkBleu.modifiedPrecision(refs2, hypothesis, 1).value(), mp2.path(h + "_p1"));
            assertToDigits(h + " p2", NltkBleu.modifiedPrecision(refs2, hypothesis, 2).value(), mp2.path(h + "_p2"));
        }
        List<String> ofThe = split(mp2.path("hyp_of_the").asText());
        assertToDigits("of the p1", NltkBleu.modifiedPrecision(refs2, ofThe, 1).value(), mp2.path("of_the_p1"));
        assertToDigits("of the p2", NltkBleu.modifiedPrecision(refs2, ofThe, 2).value(), mp2.path("of_the_p2"));
    }

    @Test
    void brevityPenalty() {
        for (JsonNode c : nltk.path("brevity_penalty")) {
            List<List<String>> refs = new ArrayList<>();
            c.path("ref_lens").forEach(n -> refs.add(java.util.Collections.nCopies(n.asInt(), "a")));
            int hypLen = c.path("hyp_len").asInt();
            double bp = NltkBleu.brevityPenalty(NltkBleu.closestRefLength(refs, hypLen), hypLen);
            assertToDigits(c.toString(), bp, c.path("bp"));
        }
    }

    /** Unsmoothed BLEU with a missing n-gram order: ~0 since NLTK 3.2.x, the mean of the other orders before. */
    @Test
    void versionDependentUnsmoothedBleu() {
        JsonNode v = nltk.path("version_dependent");
        NltkBleu modern = new NltkBleu(NltkBleu.Smoothing.METHOD0);
        NltkBleu legacy = new NltkBleu(NltkBleu.Smoothing.METHOD0_LEGACY);
        List<List<String>> refs = words(v.path("refs"));
        List<String> hyp = split(v.path("hyp").asText());
        assertToDigits("old", legacy.sentence(refs, hyp), v.path("old_nltk"));
        assertToDigits("new", modern.sentence(refs, hyp), v.path("new_nltk"));
        List<List<String>> refs2 = words(v.path("refs2"));
        List<String> hyp2 = split(v.path("hyp2").asText());
        assertToDigits("old 2", legacy.sentence(refs2, hyp2), v.path("old_nltk_value"));
        assertToDigits("new 2", modern.sentence(refs2, hyp2), v.path("nltk_3.8_value_here"));
        // NLTK 3.8 prints 1.821831989445342e-231 and 5.775353993361614e-78: tiny, not zero.
        assertThat(modern.sentence(refs, hyp)).isCloseTo(1.821831989445342e-231, within(1e-240));
        assertThat(modern.sentence(refs2, hyp2)).isCloseTo(5.775353993361614e-78, within(1e-87));
    }

    /** Values printed by NLTK 3.8's sentence_bleu for each smoothing function (a one-off run, see README). */
    @Test
    void smoothingMethodsAsNltk38() {
        List<List<String>> refs = List.of(
                split("It is a guide to action that ensures that the military will forever heed Party commands"),
                split("It is the guiding principle which guarantees the military forces always being under the "
                        + "command of the Party"),
                split("It is the practical guide for the army always to heed the directions of the party"));
        List<String> hyp = split("It is a guide to action which ensures that the military always obeys the "
                + "commands of the party");
        List<List<String>> catRefs = List.of(split("a cat sat"));
        List<String> catHyp = split("a dog sat down");
        double[][] expected = {
                {0.5045666840058485, 1.5319719891192393e-231},
                {0.5045666840058485, 0.09554427922043669},
                {0.539755306744061, 0.37991784282579627},
                {0.5045666840058485, 0.18995892141289816},
                {0.5045666840058485, 0.07258113984652705}};
        NltkBleu.Smoothing[] methods = {NltkBleu.Smoothing.METHOD0, NltkBleu.Smoothing.METHOD1,
                NltkBleu.Smoothing.METHOD2, NltkBleu.Smoothing.METHOD3, NltkBleu.Smoothing.METHOD4};
        for (int i = 0; i < methods.length; i++) {
            NltkBleu bleu = new NltkBleu(methods[i]);
            assertThat(bleu.sentence(refs, hyp)).as(methods[i].name()).isCloseTo(expected[i][0], within(1e-15));
            assertThat(bleu.sentence(catRefs, catHyp)).as(methods[i].name() + " cat")
                    .isCloseTo(expected[i][1], within(Math.abs(expected[i][1]) * 1e-12));
        }
    }

    private static List<String> split(String s) {
        return List.of(s.split(" "));
    }

    private static List<List<String>> words(JsonNode sentences) {
        List<List<String>> out = new ArrayList<>();
        sentences.forEach(n -> out.add(split(n.asText())));
        return out;
    }

    /** math.fsum: the exactly rounded sum, checked against exact decimal arithmetic. */
    @Test
    void exactSumIsCorrectlyRounded() {
        java.util.Random random = new java.util.Random(5);
        for (int round = 0; round < 20_000; round++) {
            int n = 1 + random.nextInt(6);
            double[] values = new double[n];
            java.math.BigDecimal exact = java.math.BigDecimal.ZERO;
            for (int i = 0; i < n; i++) {
                values[i] = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
                exact = exact.add(new java.math.BigDecimal(values[i]));
            }
            assertThat(ExactSum.fsum(values, n)).isEqualTo(exact.doubleValue());
        }
        assertThat(ExactSum.fsum(new double[] {1e-16, 1, 1e16}, 3)).isEqualTo(1.0000000000000002e16);
    }
}
