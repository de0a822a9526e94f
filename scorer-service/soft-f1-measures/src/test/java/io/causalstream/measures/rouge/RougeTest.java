package io.causalstream.measures.rouge;

import static io.causalstream.testkit.Digits.assertToDigits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.measures.text.LucenePorterStemmer;
import io.causalstream.measures.text.NltkPorterStemmer;
import io.causalstream.testkit.TestResources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rouge_score's own test values and its comparison with ROUGE-1.5.5 on the bundled target/prediction files. */
class RougeTest {

    private final JsonNode vectors = TestResources.vectors().path("rouge_score");
    private final Rouge plain = new Rouge(new RougeTokenizer(null));
    private final Rouge stemmed = new Rouge(new RougeTokenizer(new NltkPorterStemmer()));

    @Test
    void scorerCases() {
        for (JsonNode c : vectors.path("score(target,prediction)")) {
            Rouge rouge = c.get(1).asBoolean() ? stemmed : plain;
            RougeScore s = rouge.score(Rouge.Type.parse(c.get(0).asText()), c.get(2).asText(), c.get(3).asText());
            JsonNode e = c.get(4);
            assertToDigits(c + " p", s.precision(), e.path("p"));
            assertToDigits(c + " r", s.recall(), e.path("r"));
            assertToDigits(c + " f", s.fmeasure(), e.path("f"));
        }
    }

    @Test
    void againstRouge155OnTheTestFiles() {
        List<String> targets = TestResources.lines("vectors/google-research_rouge/testdata/target.txt");
        List<String> predictions = TestResources.lines("vectors/google-research_rouge/testdata/prediction.txt");
        JsonNode expected = vectors.path("against_ROUGE-1.5.5_(5 decimals)");
        check(expected.path("rouge1_nostem"), plain, Rouge.Type.ROUGE1, targets, predictions);
        check(expected.path("rouge1_stem"), stemmed, Rouge.Type.ROUGE1, targets, predictions);
        check(expected.path("rouge2_nostem_and_stem"), plain, Rouge.Type.ROUGE2, targets, predictions);
        check(expected.path("rouge2_nostem_and_stem"), stemmed, Rouge.Type.ROUGE2, targets, predictions);
        check(expected.path("rougeL_nostem"), plain, Rouge.Type.ROUGE_L, targets, predictions);
    }

    /** The library (Snowball) Porter stemmer passes this file too: its words do not hit a difference. */
    @Test
    void luceneStemmerOnTheTestFiles() {
        Rouge lucene = new Rouge(new RougeTokenizer(new LucenePorterStemmer()));
        check(vectors.path("against_ROUGE-1.5.5_(5 decimals)").path("rouge1_stem"), lucene, Rouge.Type.ROUGE1,
                TestResources.lines("vectors/google-research_rouge/testdata/target.txt"),
                TestResources.lines("vectors/google-research_rouge/testdata/prediction.txt"));
    }

    private static void check(JsonNode expected, Rouge rouge, Rouge.Type type, List<String> targets,
                              List<String> predictions) {
        assertThat(expected).hasSize(2);
        for (int i = 0; i < expected.size(); i++) {
            RougeScore s = rouge.score(type, targets.get(i), predictions.get(i));
            assertToDigits(type.id() + " line " + i + " r", s.recall(), expected.get(i).path("r"));
            assertToDigits(type.id() + " line " + i + " p", s.precision(), expected.get(i).path("p"));
            assertToDigits(type.id() + " line " + i + " f", s.fmeasure(), expected.get(i).path("f"));
        }
    }

    @Test
    void tokenizerKeepsOnlyLatinLettersAndDigits() {
        RougeTokenizer t = new RougeTokenizer(new NltkPorterStemmer());
        assertThat(t.tokenize("Floods, floods-and MORE floods!")).containsExactly("flood", "flood", "and", "more",
                "flood");
        assertThat(t.tokenize("the cat")).containsExactly("the", "cat"); // 3 letters or fewer: not stemmed
        assertThat(t.tokenize("洪水 增加")).isEmpty();
        assertThat(stemmed.score(Rouge.Type.ROUGE1, "洪水", "洪水").fmeasure()).isZero();
    }

    @Test
    void similarityIsTheFMeasureWithStemming() {
        RougeSimilarity r1 = RougeSimilarity.stemmed(Rouge.Type.ROUGE1);
        // "heavy rains" vs "rain": stems {heavi, rain} vs {rain}: P = 1/2, R = 1, F = 2/3.
        assertThat(r1.similarity("heavy rains", "rain")).isCloseTo(2.0 / 3.0, within(1e-15));
        assertThat(r1.name()).isEqualTo("rouge1");
        // ROUGE-L: [rain, caus, flood] vs [flood, rain]: LCS 1, P = 1/3, R = 1/2, F = 0.4.
        assertThat(RougeSimilarity.stemmed(Rouge.Type.ROUGE_L).similarity("rain causes floods", "floods rain"))
                .isCloseTo(0.4, within(1e-15));
    }
}
