package io.causalstream.runtime.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal of a service's JSON API (the rater page's, the curation page's), thrown from a handler or a
 * before-handler and answered as
 * {@code {"error": message, "code": code, ...}} with its status (and {@code Retry-After} when it says when to come
 * back). Throwing ends the request at the point of refusal, so a handler reads as the checks in their order.
 */
public final class ApiError extends HttpResponseException {

    private final String code;
    private final Map<String, Object> fields = new LinkedHashMap<>();
    private Long retryAfterSeconds;

    public ApiError(HttpStatus status, String code, String message) {
        super(status.getCode(), message, Map.of());
        this.code = code;
    }

    /** An extra field of the answer, e.g. the judgment id a refusal is about. */
    public ApiError with(String name, Object value) {
        fields.put(name, value);
        return this;
    }

    /** 429: how long until the next request is allowed, in whole seconds (at least 1). */
    public static ApiError tooMany(Duration wait, String message) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        ApiError e = new ApiError(HttpStatus.TOO_MANY_REQUESTS, "rate_limited",
                message + " (retry in " + seconds + " s)");
        e.retryAfterSeconds = seconds;
        return e;
    }

    public ApiError retryAfter(long seconds) {
        retryAfterSeconds = seconds;
        return this;
    }

    public String code() {
        return code;
    }

    /** The JSON body as {@code type}; refused with 400 and {@code usage} when it is missing, not JSON or not that. */
    public static <T> T readJson(Context ctx, ObjectMapper json, Class<T> type, String usage) {
        T value;
        try {
            value = json.readValue(ctx.bodyAsBytes(), type);
        } catch (IOException e) {
            value = null;
        }
        if (value == null) {
            throw new ApiError(HttpStatus.BAD_REQUEST, "malformed", usage);
        }
        return value;
    }

    /** Answers every {@link ApiError} of the app. */
    public static void register(Javalin app) {
        app.exception(ApiError.class, (e, ctx) -> {
            if (e.retryAfterSeconds != null) {
                ctx.header("Retry-After", String.valueOf(e.retryAfterSeconds));
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", e.getMessage());
            body.put("code", e.code);
            body.putAll(e.fields);
            ctx.status(e.getStatus()).json(body);
        });
    }
}
