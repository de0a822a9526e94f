package io.causalstream.runtime.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every response and every state-changing request of a service's HTTP face goes through (the Elo service's
 * rater API, the scorer's map simulation):
 * <ul>
 *   <li>security headers on every response ({@link WebPages#securityHeaders}): a Content-Security-Policy
 *       without {@code unsafe-inline} (the pages load only their own scripts and styles), {@code frame-ancestors 'none'} and {@code X-Frame-Options: DENY},
 *       {@code X-Content-Type-Options: nosniff}, {@code Referrer-Policy: same-origin};</li>
 *   <li>a strict origin check on every POST, PUT, PATCH and DELETE under {@code /api/}: a browser's
 *       {@code Origin} (or, without one, its {@code Referer}) must be this service's own (the request's
 *       {@code Host}) or one of the allowed origins (the Elo service's {@code elo.allowed.origins}); {@code Origin: null}
 *       is refused. Requests with neither
 *       header come from programs, not from a browser page, so they cannot be cross-site forgeries;</li>
 *   <li>JSON only: a body of any other type is refused with 415 (a form or {@code text/plain} post is what a
 *       foreign page can send without a CORS preflight); a declared body over the limit (by default
 *       {@link #MAX_BODY} bytes) with 413;</li>
 *   <li>errors as JSON {@code {"error": ..., "code": ...}} ({@link #answer}) without exception messages or stack traces: an unexpected failure
 *       is logged with a reference that the answer quotes.</li>
 * </ul>
 */
public final class HttpSecurity {

    private static final Logger log = LoggerFactory.getLogger(HttpSecurity.class);
    /** Largest request body by default (a judgment with its ticket is well under 4 KB). */
    public static final int MAX_BODY = 16 * 1024;
    private static final Set<String> STATE_CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");

    private final Set<String> allowedOrigins;
    private final int maxBody;

    /** @param allowedOrigins extra origins (e.g. {@code https://elo.example.org}) allowed to post, beyond the own */
    public HttpSecurity(Set<String> allowedOrigins) {
        this(allowedOrigins, MAX_BODY);
    }

    /** @param maxBody the largest request body, in bytes */
    public HttpSecurity(Set<String> allowedOrigins, int maxBody) {
        this.allowedOrigins = allowedOrigins.stream().map(HttpSecurity::authority)
                .filter(a -> a != null).collect(java.util.stream.Collectors.toUnmodifiableSet());
        this.maxBody = maxBody;
    }

    public void register(Javalin app) {
        app.before(WebPages::securityHeaders);
        app.before("/api/*", this::guard);
        app.exception(HttpResponseException.class, (e, ctx) -> answer(e, ctx, maxBody));
        app.exception(Exception.class, (e, ctx) -> {
            String ref = UUID.randomUUID().toString().substring(0, 8);
            log.error("unexpected failure answering {} {} (ref {})", ctx.method(), ctx.path(), ref, e);
            ctx.status(HttpStatus.INTERNAL_SERVER_ERROR).json(Map.of("error", "internal error (ref " + ref + ")"));
        });
    }

    /**
     * The JSON answer of a refused or unanswerable request, {@code {"error": message, "code": code}}: a guard's
     * refusal with its own code, any other status with its name ({@code not_found}, {@code method_not_allowed},
     * ...); a 405 names the methods the path has in {@code Allow} (with HEAD wherever GET is).
     */
    public static void answer(HttpResponseException e, Context ctx, int maxBody) {
        HttpStatus status = HttpStatus.forStatus(e.getStatus());
        String message;
        String code;
        if (e instanceof Refused refused) {
            message = e.getMessage();
            code = refused.code();
        } else if (status == HttpStatus.CONTENT_TOO_LARGE) {
            message = "request body too large (at most " + maxBody + " bytes)";
            code = BODY_TOO_LARGE;
        } else {
            message = status == HttpStatus.UNKNOWN ? e.getMessage() : status.getMessage();
            code = status.name().toLowerCase(Locale.ROOT);
        }
        if (status == HttpStatus.METHOD_NOT_ALLOWED) {
            String allow = allow(e.getDetails().get("availableMethods"));
            if (!allow.isEmpty()) {
                ctx.header("Allow", allow);
                message = message + " (allowed: " + allow + ")";
            }
        }
        ctx.status(e.getStatus()).json(Map.of("error", message, "code", code));
    }

    /** {@code GET, HEAD, POST} from Javalin's comma-separated list of a path's methods. */
    static String allow(String available) {
        if (available == null || available.isBlank()) {
            return "";
        }
        java.util.LinkedHashSet<String> methods = new java.util.LinkedHashSet<>();
        for (String m : available.split(",")) {
            String method = m.trim().toUpperCase(Locale.ROOT);
            if (!method.isEmpty()) {
                methods.add(method);
                if (method.equals("GET")) {
                    methods.add("HEAD");
                }
            }
        }
        return String.join(", ", methods);
    }

    /** The code of a state-changing request from another site's page. */
    public static final String CROSS_ORIGIN = "cross_origin";
    /** The code of a body that is not JSON. */
    public static final String UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type";
    /** The code of a body over the limit. */
    public static final String BODY_TOO_LARGE = "body_too_large";

    private void guard(Context ctx) {
        String method = ctx.method().name();
        if (!STATE_CHANGING.contains(method)) {
            return;
        }
        String problem = foreignOrigin(ctx);
        if (problem != null) {
            throw new Refused(HttpStatus.FORBIDDEN, CROSS_ORIGIN, problem);
        }
        long length = ctx.contentLength();
        if (length > maxBody) {
            throw new Refused(HttpStatus.CONTENT_TOO_LARGE, BODY_TOO_LARGE, "request body too large (at most "
                    + maxBody + " bytes)");
        }
        boolean hasBody = length > 0 || ctx.header("Transfer-Encoding") != null;
        if ((hasBody || !"DELETE".equals(method)) && !isJson(ctx.contentType())) {
            throw new Refused(HttpStatus.UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_MEDIA_TYPE,
                    "send the body as application/json");
        }
    }

    /** Why the request's origin is not allowed, or null when it is. */
    private String foreignOrigin(Context ctx) {
        String host = ctx.header("Host");
        String own = host == null ? null : host.toLowerCase(Locale.ROOT);
        String origin = ctx.header("Origin");
        if (origin != null) {
            String a = "null".equals(origin) ? null : authority(origin);
            return a != null && (a.equals(own) || allowedOrigins.contains(a)) ? null
                    : "cross-origin request refused (Origin " + shorten(origin) + ")";
        }
        String referer = ctx.header("Referer");
        if (referer != null) {
            String a = authority(referer);
            return a != null && (a.equals(own) || allowedOrigins.contains(a)) ? null
                    : "cross-origin request refused (Referer of another site)";
        }
        return null;
    }

    /** {@code host[:port]} of a URL, lower case; null when it is not one. */
    static String authority(String url) {
        try {
            URI u = new URI(url.trim());
            if (u.getHost() == null || u.getScheme() == null) {
                return null;
            }
            return (u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())).toLowerCase(Locale.ROOT);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json");
    }

    private static String shorten(String s) {
        String clean = s.replaceAll("[^\\x20-\\x7e]", "?");
        return clean.length() > 100 ? clean.substring(0, 100) + "…" : clean;
    }

    /** A request refused by the guard, with the reason and the code the answer gives. */
    public static final class Refused extends HttpResponseException {
        private final String code;

        public Refused(HttpStatus status, String message) {
            this(status, status.name().toLowerCase(Locale.ROOT), message);
        }

        public Refused(HttpStatus status, String code, String message) {
            super(status.getCode(), message, Map.of());
            this.code = code;
        }

        public String code() {
            return code;
        }
    }
}
