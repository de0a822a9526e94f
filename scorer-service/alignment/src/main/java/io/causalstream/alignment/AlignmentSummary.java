package io.causalstream.alignment;

import java.util.Collection;

/**
 * Corpus-level alignment scores (EmpiriGraph section 6): <b>micro</b> pools the edges of all articles (Σ matched over
 * Σ predicted / Σ gold edges); <b>macro</b> averages the per-article precision, recall and F1 over the articles whose
 * gold graph has at least one edge — the reference's averaging set ({@code gt_n_edges > 0}); an article with gold
 * edges but no predicted ones counts with 0.
 *
 * @param articles         results summarised
 * @param macroArticles    articles in the macro average (those with gold edges)
 * @param provenOptimal    results whose alignment is proven optimal
 * @param micro            pooled matched / gold / predicted with P, R, F1 ({@link TypeScore} conventions for empty sums)
 * @param macroPrecision   mean per-article precision (0 when no article has gold edges)
 * @param macroRecall      mean per-article recall
 * @param macroF1          mean per-article F1
 */
public record AlignmentSummary(int articles, int macroArticles, int provenOptimal, TypeScore micro,
                               double macroPrecision, double macroRecall, double macroF1) {

    public static AlignmentSummary of(Collection<AlignmentResult> results) {
        int matched = 0;
        int gold = 0;
        int predicted = 0;
        int proven = 0;
        int macroN = 0;
        double p = 0;
        double r = 0;
        double f = 0;
        for (AlignmentResult result : results) {
            matched += result.matched();
            gold += result.goldEdges();
            predicted += result.predictedEdges();
            proven += result.provenOptimal() ? 1 : 0;
            if (result.goldEdges() > 0) {
                macroN++;
                p += result.precision();
                r += result.recall();
                f += result.f1();
            }
        }
        return new AlignmentSummary(results.size(), macroN, proven, TypeScore.of(matched, gold, predicted),
                macroN == 0 ? 0 : p / macroN, macroN == 0 ? 0 : r / macroN, macroN == 0 ? 0 : f / macroN);
    }
}
