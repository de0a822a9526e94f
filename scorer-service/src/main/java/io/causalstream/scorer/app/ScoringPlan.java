package io.causalstream.scorer.app;

import io.causalstream.runtime.Config;
import io.causalstream.scorer.alignment.TripleAlignment;
import io.causalstream.scorer.scoring.EdgeAssessor;
import io.causalstream.scorer.scoring.GraphAlignment;
import io.causalstream.scorer.scoring.GraphScorer;

/**
 * What a deployment scores beside the soft F1 measures of {@code scorer.measures}:
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>env</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code scorer.alignment.enabled}</td><td>{@code SCORER_ALIGNMENT_ENABLED}</td><td>true</td>
 *       <td>Structure-first alignment F1 (EmpiriGraph A.3, direction as edge type) into
 *       {@code ScoredGraph.alignmentF1}.</td></tr>
 * </table>
 */
final class ScoringPlan {

    static final String ALIGNMENT_ENABLED = "scorer.alignment.enabled";

    static GraphScorer build(Config config, ScorerSettings settings) {
        GraphAlignment alignment = GraphAlignment.NONE;
        if (config.getBoolean(ALIGNMENT_ENABLED, true)) {
            TripleAlignment aligner = new TripleAlignment();
            alignment = (extraction, gold) -> aligner.f1(extraction.getTriples(), gold.getTriples());
        }
        return settings.graphScorer().withHooks(EdgeAssessor.NONE, alignment);
    }

    private ScoringPlan() {
    }
}
