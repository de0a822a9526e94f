package io.causalstream.runtime;

import io.javalin.Javalin;
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
        });
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
