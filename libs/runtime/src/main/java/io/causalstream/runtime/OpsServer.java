package io.causalstream.runtime;

import io.javalin.Javalin;
import io.causalstream.runtime.web.HttpSecurity;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The HTTP face every service has, each health answer 200 or 503 with a JSON body saying why:
 * <ul>
 *   <li>{@code /health/live}: the process is not failed (a liveness probe restarts it otherwise);</li>
 *   <li>{@code /health/ready}: the service can do its work now (broker, registry and its own processing answer);
 *       a readiness probe takes it out of load balancing otherwise;</li>
 *   <li>{@code /health}: the same as {@code /health/ready}, for older callers;</li>
 *   <li>{@code /metrics}: Prometheus text format.</li>
 * </ul>
 * Every error answers JSON {@code {"error": ..., "code": ...}} ({@link HttpSecurity#answer}): an unknown path 404,
 * a method the path does not have 405 with {@code Allow}; HEAD answers as GET without the body;
 * {@code /favicon.ico} answers 204.
 * Services add their own routes to {@link #app()}.
 */
public final class OpsServer implements AutoCloseable {

    /** What /health reports. */
    public record Health(boolean up, Map<String, Object> details) {
    }

    private final PrometheusMeterRegistry registry;
    private final Javalin app;

    /** One check answering both liveness and readiness. */
    public OpsServer(String serviceName, Supplier<Health> health) {
        this(serviceName, health, health);
    }

    public OpsServer(String serviceName, Supplier<Health> live, Supplier<Health> ready) {
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("service", serviceName);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        this.app = Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            cfg.useVirtualThreads = true;
            cfg.http.prefer405over404 = true;
            // HEAD runs the GET route; Jetty sends the headers without the body
            cfg.jetty.modifyServletContextHandler(h -> h.addFilter(HeadAsGet.class, "/*",
                    java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST)));
        });
        app.exception(HttpResponseException.class, (e, ctx) -> HttpSecurity.answer(e, ctx, HttpSecurity.MAX_BODY));
        // browsers ask every page's host for an icon: no icon, and no error in their console
        app.get("/favicon.ico", ctx -> ctx.status(HttpStatus.NO_CONTENT).header("Cache-Control", "max-age=86400"));
        app.get("/health", ctx -> answer(ctx, serviceName, ready.get()));
        app.get("/health/ready", ctx -> answer(ctx, serviceName, ready.get()));
        app.get("/health/live", ctx -> answer(ctx, serviceName, live.get()));
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                .result(registry.scrape()));
    }

    private static void answer(io.javalin.http.Context ctx, String serviceName, Health h) {
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("service", serviceName);
        body.put("status", h.up() ? "UP" : "DOWN");
        body.putAll(h.details());
        ctx.status(h.up() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(body);
    }

    /** Hands a HEAD request to the routes as a GET (Javalin answers HEAD with an empty 200 of its own otherwise). */
    public static final class HeadAsGet implements jakarta.servlet.Filter {
        @Override
        public void doFilter(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response,
                             jakarta.servlet.FilterChain chain) throws java.io.IOException, jakarta.servlet.ServletException {
            if (request instanceof jakarta.servlet.http.HttpServletRequest http && "HEAD".equals(http.getMethod())) {
                request = new jakarta.servlet.http.HttpServletRequestWrapper(http) {
                    @Override
                    public String getMethod() {
                        return "GET";
                    }
                };
            }
            chain.doFilter(request, response);
        }
    }

    public PrometheusMeterRegistry meters() {
        return registry;
    }

    public Javalin app() {
        return app;
    }

    public OpsServer start(String host, int port) {
        app.start(host, port);
        return this;
    }

    /** The port actually bound (useful with port 0 in tests). */
    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
        registry.close();
    }
}
