package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.topics.Topics;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The classification against the exceptions the real registry client (Apicurio's serde over its HTTP stack) throws:
 * a closed port, and a small HTTP server answering as a registry does (404 problem details, 500, 503, a schema).
 */
class DecodeFailuresTest {

    /** magic byte 0, schema id 42, then bytes that are not a Passage */
    private static final byte[] RECORD = {0, 0, 0, 0, 42, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    /** no retries: the first failure is thrown, wrapped when not the record's fault */
    private static final RetryingDeserializer.Policy NO_RETRY = new RetryingDeserializer.Policy(Duration.ZERO,
            Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ofMinutes(1));

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private String registryAnswering(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getPath();
            byte[] b = (path.endsWith("/references") ? "[]" : body).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(path.endsWith("/references") ? 200 : status, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static Throwable decode(String registryUrl) {
        return catchThrowable(() -> new AvroSerdes(registryUrl, Map.of(), NO_RETRY)
                .valueDeserializer(Topics.PASSAGES).deserialize("passages", RECORD));
    }

    @Test
    void connectionRefusedIsTransientAndNeverDeadLettered() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Throwable e = decode("http://127.0.0.1:" + port);
        assertThat(e).isInstanceOf(RegistryUnavailableException.class);
        assertThat(DecodeFailures.classify(e.getCause())).isEqualTo(DecodeFailures.Kind.TRANSIENT);
        assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.TRANSIENT);
    }

    @Test
    void serverErrorsAreTransient() throws IOException {
        for (int status : new int[]{500, 503, 429, 401}) {
            Throwable e = decode(registryAnswering(status, "{\"status\":" + status + ",\"title\":\"busy\"}"));
            assertThat(e).as("HTTP " + status).isInstanceOf(RegistryUnavailableException.class);
            assertThat(DecodeFailures.classify(e.getCause())).as("HTTP " + status)
                    .isEqualTo(DecodeFailures.Kind.TRANSIENT);
            stop();
        }
    }

    @Test
    void notFoundIsAnUnknownSchemaUntilConfirmedThenInvalidWithAReadableReason() throws IOException {
        Throwable e = decode(registryAnswering(404, "{\"status\":404,\"title\":\"No content with id: 42\","
                + "\"detail\":\"ContentNotFoundException\",\"name\":\"ContentNotFoundException\"}"));
        assertThat(e).isInstanceOf(UnknownSchemaIdException.class);
        assertThat(((UnknownSchemaIdException) e).schemaId()).isEqualTo(42);
        assertThat(DecodeFailures.classify(e.getCause())).isEqualTo(DecodeFailures.Kind.UNKNOWN_SCHEMA);
        assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.INVALID);
        // the registry's own answer, not "...models.ProblemDetails"
        Throwable problem = e.getCause();
        while (DecodeFailures.describe(problem) == null) {
            problem = problem.getCause();
        }
        assertThat(DecodeFailures.describe(problem))
                .isEqualTo("schema registry answered HTTP 404: No content with id: 42 (ContentNotFoundException)");
    }

    @Test
    void anAvroDecodeErrorUnderAKnownSchemaIsInvalid() throws IOException {
        Throwable e = decode(registryAnswering(200, Passage.getClassSchema().toString()));
        assertThat(e).isNotNull().isNotInstanceOf(RegistryUnavailableException.class);
        assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.INVALID);
    }

    @Test
    void aBadMagicByteIsInvalidWithoutAskingTheRegistry() {
        Throwable e = catchThrowable(() -> new AvroSerdes("http://127.0.0.1:1", Map.of(), NO_RETRY)
                .valueDeserializer(Topics.PASSAGES).deserialize("passages", "{\"id\":\"p1\"}".getBytes()));
        assertThat(e).hasMessageContaining("magic byte");
        assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.INVALID);
    }
}
