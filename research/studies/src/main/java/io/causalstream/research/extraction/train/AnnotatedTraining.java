package io.causalstream.research.extraction.train;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.research.extraction.HeldOutPassage;
import io.causalstream.research.extraction.HeldOutPassages;
import io.causalstream.schemas.graph.Triple;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Passages annotated for training in the register the extractor reads in production (reports, abstracts,
 * briefings), in the held-out set's format and under its annotation rules: every claim a passage asserts is in its
 * gold, so a sentence with none asserts nothing, which the soft-measures release cannot say (its gold lists coded
 * claims, not every claim). A passage that is (a part of) an evaluation passage (an Elo passage, the val or test
 * split, the held-out set; matched as {@link EloPassages} matches) is dropped, so training never sees what the
 * model is judged on.
 *
 * @param passages          the passages kept, as gold passages
 * @param droppedElo        passages dropped as Elo passages
 * @param droppedEvaluation passages dropped as evaluation passages
 */
public record AnnotatedTraining(List<GoldPassage> passages, int droppedElo, int droppedEvaluation) {

    /** The annotated passages shipped for {@code extractor-tune}. */
    public static final String SHIPPED = "/io/causalstream/research/extraction/train/annotated-passages-v3.jsonl";

    public AnnotatedTraining {
        passages = List.copyOf(passages);
    }

    /** The shipped annotated passages. */
    public static List<HeldOutPassage> shipped() {
        return HeldOutPassages.resource(SHIPPED, "the annotated passages");
    }

    /** Files in the held-out format, read in order. */
    public static List<HeldOutPassage> read(List<Path> files) throws IOException {
        List<HeldOutPassage> out = new ArrayList<>();
        for (Path f : files) {
            out.addAll(HeldOutPassages.read(f));
        }
        return out;
    }

    /** The annotated passages that are no evaluation passage, as gold passages. */
    public static AnnotatedTraining select(List<HeldOutPassage> annotated, EloPassages elo,
                                           List<String> evaluationTexts) {
        EvaluationGuard guard = new EvaluationGuard(elo, evaluationTexts);
        List<GoldPassage> kept = new ArrayList<>();
        for (HeldOutPassage p : annotated) {
            if (guard.admits(p.text())) {
                kept.add(new GoldPassage(p.text(), p.gold().stream()
                        .map(e -> new Triple(e.source(), e.target(), e.direction(), List.of(), null)).toList()));
            }
        }
        return new AnnotatedTraining(kept, guard.droppedElo(), guard.droppedEvaluation());
    }

    /** One line for the console and the model card. */
    public String summary() {
        return String.format(Locale.ROOT, "annotated passages: %d added (%d gold triples, %d with none), %d dropped "
                        + "as Elo passages, %d dropped as evaluation passages (val, test, held-out)", passages.size(),
                passages.stream().mapToInt(p -> p.gold().size()).sum(),
                passages.stream().filter(p -> p.gold().isEmpty()).count(), droppedElo, droppedEvaluation);
    }
}
