package io.causalstream.scorer.web;

import io.causalstream.runtime.web.WebPages;
import io.javalin.Javalin;

/**
 * The product pages the scorer serves, because it owns their data (served by the runtime's {@link WebPages}, as
 * every service's pages are, with the shared drawing module {@code graph.js}):
 * <ul>
 *   <li>{@code /passages/{id}}: the passage view, its text with the evidence spans highlighted and each annotation
 *       drawn as a graph with its soft F1 against the gold, the headline naming its measure (METEOR's when scored)
 *       ({@code GET /api/passages/{id}/scores}); {@code #s<start>-<end>} highlights one span; an id the scorer
 *       holds nothing for reads "Passage not found";</li>
 *   <li>{@code /maps}: the collective maps; {@code /maps/{id}}: one map drawn, filtered, its edges' provenance and
 *       a scenario panel (the causal-maps API under {@code /api/maps}).</li>
 *   <li>{@code /curate/{id}}: the curation page, one extraction of the passage corrected edge by edge and published
 *       as a curator's annotation (the curation API under {@code /api/curation}).</li>
 * </ul>
 */
public final class ScorerPages {

    public void register(Javalin app) {
        new WebPages().redirect("/", "/maps")
                .page("/passages/{id}", "passage").page("/maps", "maps").page("/maps/{id}", "map")
                .page("/curate/{id}", "curate")
                .register(app);
    }
}
