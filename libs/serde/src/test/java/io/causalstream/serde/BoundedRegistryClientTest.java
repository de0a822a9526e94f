package io.causalstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.topics.Topics;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The serdes' registry client against a registry that takes a request and never answers (what parked a stream
 * thread for good under Apicurio's own client), and against one that checks basic auth.
 */
class BoundedRegistryClientTest {

    private static final RetryingDeserializer.Policy NO_RETRY = new RetryingDeserializer.Policy(Duration.ZERO,
            Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ofMinutes(1));
    private static final Duration TIMEOUT = Duration.ofMillis(500);
    private static final Passage PASSAGE = Passage.newBuilder().setId("p1").setText("Rain raises rivers.")
            .setPublishedAt(Instant.ofEpochMilli(0)).build();

    private final List<Socket> held = new ArrayList<>();
    private ServerSocket silent;
    private HttpServer server;

    @AfterEach
    void stop() throws IOException {
        for (Socket s : held) {
            s.close();
        }
        if (silent != null) {
            silent.close();
        }
        if (server != null) {
            server.stop(0);
        }
    }

    /** Accepts every connection, reads nothing, answers nothing. */
    private String silentRegistry() throws IOException {
        silent = new ServerSocket(0);
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    Socket s = silent.accept();
                    synchronized (held) {
                        held.add(s);
                    }
                }
            } catch (IOException closed) {
                // test over
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return "http://127.0.0.1:" + silent.getLocalPort();
    }

    @Test
    void aSchemaRegistrationThatIsNeverAnsweredFailsAsTransientWithinTheTimeout() throws IOException {
        var serializer = new AvroSerdes(silentRegistry(), Map.of(), NO_RETRY, TIMEOUT)
                .valueSerializer(Topics.PASSAGES);
        // Apicurio's own client waits here for ever; the bound is generous, only a hang exceeds it
        Throwable e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> catchThrowable(() -> serializer.serialize("passages", PASSAGE)));

        assertThat(e).isInstanceOf(RegistryUnavailableException.class);
        assertThat(DecodeFailures.classify(e.getCause())).isEqualTo(DecodeFailures.Kind.TRANSIENT);
        assertThat(DecodeFailures.summary(e)).contains("timeout");
    }

    @Test
    void aSchemaLookupThatIsNeverAnsweredFailsAsTransientWithinTheTimeout() throws IOException {
        var deserializer = new AvroSerdes(silentRegistry(), Map.of(), NO_RETRY, TIMEOUT)
                .valueDeserializer(Topics.PASSAGES);
        Throwable e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> catchThrowable(() -> deserializer.deserialize("passages", new byte[] {0, 0, 0, 0, 42, 2, 65})));

        assertThat(e).isInstanceOf(RegistryUnavailableException.class);
        assertThat(DecodeFailures.classify(e.getCause())).isEqualTo(DecodeFailures.Kind.TRANSIENT);
    }

    @Test
    void aCallThatNeverReturnsIsCutByTheBackstopAsTransient() throws InterruptedException {
        // what a CI run saw: the adapter's wait for its answer outlived Vert.x's own request timeout by minutes
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Throwable e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> catchThrowable(() ->
                BoundedRegistryClient.Backstop.call(() -> {
                    try {
                        never.await();
                    } catch (InterruptedException stopped) {
                        interrupted.set(true);
                        throw new RuntimeException(stopped);
                    }
                    return "answer";
                }, 300)));

        assertThat(DecodeFailures.classify(e)).isEqualTo(DecodeFailures.Kind.TRANSIENT);
        assertThat(e).hasMessageContaining("not answered within 300 ms");
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!interrupted.get() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(interrupted).as("the abandoned call is interrupted").isTrue();
        // an answer, and a failure of the call itself, pass through unchanged
        assertThat(BoundedRegistryClient.Backstop.call(() -> "answer", 1_000)).isEqualTo("answer");
        IllegalArgumentException own = new IllegalArgumentException("404 from the registry");
        assertThat(catchThrowable(() -> BoundedRegistryClient.Backstop.call(() -> {
            throw own;
        }, 1_000))).isSameAs(own);
    }

    @Test
    void theRegistrysBasicAuthCredentialsGoWithEveryRequest() throws IOException {
        AtomicReference<String> authorization = new AtomicReference<>();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            authorization.set(ex.getRequestHeaders().getFirst("Authorization"));
            ex.sendResponseHeaders(503, -1);
            ex.close();
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        var serializer = new AvroSerdes(url, Map.of("apicurio.registry.auth.username", "ada",
                "apicurio.registry.auth.password", "s3cret"), NO_RETRY, Duration.ofSeconds(30))
                .valueSerializer(Topics.PASSAGES); // the server answers at once: a loaded machine must not time out first

        Throwable e = catchThrowable(() -> serializer.serialize("passages", PASSAGE));

        assertThat(e).isInstanceOf(RegistryUnavailableException.class);
        assertThat(authorization.get()).isEqualTo("Basic "
                + Base64.getEncoder().encodeToString("ada:s3cret".getBytes(StandardCharsets.UTF_8)));
    }
}
