package io.causalstream.elo.web;

import io.causalstream.runtime.web.WebPages;
import io.javalin.Javalin;

/**
 * The service's own pages (served by the runtime's {@link WebPages}, as every service's pages are): {@code /rater}
 * (pairwise judgments, the paper's Figure 5, each annotation drawn as a graph beside its list), {@code /guidelines}
 * (appendix I), {@code /dashboard} (live ratings); {@code /} leads to the dashboard.
 */
public final class EloPages {

    public void register(Javalin app) {
        new WebPages().redirect("/", "/dashboard")
                .page("/rater", "rater").page("/dashboard", "dashboard").page("/guidelines", "guidelines")
                .register(app);
    }
}
