package io.causalstream.wikicausal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reproduces the published WikiCausal recall table ({@code results/recall-v1.csv}) for both CauseNet KGs, line for
 * line, from the released KG files (test copies in {@code src/test/resources/wikicausal}).
 */
class RecallEvaluationTest {

    @Test
    void causeNetRowsOfRecallV1AreReproducedExactly() throws IOException {
        Path dir = dir();
        CausalKg base = CausalKg.read(dir.resolve("base-kg-v1.jsonl"));
        List<String> produced = new ArrayList<>();
        for (String name : List.of("causenet-full-linked-v1.jsonl", "causenet-precision-linked-v1.jsonl")) {
            RecallEvaluation.evaluate(name, CausalKg.read(dir.resolve(name)), "base-kg-v1.jsonl", base)
                    .forEach(r -> produced.add(r.csv()));
        }
        List<String> published = Files.readAllLines(dir.resolve("recall-v1.csv")).stream()
                .map(String::strip).filter(l -> l.startsWith("causenet")).toList();

        assertThat(published).hasSize(6);
        assertThat(produced).containsExactlyElementsOf(published);
        assertThat(Files.readAllLines(dir.resolve("recall-v1.csv")).getFirst().strip()).isEqualTo(RecallRow.HEADER);
    }

    @Test
    void baseKgSizesAreThePapers() throws IOException {
        CausalKg base = CausalKg.read(dir().resolve("base-kg-v1.jsonl"));

        // "427 class and 399 instance edges"
        assertThat(base.classes()).hasSize(427);
        assertThat(base.instances()).hasSize(399);
        assertThat(base.all()).hasSize(826);
    }

    @Test
    void recallArithmeticOnATinyGraph() {
        CausalKg base = new CausalKg.Builder()
                .addClassEdge("Q1", "Q2", "earthquake", "tsunami")
                .addClassEdge("Q1", "Q3", "earthquake", "landslide")
                .addClassEdge("Q4", "Q5", "war", "famine")
                .addInstanceEdge("Q10", "Q11", "2004 quake", "2004 tsunami").build();
        CausalKg input = new CausalKg.Builder()
                .addClassEdge("Q1", "Q2", "earthquake", "tsunami")
                .addClassEdge("Q1", "Q2", "earthquake", "tsunami")
                .addClassEdge("Q9", "Q5", "drought", "famine").build();

        List<RecallRow> rows = RecallEvaluation.evaluate("in", input, "base", base);

        // full: 1 hit of 4 base edges; 2 distinct input edges; base sources {Q1,Q4,Q10}, input sources {Q1,Q9}
        assertThat(rows.get(0).csv()).isEqualTo("in,base,full,0.2500,1,2,4,1,0.3333");
        assertThat(rows.get(1).csv()).isEqualTo("in,base,classes,0.3333,1,2,3,1,0.5000");
        assertThat(rows.get(2).csv()).isEqualTo("in,base,instances,0.0000,0,0,1,0,0.0000");
        assertThat(rows.get(0).precision()).isEqualTo(0.5);
    }

    @Test
    void formatsLikePython() {
        assertThat(RecallRow.fixed4(0.06537530266343826)).isEqualTo("0.0654");
        assertThat(RecallRow.fixed4(0.0)).isEqualTo("0.0000");
        assertThat(RecallRow.fixed4(0.58)).isEqualTo("0.5800");
        // 0.00005 is slightly above 5e-5 in binary: rounds up, as Python does
        assertThat(RecallRow.fixed4(0.00005)).isEqualTo("0.0001");
    }

    static Path dir() {
        try {
            return Path.of(RecallEvaluationTest.class.getClassLoader().getResource("wikicausal/README.md").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
