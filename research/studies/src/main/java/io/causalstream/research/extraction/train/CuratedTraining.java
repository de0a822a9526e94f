package io.causalstream.research.extraction.train;

import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.research.extraction.CuratedAnnotations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A training split with curators' corrections merged in. A curated passage
 * <ul>
 *   <li>is dropped when it is (a part of) an evaluation passage: an Elo passage, or a passage of the evaluation
 *       texts (the val and test splits, the held-out set), matched as {@link EloPassages} matches (half the word
 *       4-grams shared), so a correction never leaks what the model is judged on;</li>
 *   <li>replaces the gold of the train passages with the same text (lower case, accents and punctuation aside): the
 *       curator's reading supersedes the release's;</li>
 *   <li>is added to the split otherwise (an empty correction is a passage that asserts nothing).</li>
 * </ul>
 * Several corrections of one passage: the last in the file counts.
 *
 * @param train             the merged training passages
 * @param added             curated passages added
 * @param replaced          curated passages that replaced the gold of train passages (of each with its text)
 * @param droppedElo        curated passages dropped as Elo passages
 * @param droppedEvaluation curated passages dropped as evaluation passages
 */
public record CuratedTraining(List<GoldPassage> train, int added, int replaced, int droppedElo,
                              int droppedEvaluation) {

    public static CuratedTraining merge(List<GoldPassage> train, List<CuratedAnnotations.Curated> curated,
                                        EloPassages elo, List<String> evaluationTexts) {
        EvaluationGuard guard = new EvaluationGuard(elo, evaluationTexts);
        Map<String, GoldPassage> corrections = new LinkedHashMap<>();
        for (CuratedAnnotations.Curated c : curated) {
            if (guard.admits(c.text())) {
                corrections.put(EloPassages.key(c.text()), c.passage());
            }
        }
        List<GoldPassage> merged = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (GoldPassage p : train) {
            String key = EloPassages.key(p.text());
            GoldPassage correction = corrections.get(key);
            if (correction != null) {
                used.add(key);
            }
            merged.add(correction != null ? correction : p);
        }
        corrections.keySet().removeAll(used);
        merged.addAll(corrections.values());
        return new CuratedTraining(List.copyOf(merged), corrections.size(), used.size(), guard.droppedElo(),
                guard.droppedEvaluation());
    }

    /** One line for the console and the model card. */
    public String summary() {
        return String.format(Locale.ROOT, "curated: %d added, %d replaced a train passage's gold, %d dropped as Elo "
                + "passages, %d dropped as evaluation passages (val, test, held-out)", added, replaced, droppedElo,
                droppedEvaluation);
    }
}
