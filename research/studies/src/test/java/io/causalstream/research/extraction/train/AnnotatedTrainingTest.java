package io.causalstream.research.extraction.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.Edge;
import io.causalstream.research.extraction.HeldOutPassage;
import io.causalstream.research.extraction.HeldOutPassages;
import io.causalstream.schemas.graph.Direction;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Passages annotated for training ({@code extractor-tune --passages}): read in the held-out format, kept with their
 * gold (an empty gold stays: a passage that asserts nothing), and every evaluation passage stays out.
 */
class AnnotatedTrainingTest {

    private static Path root() throws URISyntaxException {
        return Path.of(AnnotatedTrainingTest.class.getResource("/soft-measures/README.md").toURI()).getParent();
    }

    private static HeldOutPassage p(String id, String text, Edge... gold) {
        return new HeldOutPassage(id, "", text, List.of(gold));
    }

    @Test
    void keepsAnnotatedPassagesWithTheirGoldAndDropsEvaluationPassages() throws Exception {
        TrainingSplits splits = TrainingSplits.load(root());
        List<GoldPassage> test = ReleasedSplit.read(root().resolve("test_data.csv"));
        String heldOut = HeldOutPassages.shipped().get(3).text();
        String val = splits.val().getFirst().text();
        String elo = splits.elo().texts().getFirst();
        String fresh = "Night-time curfews lowered burglaries in the town centre. The council met twice a month.";
        String nothing = "Whether curfews lower burglaries elsewhere remains an open question.";

        AnnotatedTraining a = AnnotatedTraining.select(List.of(
                p("a1", fresh, new Edge("night-time curfews", "burglaries", Direction.DECREASE)),
                p("a2", nothing),
                p("a3", heldOut, new Edge("x", "y", Direction.INCREASE)),
                p("a4", val, new Edge("x", "y", Direction.INCREASE)),
                p("a5", elo, new Edge("x", "y", Direction.INCREASE))), splits.elo(), splits.evaluationTexts(test));

        assertThat(a.passages()).extracting(GoldPassage::text).containsExactly(fresh, nothing);
        assertThat(a.passages().getFirst().gold()).singleElement().satisfies(t -> {
            assertThat(t.getSource()).isEqualTo("night-time curfews");
            assertThat(t.getTarget()).isEqualTo("burglaries");
            assertThat(t.getDirection()).isEqualTo(Direction.DECREASE);
        });
        assertThat(a.passages().get(1).gold()).isEmpty();
        assertThat(a.droppedElo()).isEqualTo(1);
        assertThat(a.droppedEvaluation()).isEqualTo(2);
        assertThat(a.summary()).contains("2 added (1 gold triples, 1 with none)", "1 dropped as Elo",
                "2 dropped as evaluation");
    }

    @Test
    void readsFilesInTheHeldOutFormatAndShipsNoEvaluationPassage(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mine.jsonl");
        Files.writeString(file, """
                {"id":"m-1","domain":"policy","text":"Fuel subsidies raised traffic volumes.","triples":[{"source":"fuel subsidies","target":"traffic volumes","direction":"INCREASE"}]}
                {"id":"m-2","text":"Mean income was 30,000 dollars.","triples":[]}
                """);
        assertThat(AnnotatedTraining.read(List.of(file))).extracting(HeldOutPassage::id).containsExactly("m-1", "m-2");

        TrainingSplits splits = TrainingSplits.load(root());
        List<HeldOutPassage> shipped = AnnotatedTraining.shipped();
        AnnotatedTraining kept = AnnotatedTraining.select(shipped, splits.elo(),
                splits.evaluationTexts(ReleasedSplit.read(root().resolve("test_data.csv"))));
        assertThat(shipped).isNotEmpty();
        assertThat(kept.passages()).hasSameSizeAs(shipped);
    }
}
