package io.causalstream.wikicausal;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scored-graphs as deploy/read-topic prints them ({"key", "value": Avro's JSON rendering}) read back. */
class ScoredGraphsFileTest {

    @Test
    void keepsTheLatestRecordPerAnnotationWithEdgesValidationAndStrength(@TempDir Path dir) throws IOException {
        ScoredGraph old = graph("p1", "llama3", edge("rain", "flooding", ValidationState.UNCHECKED, null));
        ScoredGraph now = graph("p1", "llama3", edge("rain", "flooding", ValidationState.VALIDATED, 0.71),
                edge("dams", "flooding", ValidationState.REJECTED, 0.12));
        ScoredGraph other = graph("p2", "Human1", edge("war", "famine", ValidationState.HYPOTHESIZED, 0.5));
        Path file = dir.resolve("scored.jsonl");
        // the exact line shape of io.causalstream.deploy.tools.ReadTopic
        Files.write(file, List.of(line("p1", old), line("p2", other), line("p1", now)));

        List<ScoredGraph> read = ScoredGraphsFile.read(file);

        assertThat(read).hasSize(2);
        ScoredGraph llama = read.getFirst();
        assertThat(llama.getEdges()).extracting(e -> e.getTriple().getSource()).containsExactly("rain", "dams");
        assertThat(llama.getEdges()).extracting(ScoredEdge::getValidation)
                .containsExactly(ValidationState.VALIDATED, ValidationState.REJECTED);
        assertThat(llama.getEdges()).extracting(ScoredEdge::getStrength).containsExactly(0.71, 0.12);
        assertThat(read.get(1).getAnnotator().getKind()).isEqualTo(AnnotatorKind.HUMAN);
        assertThat(llama.getEdges().getFirst().getTriple().getEvidence())
                .containsExactly(new io.causalstream.schemas.graph.EvidenceSpan(3, 7));
    }

    @Test
    void aLineThatIsNotAScoredGraphNamesTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("ratings.jsonl");
        Files.write(file, List.of("{\"key\":\"p1\",\"value\":{\"passageId\":\"p1\"}}"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ScoredGraphsFile.read(file))
                .hasMessageEndingWith("ratings.jsonl:1: not a scored-graphs record (no value.edges)");
    }

    private static String line(String key, ScoredGraph value) {
        return "{\"key\":\"" + key + "\",\"value\":" + value + "}";
    }

    private static ScoredEdge edge(String source, String target, ValidationState state, Double strength) {
        return ScoredEdge.newBuilder().setTriple(Triple.newBuilder().setSource(source).setTarget(target)
                .setDirection(Direction.INCREASE)
                .setEvidence(List.of(new io.causalstream.schemas.graph.EvidenceSpan(3, 7))).build()).setValidation(state).setStrength(strength).build();
    }

    private static ScoredGraph graph(String passage, String annotation, ScoredEdge... edges) {
        return ScoredGraph.newBuilder().setPassageId(passage).setAnnotationId(annotation)
                .setAnnotator(Annotator.newBuilder().setId(annotation)
                        .setKind(annotation.startsWith("Human") ? AnnotatorKind.HUMAN : AnnotatorKind.MODEL).build())
                .setEdges(List.of(edges)).setScores(List.of()).setScoredAt(Instant.EPOCH).build();
    }
}
