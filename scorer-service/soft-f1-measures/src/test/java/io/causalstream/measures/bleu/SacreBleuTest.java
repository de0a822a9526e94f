package io.causalstream.measures.bleu;

import static io.causalstream.testkit.Digits.assertToDigits;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every sacrebleu value of the published test vectors (sacrebleu's own test_sentence_bleu.py and test_bleu.py). */
class SacreBleuTest {

    private final JsonNode sentence = TestResources.vectors().path("sacrebleu_sentence_bleu");
    private final JsonNode corpus = TestResources.vectors().path("sacrebleu_corpus_bleu");

    @Test
    void sentenceBleuCases() {
        String ref = sentence.path("ref").asText();
        String sys = sentence.path("sys").asText();
        JsonNode cases = sentence.path("cases_[smooth_method,smooth_value,lowercase,tokenize,expected]");
        assertThat(cases).hasSize(12);
        for (JsonNode c : cases) {
            SacreBleu.Options o = SacreBleu.Options.sentenceDefaults()
                    .withSmoothing(SacreBleu.Smoothing.byId(c.get(0).asText()),
                            c.get(1).isNull() ? Double.NaN : c.get(1).asDouble())
                    .withLowercase(c.get(2).asBoolean())
                    .withTokenizer(BleuTokenizer.byId(c.get(3).asText()));
            double score = new SacreBleu(o).sentence(sys, List.of(ref)).score();
            assertToDigits(c.toString(), score, c.get(4));
        }
    }

    @Test
    void noMatchAtAllIsZeroForEverySmoothing() {
        JsonNode zero = sentence.path("zero_case");
        for (SacreBleu.Smoothing s : SacreBleu.Smoothing.values()) {
            SacreBleu bleu = new SacreBleu(SacreBleu.Options.sentenceDefaults().withSmoothing(s, Double.NaN));
            assertThat(bleu.sentence(zero.path("sys").asText(), List.of(zero.path("ref").asText())).score())
                    .as(s.id()).isEqualTo(zero.path("expected_all_methods").asDouble());
        }
    }

    @Test
    void corpusBleuCases() {
        List<String> hyps = strings(corpus.path("hyps"));
        List<List<String>> refs = new ArrayList<>();
        corpus.path("refs").forEach(stream -> refs.add(strings(stream)));
        for (JsonNode c : corpus.path("cases_[kwargs,expected_0_100]")) {
            SacreBleu.Options o = SacreBleu.Options.corpusDefaults();
            JsonNode kwargs = c.get(0);
            if (kwargs.has("tokenize")) {
                o = o.withTokenizer(BleuTokenizer.byId(kwargs.get("tokenize").asText()));
            }
            if (kwargs.has("smooth_method")) {
                o = o.withSmoothing(SacreBleu.Smoothing.byId(kwargs.get("smooth_method").asText()), Double.NaN);
            }
            assertToDigits(c.toString(), new SacreBleu(o).corpus(hyps, refs).score(), c.get(1));
        }
        assertThat(new SacreBleu(SacreBleu.Options.corpusDefaults()).corpus(List.of(""), List.of(List.of("")))
                .score()).isEqualTo(corpus.path("empty_hyps_expected").asDouble());
    }

    /**
     * {@code raw_corpus_bleu(hyps, [refs], 0.01)}: no tokenization, floor 0.01, effective order. The first case
     * expects a non-zero score without a single match: sacrebleu 1.x, before "no match is 0" (#141).
     */
    @Test
    void rawCorpusBleuWithFloorSmoothingAndEffectiveOrder() {
        SacreBleu.Options raw = SacreBleu.Options.corpusDefaults().withTokenizer(BleuTokenizer.NONE)
                .withSmoothing(SacreBleu.Smoothing.FLOOR, 0.01).withEffectiveOrder(true).withNoMatchIsZero(false);
        for (String key : List.of("raw_corpus_bleu_smooth_value_0.01_[hyps,refs,expected_0_1]",
                "effective_order_[hyps,refs,expected_0_1]")) {
            for (JsonNode c : corpus.path(key)) {
                double score = new SacreBleu(raw).corpus(strings(c.get(0)), List.of(strings(c.get(1)))).score();
                assertToDigits(c.toString(), score / 100, c.get(2));
            }
        }
        // The same first case under sacrebleu 2.x: no match at all is 0.
        JsonNode first = corpus.path("raw_corpus_bleu_smooth_value_0.01_[hyps,refs,expected_0_1]").get(0);
        assertThat(new SacreBleu(raw.withNoMatchIsZero(true))
                .corpus(strings(first.get(0)), List.of(strings(first.get(1)))).score()).isZero();
    }

    @Test
    void sufficientStatistics() {
        JsonNode st = corpus.path("statistics");
        SacreBleu.Statistics s = new SacreBleu(SacreBleu.Options.corpusDefaults())
                .statistics(st.path("hyp").asText(), List.of(st.path("ref").asText()));
        assertThat(s.correct()).containsExactly(ints(st.path("counts")));
        assertThat(s.total()).containsExactly(ints(st.path("totals")));
        assertThat(s.sysLen()).isEqualTo(6);
        assertThat(s.refLen()).isEqualTo(8);
    }

    @Test
    void floorOffsetOnDegenerateStatistics() {
        JsonNode off = corpus.path("offset");
        SacreBleu.Statistics s = new SacreBleu(SacreBleu.Options.corpusDefaults())
                .statistics(off.path("hyp").asText(), List.of(off.path("ref").asText()));
        double with = SacreBleu.computeBleu(s.correct(), s.total(), s.sysLen(), s.refLen(),
                SacreBleu.Smoothing.FLOOR, 0.1, false, true).score() / 100;
        double without = SacreBleu.computeBleu(s.correct(), s.total(), s.sysLen(), s.refLen(),
                SacreBleu.Smoothing.NONE, Double.NaN, false, true).score() / 100;
        assertToDigits("with offset", with, off.path("with_offset_0.1"));
        assertThat(without).isEqualTo(off.path("without_offset").asDouble());
    }

    @Test
    void computeBleuFromStatistics() {
        JsonNode c = corpus.path("compute_bleu");
        double score = SacreBleu.computeBleu(ints(c.path("correct")), ints(c.path("total")),
                c.path("sys_len").asInt(), c.path("ref_len").asInt(), SacreBleu.Smoothing.NONE, Double.NaN,
                false, true).score() / 100;
        assertToDigits("compute_bleu", score, c.path("expected_0_1"));
    }

    @Test
    void tokenizers() {
        assertThat(BleuTokenizer.THIRTEEN_A.tokenize("It wasn't 3.5 km, (really)!"))
                .isEqualTo("It wasn't 3.5 km , ( really ) !");
        // A punctuation mark between digits, or after a digit at the end, stays attached (mteval-v14).
        assertThat(BleuTokenizer.INTL.tokenize("It wasn't 3.5 km, €5!")).isEqualTo("It wasn ' t 3.5 km , € 5!");
        assertThat(BleuTokenizer.CHAR.tokenize("ab c")).isEqualTo("a b   c");
    }

    /** The character scans give what sacrebleu's four regular expressions give, on random tricky strings. */
    @Test
    void thirteenAScansEqualTheRegularExpressions() {
        java.util.Random random = new java.util.Random(13);
        String alphabet = "ab1.,-'&;{|}~[]^_`!\"#$%()*+:<=>?@/ \n\u00e9\uD83D\uDE00";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder b = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String line = b.toString();
            assertThat(BleuTokenizer.THIRTEEN_A.tokenize(line)).as("'%s'", line).isEqualTo(regex13a(line));
        }
    }

    /** sacrebleu's Tokenizer13a, regular expressions and all. */
    private static String regex13a(String line) {
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ");
        if (line.indexOf('&') >= 0) {
            line = line.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
        }
        line = " " + line + " ";
        line = line.replaceAll("([\\{-\\~\\[-\\` -\\&\\(-\\+\\:-\\@\\/])", " $1 ");
        line = line.replaceAll("([^0-9])([\\.,])", "$1 $2 ");
        line = line.replaceAll("([\\.,])([^0-9])", " $1 $2");
        line = line.replaceAll("([0-9])(-)", "$1 $2 ");
        return String.join(" ", io.causalstream.measures.text.PyText.split(line));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }
}
