package io.causalstream.extractor.pipeline;

import io.causalstream.serde.DecodeFailures;
import java.lang.reflect.Method;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * Tells a failure of the schema registry (down, unreachable, overloaded) from a record that cannot be decoded.
 * The difference matters: a valid passage that fails to decode because the registry is down must be retried,
 * not dead-lettered. The registry client's errors are classified by {@link DecodeFailures}; this class adds the
 * pipeline's view (any failure carrying a 5xx or 429 status). A 404 for a schema id is decided inside the
 * deserializer ({@link io.causalstream.serde.RetryingDeserializer}: believed at once while the registry serves the
 * schemas it holds) and reaches here as invalid.
 */
final class TransientFailures {

    static boolean isTransient(Throwable error) {
        if (DecodeFailures.isTransient(error)) {
            return true; // the registry client's own errors, and the retrying deserializer's give-up
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException || t instanceof SocketException || t instanceof SocketTimeoutException
                    || t instanceof UnknownHostException || t instanceof HttpTimeoutException
                    || t instanceof TimeoutException || t.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
            Integer status = httpStatus(t);
            if (status != null && (status >= 500 || status == 429)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The HTTP status of a registry client error (the Apicurio client's Kiota {@code ApiException} exposes
     * {@code getResponseStatusCode()}), read by name so this class does not depend on the client's internals.
     */
    private static Integer httpStatus(Throwable t) {
        try {
            Method m = t.getClass().getMethod("getResponseStatusCode");
            Object status = m.invoke(t);
            return status instanceof Integer i && i > 0 ? i : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private TransientFailures() {
    }
}
