package io.causalstream.research.extraction.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.research.extraction.CuratedAnnotations;
import io.causalstream.research.extraction.HeldOutPassages;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Curated annotations read by extractor-train and extractor-tune ({@code --curated}): a correction of a train passage
 * replaces its gold, a new passage is added, and every evaluation passage (Elo, val, test, held-out) stays out.
 */
class CuratedTrainingTest {

    private static Path root() throws URISyntaxException {
        return Path.of(CuratedTrainingTest.class.getResource("/soft-measures/README.md").toURI()).getParent();
    }

    private static String line(String passageId, String text, Triple... triples) {
        return CuratedAnnotations.line(Extraction.newBuilder().setPassageId(passageId)
                .setAnnotationId("curated-Ann-" + passageId).setAnnotator(Annotator.newBuilder().setId("Ann")
                        .setKind(AnnotatorKind.HUMAN).build()).setTriples(List.of(triples))
                .setCreatedAt(Instant.EPOCH).build(), text);
    }

    private static Triple t(String s, String t, Direction d) {
        return Triple.newBuilder().setSource(s).setTarget(t).setDirection(d).build();
    }

    @Test
    void curatedPassagesChangeTheTrainingSetAndEvaluationPassagesStayOut(@TempDir Path dir) throws Exception {
        TrainingSplits splits = TrainingSplits.load(root());
        List<GoldPassage> base = splits.train(null);
        GoldPassage corrected = base.get(5);
        String val = splits.val().getFirst().text();
        List<GoldPassage> testSplit = ReleasedSplit.read(root().resolve("test_data.csv"));
        String test = splits.elo().without(testSplit).getFirst().text();
        String heldOut = HeldOutPassages.shipped().getFirst().text();
        String elo = splits.elo().texts().getFirst();
        String fresh = "Curfews imposed by the council lowered the number of night-time burglaries in Ashford.";
        List<String> lines = new ArrayList<>(List.of(
                line("c1", corrected.text(), t("curated cause", "curated effect", Direction.DECREASE)),
                line("c2", fresh, t("curfews", "burglaries", Direction.INCREASE)),
                line("c3", elo, t("a", "b", Direction.INCREASE)),
                line("c4", test, t("a", "b", Direction.INCREASE)),
                line("c5", val, t("a", "b", Direction.INCREASE)),
                line("c6", heldOut.toUpperCase(java.util.Locale.ROOT) + "!", t("a", "b", Direction.INCREASE)),
                // the same passage corrected again: the last correction counts, once
                line("c2", fresh, t("curfews", "night-time burglaries", Direction.DECREASE))));
        Path file = dir.resolve("curated.jsonl");
        Files.write(file, lines);

        CuratedTraining merged = splits.train(null, file, testSplit);
        assertThat(merged.added()).isEqualTo(1);
        assertThat(merged.replaced()).isEqualTo(1);
        assertThat(merged.droppedElo()).isEqualTo(1);
        assertThat(merged.droppedEvaluation()).isEqualTo(3);
        assertThat(merged.train()).hasSize(base.size() + 1);
        assertThat(merged.train().get(5).gold()).extracting(Triple::getSource).containsExactly("curated cause");
        assertThat(merged.train().getLast().gold()).extracting(Triple::getTarget)
                .containsExactly("night-time burglaries");
        // the release's own passages are untouched but the corrected one; the only new passage is the fresh one
        for (int i = 0; i < base.size(); i++) {
            if (!base.get(i).text().equals(corrected.text())) {
                assertThat(merged.train().get(i)).isSameAs(base.get(i));
            }
        }
        assertThat(merged.train().subList(base.size(), merged.train().size())).extracting(GoldPassage::text)
                .containsExactly(fresh);
        assertThat(merged.summary()).contains("1 added", "1 replaced", "1 dropped as Elo", "3 dropped as evaluation");

        // with a limit, the corrections merge into the limited split
        CuratedTraining limited = splits.train(3, file, testSplit);
        assertThat(limited.train()).hasSize(3 + 2);
        assertThat(limited.replaced()).isZero();
        assertThat(limited.added()).isEqualTo(2);
    }

    @Test
    void aMalformedLineFailsTheFileWithItsNumber(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.write(file, List.of(line("c1", "Rain causes floods.", t("rain", "floods", Direction.INCREASE)),
                "{\"passageId\":\"c2\",\"annotationId\":\"x\",\"triples\":[]}"));
        assertThatThrownBy(() -> CuratedAnnotations.read(file)).hasMessageContaining("line 2")
                .hasMessageContaining("no text");
    }
}
