package io.causalstream.serde;

import com.microsoft.kiota.ApiException;
import io.apicurio.registry.rest.client.models.ProblemDetails;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.errors.RetriableException;

/**
 * Tells why a record could not be decoded (or encoded): because the registry (or the network to it) failed — the
 * record may be perfectly valid and must be retried, never dead-lettered — or because the record itself is bad.
 *
 * <table>
 *   <caption>How a decoding failure is classified</caption>
 *   <tr><th>failure (anywhere in the cause chain)</th><th>kind</th></tr>
 *   <tr><td>{@link RegistryUnavailableException}; connection refused/reset, unknown host, no route, timeouts
 *       ({@link ConnectException}, {@link SocketException}, {@link SocketTimeoutException},
 *       {@link HttpTimeoutException}, {@link TimeoutException}, netty's connect exceptions, ...); a Kafka
 *       {@link RetriableException}; a registry answer other than 404 (5xx, 429, 401/403, ...: not the record's
 *       fault)</td><td>{@link Kind#TRANSIENT}</td></tr>
 *   <tr><td>the registry answered 404 for the record's schema id: the record's fault if the registry serves the
 *       schemas it holds meanwhile, not if it is still loading its storage ({@link RetryingDeserializer} tells
 *       which)</td><td>{@link Kind#UNKNOWN_SCHEMA}</td></tr>
 *   <tr><td>{@link UnknownSchemaIdException} (a 404 believed), a bad magic byte, an Avro decode error,
 *       a value of another type, anything else</td><td>{@link Kind#INVALID}</td></tr>
 * </table>
 */
public final class DecodeFailures {

    /** Why decoding failed. */
    public enum Kind {
        /** the registry or the network failed: retry, then fail the service; never dead-letter */
        TRANSIENT,
        /** the registry answered that the schema id is unknown: invalid once the answer is believed */
        UNKNOWN_SCHEMA,
        /** the record itself is bad: dead-letter it */
        INVALID
    }

    public static Kind classify(Throwable error) {
        Kind found = Kind.INVALID;
        for (Throwable t = error; t != null; t = next(t)) {
            if (t instanceof UnknownSchemaIdException) {
                return Kind.INVALID;
            }
            if (t instanceof RegistryUnavailableException || isNetwork(t)) {
                return Kind.TRANSIENT;
            }
            Integer status = httpStatus(t);
            if (status != null) {
                if (status == 404) {
                    found = Kind.UNKNOWN_SCHEMA;
                } else {
                    return Kind.TRANSIENT;
                }
            }
        }
        return found;
    }

    public static boolean isTransient(Throwable error) {
        return classify(error) == Kind.TRANSIENT;
    }

    /** The HTTP status of a registry client error (Kiota's {@link ApiException}), or null. */
    public static Integer httpStatus(Throwable t) {
        if (t instanceof ApiException api && api.getResponseStatusCode() > 0) {
            return api.getResponseStatusCode();
        }
        if (t instanceof ProblemDetails p && p.getStatus() != null) {
            return p.getStatus();
        }
        return null;
    }

    /**
     * A readable one-line description of one link of a cause chain: the registry's problem details (status, title,
     * detail) instead of the bare class name {@code ...models.ProblemDetails} their exception carries as message.
     * Null for a wrapper that only repeats its cause.
     */
    public static String describe(Throwable t) {
        if (t instanceof ProblemDetails p) {
            StringBuilder sb = new StringBuilder("schema registry answered HTTP ")
                    .append(p.getStatus() != null ? p.getStatus() : p.getResponseStatusCode());
            if (p.getTitle() != null) {
                sb.append(": ").append(p.getTitle());
            }
            if (p.getDetail() != null && !p.getDetail().equals(p.getTitle())) {
                sb.append(" (").append(p.getDetail()).append(')');
            }
            return sb.toString();
        }
        if (t instanceof ApiException api && api.getResponseStatusCode() > 0 && api.getMessage() == null) {
            return "schema registry answered HTTP " + api.getResponseStatusCode();
        }
        Throwable cause = next(t);
        String m = t.getMessage();
        if (cause != null && m != null && (m.equals(cause.toString()) || m.equals(cause.getClass().getName()))) {
            return null; // new RuntimeException(cause): says nothing of its own
        }
        return m != null ? m : t.getClass().getSimpleName();
    }

    /** The cause chain of a failure in one line, each link {@link #describe}d. */
    public static String summary(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null && sb.length() < 300; t = t.getCause() == t ? null : t.getCause()) {
            String d = describe(t);
            if (d != null) {
                sb.append(sb.isEmpty() ? "" : " <- ").append(d);
            }
        }
        return sb.toString();
    }

    private static boolean isNetwork(Throwable t) {
        if (t instanceof ConnectException || t instanceof SocketException || t instanceof SocketTimeoutException
                || t instanceof UnknownHostException || t instanceof NoRouteToHostException
                || t instanceof HttpTimeoutException || t instanceof TimeoutException
                || t instanceof ClosedChannelException || t instanceof InterruptedIOException
                || t instanceof RetriableException) {
            return true;
        }
        // netty / vert.x (the registry client's HTTP stack) without depending on them: connect exceptions,
        // connect timeouts, connections closed under a request
        String name = t.getClass().getName();
        return name.startsWith("io.netty.channel.") && name.contains("Connect")
                || name.equals("io.vertx.core.http.HttpClosedException")
                || name.equals("io.vertx.core.VertxException") && String.valueOf(t.getMessage()).contains("closed")
                || t.getClass().getSimpleName().endsWith("TimeoutException");
    }

    private static Throwable next(Throwable t) {
        return t.getCause() == t ? null : t.getCause();
    }

    private DecodeFailures() {
    }
}
