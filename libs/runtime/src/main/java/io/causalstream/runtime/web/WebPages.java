package io.causalstream.runtime.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.webjars.WebJarVersionLocator;

/**
 * The product's pages, the same way in every service that has some: plain HTML, CSS and JavaScript served from the
 * classpath, no build step and nothing fetched from another site at run time.
 * <ul>
 *   <li>pages: {@code page("/rater", "rater")} answers {@code GET /rater} with {@code web/rater.html};</li>
 *   <li>{@code /assets/{file}}: {@code web/assets/{file}} of any module on the classpath: the service's own scripts,
 *       and the shared ones this module carries ({@code app.css}, {@code graph.js}, the one drawing module of every
 *       page that shows a causal graph);</li>
 *   <li>{@code /assets/lib/{file}}: the browser libraries, from the Maven Central webjars this module depends on
 *       ({@link #LIBRARIES}), found by webjars-locator-lite under the version on the classpath, so a version change
 *       is a pom change only; and the one library only npm publishes ({@link #NPM_LIBRARIES}), which this module's
 *       build fetches from the npm registry into {@code web/npm/}.</li>
 * </ul>
 * Every answer carries {@link #securityHeaders(Context) the security headers}: a Content-Security-Policy allowing
 * only this origin's scripts, styles and connections (no inline script or style, no other site), no framing.
 */
public final class WebPages {

    /** Content-Security-Policy of every page: own scripts and styles only, never inline. */
    public static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /** {@code /assets/lib/<name>} -> webjar artifact and the file inside it (after its version directory). */
    public static final Map<String, String[]> LIBRARIES = Map.of(
            "cytoscape.js", new String[] {"cytoscape", "dist/cytoscape.min.js"},
            "layout-base.js", new String[] {"layout-base", "layout-base.js"},
            "cose-base.js", new String[] {"cose-base", "cose-base.js"},
            "cytoscape-fcose.js", new String[] {"cytoscape-fcose", "cytoscape-fcose.js"});

    /** {@code /assets/lib/<name>} -> classpath resource of a library the build fetched from npm (see the pom). */
    public static final Map<String, String> NPM_LIBRARIES = Map.of(
            "cytoscape-layout-utilities.js", "web/npm/cytoscape-layout-utilities/cytoscape-layout-utilities.js");

    /** Finds a webjar's version on the classpath once and caches it. */
    private static final WebJarVersionLocator WEBJARS = new WebJarVersionLocator();

    private static final Pattern ASSET = Pattern.compile("[a-z0-9-]+\\.(css|js|svg)");
    private static final Map<String, String> TYPES = Map.of("css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "svg", "image/svg+xml", "html", "text/html; charset=utf-8");

    private final Map<String, String> pages = new LinkedHashMap<>();
    private final Map<String, String> redirects = new LinkedHashMap<>();

    /** Serve {@code web/<name>.html} at {@code path} (a Javalin path, e.g. {@code /maps/{id}}). */
    public WebPages page(String path, String name) {
        pages.put(path, "web/" + name + ".html");
        return this;
    }

    /** Redirect {@code path} to {@code to} (e.g. {@code /} to the service's main page). */
    public WebPages redirect(String path, String to) {
        redirects.put(path, to);
        return this;
    }

    public void register(Javalin app) {
        redirects.forEach((path, to) -> app.get(path, ctx -> ctx.redirect(to)));
        pages.forEach((path, resource) -> app.get(path, ctx -> serve(ctx, resource, TYPES.get("html"))));
        app.get("/assets/{file}", ctx -> {
            String file = ctx.pathParam("file");
            if (!ASSET.matcher(file).matches()) {
                ctx.status(HttpStatus.NOT_FOUND);
                return;
            }
            serve(ctx, "web/assets/" + file, TYPES.get(file.substring(file.lastIndexOf('.') + 1)));
        });
        app.get("/assets/lib/{file}", ctx -> {
            String resource = library(ctx.pathParam("file"));
            if (resource == null) {
                securityHeaders(ctx);
                ctx.status(HttpStatus.NOT_FOUND);
                return;
            }
            serve(ctx, resource, TYPES.get("js"));
        });
    }

    /** The classpath resource of a browser library, or null when there is no such library (or webjar). */
    static String library(String file) {
        if (NPM_LIBRARIES.containsKey(file)) {
            return NPM_LIBRARIES.get(file);
        }
        String[] lib = LIBRARIES.get(file);
        if (lib == null) {
            return null;
        }
        return WEBJARS.fullPath(lib[0], lib[1]);
    }

    /** The headers of every page and asset (and, in services that install them globally, of every answer). */
    public static void securityHeaders(Context ctx) {
        ctx.header("Content-Security-Policy", CSP);
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "same-origin");
        ctx.header("Cross-Origin-Opener-Policy", "same-origin");
    }

    private static InputStream resource(String name) {
        return WebPages.class.getClassLoader().getResourceAsStream(name);
    }

    private static void serve(Context ctx, String resource, String type) {
        securityHeaders(ctx);
        try (InputStream in = resource(resource)) {
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
