package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.research.benchmark.CausalNewsSpans.Sentence;
import io.causalstream.research.benchmark.SemEvalPairs.Pair;
import io.causalstream.testkit.TestResources;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BenchmarkEvaluationTest {

    private static CausalSpanReader reader(Function<String, List<Relation>> read) {
        return read::apply;
    }

    @Test
    void theGoldAsAReaderScoresOneOnBothSubtasks() {
        Path dir = TestResources.path("causal-news");
        BenchmarkEvaluation.CncDev dev = BenchmarkEvaluation.CncDev.read(dir);
        Map<String, List<Relation>> gold = CausalNewsSpans.readSpans(dir.resolve("dev_subtask2.csv")).stream()
                .collect(Collectors.toMap(Sentence::text, Sentence::relations, (a, b) -> a));
        BenchmarkEvaluation.CncRow row = BenchmarkEvaluation.cnc("gold", reader(t -> gold.getOrDefault(t,
                List.of())), dev);
        assertThat(row.subtask1().f1()).isEqualTo(1.0);
        assertThat(row.subtask1().tn()).isEqualTo(155);
        assertThat(row.subtask2().all().overall().f1()).isEqualTo(1.0);
        String table = BenchmarkEvaluation.formatCnc(dir, dev, List.of(row), List.of("a note"));
        assertThat(table.replaceAll(" +", " ")).contains("340 sentences, 185 causal",
                "185 sentences, 249 relations, 52 sentences with several",
                "bert-base-cased (organisers' baseline) 0.8632 0.8410 0.8865 - -",
                "albert-xxlarge-v2 (organisers' baseline) 0.6271 0.5948 0.6632",
                "BoschAI 2023 (best submission) 0.7279 - -", "note: a note");

        BenchmarkEvaluation.CncRow none = BenchmarkEvaluation.cnc("none", reader(t -> List.of()), dev);
        assertThat(none.subtask1().recall()).isZero();
        assertThat(none.subtask2().all().overall().recall()).isZero();
    }

    private static Pair pair(int id, String text, String e1, String e2, String relation) {
        int a = text.indexOf(e1);
        int b = text.indexOf(e2);
        return new Pair(id, text, new CharSpan(a, a + e1.length()), new CharSpan(b, b + e2.length()), relation, "");
    }

    private static CharSpan span(String text, String part) {
        int at = text.indexOf(part);
        return new CharSpan(at, at + part.length());
    }

    @Test
    void pairsAreLinkedThroughTheNominalsHeadWords() {
        String t1 = "The burst has been caused by water hammer pressure.";
        String t2 = "The scent of the flower attracts the bees.";
        String t3 = "The engine is part of the car.";
        String t4 = "Smoke from the fire filled the room.";
        List<Pair> pairs = List.of(
                pair(1, t1, "burst", "water hammer pressure", "Cause-Effect(e2,e1)"),
                pair(2, t2, "scent", "bees", "Cause-Effect(e1,e2)"),
                pair(3, t3, "engine", "car", "Component-Whole(e1,e2)"),
                pair(4, t4, "Smoke", "fire", "Entity-Origin(e1,e2)"));
        Map<String, List<Relation>> read = Map.of(
                // right: "pressure" (the head) inside the cause span, "burst" inside the effect
                t1, List.of(new Relation(span(t1, "hammer pressure"), span(t1, "The burst"), List.of())),
                // reversed
                t2, List.of(new Relation(span(t2, "the bees"), span(t2, "The scent of the flower"), List.of())),
                // a false causal link
                t3, List.of(new Relation(span(t3, "The engine"), span(t3, "the car"), List.of())),
                // a link that misses the nominals' heads
                t4, List.of(new Relation(span(t4, "the room"), span(t4, "filled"), List.of())));
        BenchmarkEvaluation.PairRow row = BenchmarkEvaluation.semeval("x", reader(t -> read.getOrDefault(t,
                List.of())), pairs);
        assertThat(row.causePairs()).isEqualTo(2);
        assertThat(row.linkedRight()).isEqualTo(1);
        assertThat(row.wrongDirection()).isEqualTo(1);
        assertThat(row.links()).isEqualTo(3);
        assertThat(row.falseLinks()).isEqualTo(1);
        // P = 1/3, R = 1/2, F1 = 2 * (1/6) / (5/6) = 0.4; false links 1 of 2
        assertThat(row.f1()).isEqualTo(0.4, org.assertj.core.api.Assertions.within(1e-15));
        assertThat(row.falseLinkRate()).isEqualTo(0.5);
        assertThat(BenchmarkEvaluation.head(t1, pairs.get(0).e2()).of(t1)).isEqualTo("pressure");
    }

    @Test
    void theChoiceFoldReadsTheTrainFilesDocumentsOfFoldZeroOnly(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String inFold = null;
        String outOfFold = null;
        for (int k = 0; inFold == null || outOfFold == null; k++) {
            String doc = "train_01_" + k;
            if (BenchmarkFolds.fold(doc) == BenchmarkFolds.CHOICE_FOLD) {
                inFold = inFold == null ? doc : inFold;
            } else {
                outOfFold = outOfFold == null ? doc : outOfFold;
            }
        }
        java.nio.file.Files.writeString(dir.resolve("train_subtask1.csv"), "index,text,label\n"
                + inFold + "_1,\"Rain fell so the river rose .\",1\n"
                + outOfFold + "_1,\"Prices rose .\",0\n");
        java.nio.file.Files.writeString(dir.resolve("train_subtask2.csv"), "corpus,doc_id,sent_id,eg_id,index,text,"
                + "text_w_pairs,seq_label,pair_label,context,num_sents\n"
                + "cnc," + inFold + ",1,0,x,\"Rain fell so the river rose .\",\"<ARG0>Rain fell</ARG0> <SIG0>so</SIG0> "
                + "<ARG1>the river rose</ARG1> .\",1,1,,1\n"
                + "cnc," + outOfFold + ",1,0,y,\"Heat came so ice melted .\",\"<ARG0>Heat came</ARG0> <SIG0>so</SIG0> "
                + "<ARG1>ice melted</ARG1> .\",1,1,,1\n");
        BenchmarkEvaluation.CncDev choice = BenchmarkEvaluation.CncDev.readChoiceFold(dir);
        assertThat(choice.choiceFold()).isTrue();
        assertThat(choice.subtask1()).extracting(CausalNewsSpans.Labelled::docId).containsExactly(inFold);
        assertThat(choice.subtask2()).extracting(Subtask2Scoring.Truth::text)
                .containsExactly("Rain fell so the river rose .");
        assertThat(BenchmarkEvaluation.formatCnc(dir, choice, List.of(), List.of())).contains("choice fold 0")
                .doesNotContain("bert-base-cased");
    }
}
