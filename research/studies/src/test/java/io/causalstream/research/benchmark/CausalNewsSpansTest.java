package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.causalstream.research.benchmark.CausalNewsSpans.Labelled;
import io.causalstream.research.benchmark.CausalNewsSpans.Marked;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.research.benchmark.CausalNewsSpans.Sentence;
import io.causalstream.testkit.TestResources;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CausalNewsSpansTest {

    private static List<String> split(String tags) {
        return Arrays.asList(tags.split(" "));
    }

    @Test
    void nestedTagsGiveOffsetsIntoThePlainText() {
        Marked m = CausalNewsSpans.parse("<ARG0>The bombing</ARG0> <ARG1><SIG0>created</SIG0> panic among "
                + "villagers</ARG1> .");
        assertThat(m.text()).isEqualTo("The bombing created panic among villagers .");
        Relation r = m.relation();
        assertThat(r.cause()).isEqualTo(new CharSpan(0, 11));
        assertThat(r.effect().of(m.text())).isEqualTo("created panic among villagers");
        assertThat(r.signals()).extracting(s -> s.of(m.text())).containsExactly("created");
    }

    @Test
    void wordTagsOfADevSentence() {
        Sentence s = CausalNewsSpans.readSpans(TestResources.path("causal-news/dev_subtask2.csv")).get(0);
        // dev row cnc_train_10_196_284_0: <ARG1>The Sadtu protest</ARG1> was <ARG0><SIG0>a call for</SIG0> the
        // resignation of Motshekga and her director general Bobby Soobrayan</ARG0> .
        assertThat(s.docId()).isEqualTo("train_10_196");
        assertThat(s.sentId()).isEqualTo(284);
        Relation r = s.relations().get(0);
        assertThat(r.effect().of(s.text())).isEqualTo("The Sadtu protest");
        assertThat(s.argumentTags(r)).isEqualTo(split("B-E I-E I-E O B-C I-C I-C I-C I-C I-C I-C I-C I-C I-C I-C "
                + "I-C I-C O"));
        assertThat(s.signalTags(r)).isEqualTo(split("O O O O B-S I-S I-S O O O O O O O O O O O"));
    }

    @Test
    void aTagInsideAWordGivesTheWordToTheSpanItSharesMostWith() {
        // as train row cnc_train_04_..: "Bijapur\u0097</ARG0><ARG1><SIG0>killing</SIG0>" is one word of the corpus
        Marked m = CausalNewsSpans.parse("<ARG0>attack in Bijapur\u0097</ARG0><ARG1><SIG0>killing</SIG0> three"
                + "</ARG1> .");
        Sentence s = new Sentence("cnc", "d", 0, m.text(), List.of(m.relation()));
        assertThat(s.words()).hasSize(5);
        // "Bijapur\u0097killing": 8 characters of cause, 7 of effect
        assertThat(s.argumentTags(m.relation())).isEqualTo(split("B-C I-C I-C B-E O"));
        assertThat(s.signalTags(m.relation())).isEqualTo(split("O O B-S O O"));
    }

    @Test
    void twoSignalsSideBySideStayTwoSpans() {
        Marked m = CausalNewsSpans.parse("<ARG1>x fell</ARG1> <SIG0>because</SIG0> <SIG1>of</SIG1> <ARG0>y</ARG0>");
        Sentence s = new Sentence("cnc", "d", 0, m.text(), List.of(m.relation()));
        assertThat(s.signalTags(m.relation())).isEqualTo(split("O O B-S B-S O"));
    }

    @Test
    void malformedMarksFail() {
        assertThatThrownBy(() -> CausalNewsSpans.parse("<ARG0>a</ARG0> b")).hasMessageContaining("<ARG1>");
        assertThatThrownBy(() -> CausalNewsSpans.parse("<ARG0>a <ARG1>b</ARG1>")).hasMessageContaining("ARG0");
        assertThatThrownBy(() -> CausalNewsSpans.parse("a</ARG0> <ARG1>b</ARG1>")).hasMessageContaining("closes");
    }

    @Test
    void theDevSplitAsTheReadmeCountsIt() {
        List<Sentence> dev = CausalNewsSpans.readSpans(TestResources.path("causal-news/dev_subtask2.csv"));
        everySentenceWellFormed(dev, 185, 249);
        List<Labelled> labels = CausalNewsSpans.readLabels(TestResources.path("causal-news/dev_subtask1.csv"));
        assertThat(labels).hasSize(340);
        assertThat(labels).filteredOn(Labelled::causal).hasSize(185);
        assertThat(labels.get(0).docId()).isEqualTo("train_10_0");
        assertThat(labels.get(0).sentId()).isEqualTo(2136);
    }

    @Test
    void theTrainSplitAndItsFolds() {
        Optional<Path> dir = SharedData.find("causal-news-corpus");
        assumeTrue(dir.isPresent(), "no shared data");
        List<Sentence> train = CausalNewsSpans.readSpans(dir.get().resolve("train_subtask2.csv"));
        everySentenceWellFormed(train, 1624, 2257);
        Map<Integer, Long> perFold = train.stream().collect(Collectors.groupingBy(Sentence::fold,
                Collectors.counting()));
        // counted outside Java with the same hash over the 1,558 documents (relations: 408, 453, 473, 432, 491)
        assertThat(perFold).isEqualTo(Map.of(0, 298L, 1, 336L, 2, 332L, 3, 306L, 4, 352L));
        Map<String, Set<Integer>> foldsOfDoc = new HashMap<>();
        train.forEach(s -> foldsOfDoc.computeIfAbsent(s.docId(), d -> new java.util.HashSet<>()).add(s.fold()));
        assertThat(foldsOfDoc.values()).allSatisfy(f -> assertThat(f).hasSize(1));

        // subtask 1 labels the same sentences (and the non-causal ones): its folds are the same documents' folds
        List<Labelled> labels = CausalNewsSpans.readLabels(dir.get().resolve("train_subtask1.csv"));
        assertThat(labels).hasSize(3075);
        Map<String, Labelled> byKey = labels.stream().collect(Collectors.toMap(l -> l.docId() + "/" + l.sentId(),
                l -> l));
        assertThat(train).allSatisfy(s -> {
            Labelled l = byKey.get(s.docId() + "/" + s.sentId());
            assertThat(l).isNotNull();
            assertThat(l.causal()).isTrue();
            assertThat(l.fold()).isEqualTo(s.fold());
        });
        assertThat(labels).filteredOn(Labelled::causal).hasSize(1624);
    }

    private static void everySentenceWellFormed(List<Sentence> sentences, int count, int relations) {
        assertThat(sentences).hasSize(count);
        assertThat(sentences.stream().mapToInt(s -> s.relations().size()).sum()).isEqualTo(relations);
        for (Sentence s : sentences) {
            // the organisers' scorer splits on single spaces: the words must be the same
            assertThat(s.words()).extracting(w -> w.of(s.text())).isEqualTo(List.of(s.text().split(" ")));
            for (Relation r : s.relations()) {
                List<String> tags = s.argumentTags(r);
                assertThat(tags).hasSize(s.words().size()).contains("B-C", "B-E");
                assertThat(tags.stream().filter(t -> t.startsWith("B-")).count()).isEqualTo(2);
                assertThat(s.signalTags(r).stream().filter(t -> t.equals("B-S")).count())
                        .isEqualTo(r.signals().size());
            }
        }
    }
}
