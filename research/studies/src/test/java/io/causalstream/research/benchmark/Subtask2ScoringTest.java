package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.research.benchmark.CausalNewsSpans.Sentence;
import io.causalstream.testkit.TestResources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Subtask2ScoringTest {

    private static final String SAMPLE = "causal-news/subtask2-scoring-sample/";

    @Test
    void reproducesTheOrganisersSampleScores() {
        List<Subtask2Scoring.Truth> truth = Subtask2Scoring.readTruth(TestResources.path(SAMPLE + "truth.csv"));
        List<List<String>> submission = Subtask2Scoring.readSubmission(TestResources.path(SAMPLE
                + "submission.json"));
        Subtask2Scoring.Report report = Subtask2Scoring.score(truth, submission);
        assertThat(report.sentences()).isEqualTo(6);
        assertThat(report.relations()).isEqualTo(7);
        assertThat(report.multiSentences()).isEqualTo(1);

        Map<String, Double> expected = printed(TestResources.lines(SAMPLE + "scores.txt"));
        Map<String, Double> ours = printed(List.of(report.format().split("\n")));
        assertThat(expected).hasSize(24);
        assertThat(ours.keySet()).isEqualTo(expected.keySet());
        expected.forEach((key, value) -> assertThat(ours.get(key)).as(key).isCloseTo(value, within(1e-12)));
    }

    /** "Key:value" lines, the block's header folded into the key. */
    private static Map<String, Double> printed(List<String> lines) {
        Map<String, Double> out = new LinkedHashMap<>();
        String block = "";
        for (String line : lines) {
            if (line.startsWith("###")) {
                block = line + " ";
            } else if (line.contains(":")) {
                out.put(block + line.substring(0, line.indexOf(':')),
                        Double.parseDouble(line.substring(line.indexOf(':') + 1)));
            }
        }
        return out;
    }

    @Test
    void theOrganisersReadingOfMarks() {
        Subtask2Scoring.Tagged t = Subtask2Scoring.officialTags("<ARG0>The bombing</ARG0> <ARG1><SIG0>created"
                + "</SIG0> panic</ARG1> .");
        assertThat(t.words()).containsExactly("The", "bombing", "created", "panic", ".");
        assertThat(t.arguments()).containsExactly("B-C", "I-C", "B-E", "I-E", "O");
        assertThat(t.signals()).containsExactly("O", "O", "B-S", "O", "O");
        // a one-word argument stays open up to the next word with an argument tag: theirs reads it so
        Subtask2Scoring.Tagged one = Subtask2Scoring.officialTags("<ARG1>Anger</ARG1> grew over <ARG0>the "
                + "arrest</ARG0> .");
        assertThat(one.arguments()).containsExactly("B-E", "I-E", "I-E", "B-C", "I-C", "O");
    }

    @Test
    void markedRelationsReadAsTheCorpusWroteThem() {
        // every dev relation, re-written from its offsets, is tagged as its original marked text
        List<Subtask2Scoring.Truth> truth = Subtask2Scoring.readTruth(TestResources.path(
                "causal-news/dev_subtask2.csv"));
        List<Sentence> dev = CausalNewsSpans.readSpans(TestResources.path("causal-news/dev_subtask2.csv"));
        assertThat(truth).hasSize(dev.size());
        for (int i = 0; i < dev.size(); i++) {
            Sentence s = dev.get(i);
            assertThat(truth.get(i).text()).isEqualTo(s.text());
            for (int r = 0; r < s.relations().size(); r++) {
                String written = Subtask2Scoring.mark(s.text(), s.relations().get(r));
                assertThat(CausalNewsSpans.parse(written).relation()).isEqualTo(s.relations().get(r));
                assertThat(Subtask2Scoring.officialTags(written)).isEqualTo(
                        Subtask2Scoring.officialTags(truth.get(i).relations().get(r)));
            }
        }
    }

    @Test
    void gold_predictedAsGoldScoresOne() {
        List<Subtask2Scoring.Truth> truth = Subtask2Scoring.readTruth(TestResources.path(
                "causal-news/dev_subtask2.csv"));
        // predictions in reverse order: the best assignment must restore them
        List<List<String>> predicted = truth.stream().map(t -> t.relations().reversed()).toList();
        Subtask2Scoring.Report r = Subtask2Scoring.score(truth, predicted);
        assertThat(r.sentences()).isEqualTo(185);
        assertThat(r.relations()).isEqualTo(249);
        assertThat(r.all().overall().f1()).isEqualTo(1.0);
        assertThat(r.multi().overall().f1()).isEqualTo(1.0);
        // nothing predicted: every gold span is missed
        Subtask2Scoring.Report none = Subtask2Scoring.score(truth, truth.stream().map(t -> List.<String>of())
                .toList());
        assertThat(none.all().overall().recall()).isZero();
    }

    @Test
    void aPredictionWithOtherWordsFails() {
        List<Subtask2Scoring.Truth> truth = List.of(new Subtask2Scoring.Truth("a b c",
                List.of("<ARG0>a</ARG0> <ARG1>b</ARG1> c")));
        assertThatThrownBy(() -> Subtask2Scoring.score(truth, List.of(List.of("<ARG0>a b</ARG0>"))))
                .hasMessageContaining("words");
    }

    @Test
    void pythonListLiterals() {
        assertThat(Subtask2Scoring.pythonStrings("['a , b', \"it's\", 'x\\x97y \\'q\\'']"))
                .containsExactly("a , b", "it's", "x\u0097y 'q'");
        assertThat(Subtask2Scoring.pythonStrings("[]")).isEmpty();
    }
}
