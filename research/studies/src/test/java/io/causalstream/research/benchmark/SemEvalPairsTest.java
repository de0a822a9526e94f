package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.causalstream.research.benchmark.SemEvalPairs.Pair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SemEvalPairsTest {

    @TempDir
    Path dir;

    private List<Pair> read(String text) throws IOException {
        Path file = dir.resolve("TRAIN_FILE.TXT");
        Files.writeString(file, text);
        return SemEvalPairs.read(file);
    }

    @Test
    void offsetsDirectionAndComment() throws IOException {
        // the first two records of the released train file, and one Cause-Effect(e2,e1) of the same form
        List<Pair> pairs = read("""
                1\t"The system as described above has its greatest application in an arrayed <e1>configuration</e1> \
                of antenna <e2>elements</e2>."
                Component-Whole(e2,e1)
                Comment: Not a collection: there is structure here, organisation.

                2\t"The <e1>child</e1> was carefully wrapped and bound into the <e2>cradle</e2> by means of a cord."
                Other
                Comment:

                9\t"The <e1>burst</e1> has been caused by water hammer <e2>pressure</e2>."
                Cause-Effect(e2,e1)
                Comment:
                """);
        assertThat(pairs).hasSize(3);
        Pair first = pairs.get(0);
        assertThat(first.text()).isEqualTo("The system as described above has its greatest application in an "
                + "arrayed configuration of antenna elements.");
        assertThat(first.e1()).isEqualTo(new CharSpan(73, 86));
        assertThat(first.e2().of(first.text())).isEqualTo("elements");
        assertThat(first.type()).isEqualTo("Component-Whole");
        assertThat(first.forward()).isFalse();
        assertThat(first.causeEffect()).isFalse();
        assertThat(first.cause()).isEmpty();
        assertThat(first.comment()).startsWith("Not a collection");
        assertThat(pairs.get(1).type()).isEqualTo("Other");
        assertThat(pairs.get(1).comment()).isEmpty();
        Pair causal = pairs.get(2);
        assertThat(causal.cause().orElseThrow().of(causal.text())).isEqualTo("pressure");
        assertThat(causal.effect().orElseThrow().of(causal.text())).isEqualTo("burst");
    }

    @Test
    void malformedRecordsFail() {
        assertThatThrownBy(() -> read("1\tno quotes\nOther\nComment:\n")).hasMessageContaining("id<TAB>");
        assertThatThrownBy(() -> read("1\t\"<e1>a</e1> b\"\nOther\nComment:\n")).hasMessageContaining("<e2>");
        assertThatThrownBy(() -> read("1\t\"<e1>a</e1> <e2>b</e2>\"\nCause-Effect\nComment:\n"))
                .hasMessageContaining("not a relation");
    }

    @Test
    void theReleasedTrainFileAndItsFolds() {
        Optional<Path> file = SharedData.find("semeval-2010-task8/TRAIN_FILE.TXT");
        assumeTrue(file.isPresent(), "no shared data");
        List<Pair> pairs = SemEvalPairs.read(file.get());
        assertThat(pairs).hasSize(8000);
        assertThat(pairs).extracting(Pair::id).doesNotHaveDuplicates();
        // the release's counts: 1,003 Cause-Effect (344 of them e1 -> e2), 1,410 Other
        assertThat(pairs).filteredOn(Pair::causeEffect).hasSize(1003);
        assertThat(pairs).filteredOn(p -> p.relation().equals("Cause-Effect(e1,e2)")).hasSize(344);
        assertThat(pairs).filteredOn(p -> p.type().equals("Other")).hasSize(1410);
        assertThat(pairs).allSatisfy(p -> {
            assertThat(p.text()).doesNotContain("<e1>", "</e2>");
            assertThat(p.e1().length()).isPositive();
            assertThat(p.e1().end()).isLessThanOrEqualTo(p.e2().start());
        });
        Map<Integer, Long> perFold = pairs.stream().collect(Collectors.groupingBy(Pair::fold, Collectors.counting()));
        // counted outside Java with the same hash
        assertThat(perFold).isEqualTo(Map.of(0, 1549L, 1, 1570L, 2, 1651L, 3, 1578L, 4, 1652L));
        assertThat(pairs).filteredOn(p -> p.fold() == BenchmarkFolds.REPORT_FOLD).filteredOn(Pair::causeEffect)
                .hasSize(194);
    }
}
