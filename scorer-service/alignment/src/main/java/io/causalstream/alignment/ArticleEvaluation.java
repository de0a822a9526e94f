package io.causalstream.alignment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The reference evaluation loop ({@code graph_eval.ipynb}) over a corpus: for every article id present in both the
 * gold and the predicted set, in ascending id order, preprocess both graphs, apply the view, align, score.
 */
public final class ArticleEvaluation {

    /** One article's result. */
    public record ArticleResult(int articleId, EvaluationView view, AlignmentResult result) {
    }

    public static List<ArticleResult> evaluate(Map<Integer, TypedGraph> gold, Map<Integer, TypedGraph> predicted,
                                               EvaluationView view, StructuralAligner aligner) {
        TreeSet<Integer> overlap = new TreeSet<>(gold.keySet());
        overlap.retainAll(predicted.keySet());
        List<ArticleResult> out = new ArrayList<>();
        for (int id : overlap) {
            TypedGraph g = view.apply(Preprocessing.apply(gold.get(id)));
            TypedGraph p = view.apply(Preprocessing.apply(predicted.get(id)));
            out.add(new ArticleResult(id, view, aligner.align(g, p)));
        }
        return out;
    }

    private ArticleEvaluation() {
    }
}
