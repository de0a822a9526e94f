package io.causalstream.elo.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The service's own pages, plain HTML, CSS and JavaScript served from the classpath ({@code web/}), no build
 * step: {@code /rater} (pairwise judgments, the paper's Figure 5), {@code /guidelines} (appendix I),
 * {@code /dashboard} (live ratings); {@code /} leads to the dashboard.
 */
public final class WebPages {

    private static final Pattern ASSET = Pattern.compile("[a-z0-9-]+\\.(css|js|svg)");
    private static final Map<String, String> TYPES = Map.of("css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "svg", "image/svg+xml", "html", "text/html; charset=utf-8");

    public void register(Javalin app) {
        app.get("/", ctx -> ctx.redirect("/dashboard"));
        for (String page : new String[] {"rater", "dashboard", "guidelines"}) {
            app.get("/" + page, ctx -> serve(ctx, "web/" + page + ".html", TYPES.get("html")));
        }
        app.get("/assets/{file}", ctx -> {
            String file = ctx.pathParam("file");
            if (!ASSET.matcher(file).matches()) {
                ctx.status(HttpStatus.NOT_FOUND);
                return;
            }
            serve(ctx, "web/assets/" + file, TYPES.get(file.substring(file.lastIndexOf('.') + 1)));
        });
    }

    private static void serve(Context ctx, String resource, String type) {
        try (InputStream in = WebPages.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                ctx.status(HttpStatus.NOT_FOUND);
                return;
            }
            ctx.contentType(type).header("Cache-Control", "no-cache").result(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
