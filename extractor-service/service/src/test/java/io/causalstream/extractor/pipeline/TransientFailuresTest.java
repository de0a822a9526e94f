package io.causalstream.extractor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.causalstream.serde.AvroSerdes;
import io.causalstream.topics.Topics;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class TransientFailuresTest {

    @Test
    void refusedConnectionDeepInTheCausesIsTransient() {
        var error = new RuntimeException(new ExecutionException(new ConnectException("Connection refused")));
        assertThat(TransientFailures.isTransient(error)).isTrue();
    }

    @Test
    void badBytesAreNotTransient() {
        assertThat(TransientFailures.isTransient(new IllegalStateException("Unknown magic byte!"))).isFalse();
        assertThat(TransientFailures.isTransient(new SerializationException("not a valid Passage record",
                new java.io.EOFException()))).isFalse();
    }

    @Test
    void serverErrorStatusIsTransientClientErrorIsNot() {
        assertThat(TransientFailures.isTransient(new HttpFailure(503))).isTrue();
        assertThat(TransientFailures.isTransient(new HttpFailure(404))).isFalse();
    }

    /** The real registry client, pointed at a port nobody listens on, with a well-formed wire-format header. */
    @Test
    void registryDownWhileDecodingIsTransient() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        // no retry budget: the deserializer gives up at once (it would otherwise retry for a minute)
        var deserializer = new AvroSerdes("http://localhost:" + closedPort, java.util.Map.of(),
                new io.causalstream.serde.RetryingDeserializer.Policy(java.time.Duration.ZERO, java.time.Duration.ZERO,
                        java.time.Duration.ZERO, java.time.Duration.ZERO, java.time.Duration.ZERO))
                .valueDeserializer(Topics.PASSAGES);
        Throwable error = catchThrowable(() -> deserializer.deserialize("passages", new byte[] {0, 0, 0, 0, 7, 2, 65}));
        assertThat(error).isNotNull();
        assertThat(TransientFailures.isTransient(error)).isTrue();
    }

    /** Shaped like the registry client's ApiException. */
    static final class HttpFailure extends RuntimeException {
        private final int status;

        HttpFailure(int status) {
            super("HTTP " + status);
            this.status = status;
        }

        public int getResponseStatusCode() {
            return status;
        }
    }
}
