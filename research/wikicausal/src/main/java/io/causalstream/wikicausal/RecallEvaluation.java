package io.causalstream.wikicausal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * WikiCausal's recall evaluation (section 4.1; {@code scripts/recall.py}, function {@code evaluate_recall}),
 * reproduced operation for operation: set intersections of (cause id, effect id) edges, computed three times —
 * full KG against full base KG, class edges against the base KG's class edges, example (instance) edges against
 * the base KG's examples. Base count is the number of distinct base-KG cause ids that are also cause ids of the
 * input; base coverage divides it by the base KG's distinct cause ids.
 */
public final class RecallEvaluation {

    public static List<RecallRow> evaluate(String inputName, CausalKg input, String baseName, CausalKg base) {
        return List.of(
                row(inputName, baseName, "full", input.all(), base.all()),
                row(inputName, baseName, "classes", input.classes(), base.classes()),
                row(inputName, baseName, "instances", input.instances(), base.instances()));
    }

    static RecallRow row(String inputName, String baseName, String type, Set<CausalKg.Edge> input,
                         Set<CausalKg.Edge> base) {
        Set<String> baseSources = new HashSet<>();
        base.forEach(e -> baseSources.add(e.cause()));
        Set<String> inputSources = new HashSet<>();
        input.forEach(e -> inputSources.add(e.cause()));
        Set<String> common = new HashSet<>(baseSources);
        common.retainAll(inputSources);
        int baseCount = common.size();
        double baseCoverage = baseCount * 1.0 / baseSources.size();
        Set<CausalKg.Edge> hits = new HashSet<>(input);
        hits.retainAll(base);
        int hitCount = hits.size();
        double precision = input.isEmpty() ? 0 : hitCount * 1.0 / input.size();
        double recall = hitCount * 1.0 / base.size();
        return new RecallRow(inputName, baseName, type, recall, hitCount, input.size(), base.size(), precision,
                baseCount, baseCoverage);
    }

    private RecallEvaluation() {
    }
}
