package io.causalstream.research.extraction.train;

import java.util.List;

/**
 * Keeps training text apart from what the model is judged on: a passage that is (a part of) an Elo passage or of an
 * evaluation text (the val and test splits, the held-out set), matched as {@link EloPassages} matches, is refused,
 * and counted by kind for the console and the model card.
 */
final class EvaluationGuard {

    private final EloPassages elo;
    private final EloPassages evaluation;
    private int droppedElo;
    private int droppedEvaluation;

    EvaluationGuard(EloPassages elo, List<String> evaluationTexts) {
        this.elo = elo;
        this.evaluation = new EloPassages(evaluationTexts);
    }

    /** Whether {@code text} may be trained on; a refusal is counted. */
    boolean admits(String text) {
        if (elo.contains(text)) {
            droppedElo++;
            return false;
        }
        if (evaluation.contains(text)) {
            droppedEvaluation++;
            return false;
        }
        return true;
    }

    int droppedElo() {
        return droppedElo;
    }

    int droppedEvaluation() {
        return droppedEvaluation;
    }
}
