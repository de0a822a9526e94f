package io.causalstream.extractor.backend.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.extractor.backend.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.extractor.llm.BackendException;
import io.causalstream.extractor.llm.BackendMeters;
import io.causalstream.extractor.llm.BackendUnavailableException;
import io.causalstream.extractor.llm.Generation;
import io.causalstream.extractor.llm.StructuredOutputUnsupportedException;
import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.resilience.CircuitBreaker;
import io.causalstream.extractor.resilience.FakeTicker;
import io.causalstream.runtime.Config;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP client against the protocol stand-in: request shape, retries, backoff, breaker, timeouts. */
class OpenAiClientTest {

    private OpenAiProtocolStandIn server;
    private final FakeTicker ticker = new FakeTicker();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private OpenAiClient client;

    @BeforeEach
    void start() throws Exception {
        server = new OpenAiProtocolStandIn();
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        server.close();
    }

    private OpenAiClient client(Map<String, String> settings) {
        Map<String, String> m = new HashMap<>(Map.of("extractor.openai.max.attempts", "3",
                "extractor.openai.backoff.ms", "100", "extractor.openai.backoff.max.ms", "1000"));
        m.putAll(settings);
        client = new OpenAiClient(OpenAiSettings.from(Config.of(server.settings(m))),
                new BackendMeters(registry, "t"), ticker);
        return client;
    }

    private static List<Message> turns() {
        return List.of(Message.system("instruction"), Message.user("Input Sentence: Drought reduces yields."));
    }

    @Test
    void chatRequestCarriesModelTurnsLimitsKeyAndSchema() {
        server.answering(p -> "{\"triplets\": []}");
        Generation g = client(Map.of("extractor.openai.api.key", "sk-test", "extractor.openai.max.tokens", "64"))
                .chat(turns(), true);

        assertThat(g.text()).isEqualTo("{\"triplets\": []}");
        assertThat(g.promptTokens()).isEqualTo(6); // "instruction" (1 word) + "Input Sentence: Drought reduces yields." (5)
        assertThat(g.completionTokens()).isEqualTo(2);
        assertThat(g.truncated()).isFalse();
        JsonNode body = server.requests().get(0).body();
        assertThat(server.requests().get(0).path()).isEqualTo("/v1/chat/completions");
        assertThat(server.requests().get(0).authorization()).isEqualTo("Bearer sk-test");
        assertThat(body.path("model").asText()).isEqualTo("stand-in-7b");
        assertThat(body.path("max_tokens").asInt()).isEqualTo(64);
        assertThat(body.path("temperature").asDouble()).isEqualTo(0.0);
        assertThat(body.path("messages").get(1).path("role").asText()).isEqualTo("user");
        assertThat(body.path("response_format").path("type").asText()).isEqualTo("json_schema");
        assertThat(body.path("response_format").path("json_schema").path("schema").path("required").get(0).asText())
                .isEqualTo("triplets");
        assertThat(registry.get("extractor.backend.tokens").tag("direction", "in").counter().count()).isEqualTo(6);
        assertThat(registry.get("extractor.backend.tokens").tag("direction", "out").counter().count()).isEqualTo(2);
        assertThat(registry.get("extractor.backend.calls").tag("outcome", "ok").counter().count()).isEqualTo(1);
    }

    @Test
    void serverErrorsAreRetriedWithJitteredBackoff() {
        server.failNext(Fault.status(503), Fault.status(502));
        Generation g = client(Map.of()).chat(turns(), false);

        assertThat(g.text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(server.requestCount()).isEqualTo(3);
        // attempt 1 waits in [0, 100 ms], attempt 2 in [0, 200 ms]
        assertThat(ticker.sleeps()).hasSize(2);
        assertThat(ticker.sleeps().get(0)).isBetween(Duration.ZERO, Duration.ofMillis(100));
        assertThat(ticker.sleeps().get(1)).isBetween(Duration.ZERO, Duration.ofMillis(200));
        assertThat(registry.get("extractor.backend.retries").counter().count()).isEqualTo(2);
        assertThat(registry.get("extractor.backend.calls").tag("outcome", "retryable").counter().count())
                .isEqualTo(2);
    }

    @Test
    void tooManyRequestsHonoursRetryAfterAndIsNoBreakerFailure() {
        server.failNext(Fault.tooManyRequests("2"), Fault.tooManyRequests("2"));
        client(Map.of("extractor.openai.circuit.failures", "2", "extractor.openai.backoff.max.ms", "5000"))
                .chat(turns(), false);

        assertThat(server.requestCount()).isEqualTo(3);
        // Retry-After is the floor of each pause, and it also pauses every other caller (the rate limiter)
        assertThat(ticker.sleeps()).hasSizeGreaterThanOrEqualTo(2)
                .allMatch(d -> d.compareTo(Duration.ofSeconds(2)) >= 0 || d.isZero());
        assertThat(ticker.sleeps().stream().filter(d -> d.compareTo(Duration.ofSeconds(2)) >= 0)).hasSize(2);
        assertThat(client.breaker().state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void givesUpAfterTheLastAttemptWithTheLastError() {
        server.failNext(Fault.status(500), Fault.status(500), Fault.status(500));
        assertThatThrownBy(() -> client(Map.of()).chat(turns(), false))
                .isInstanceOf(BackendException.class)
                .hasMessageStartingWith("gave up after 3 attempts: HTTP 500 from /chat/completions:");
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void clientErrorsAreNotRetried() {
        server.failNext(Fault.status(400));
        assertThatThrownBy(() -> client(Map.of()).chat(turns(), false))
                .isInstanceOf(BackendException.class)
                .hasMessage("HTTP 400 from /chat/completions: {\"error\": {\"message\": \"stand-in fault 400\"}}");
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aRefusedResponseFormatIsReportedAsNoStructuredOutput() {
        server.withoutStructuredOutput();
        assertThatThrownBy(() -> client(Map.of()).chat(turns(), true))
                .isInstanceOf(StructuredOutputUnsupportedException.class);
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(client.chat(turns(), false).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
    }

    @Test
    void malformedRepliesAreRetried() {
        server.failNext(Fault.malformed());
        assertThat(client(Map.of()).chat(turns(), false).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void aSlowServerTimesOutAndTheRequestIsRetried() {
        server.failNext(Fault.slow(Duration.ofSeconds(3)));
        Generation g = client(Map.of("extractor.openai.timeout.ms", "300")).chat(turns(), false);
        assertThat(g.text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void theBreakerOpensAfterFailuresInARowAndThenFailsFastWithoutCallingTheServer() {
        server.failNext(Fault.status(500), Fault.status(500), Fault.status(500));
        OpenAiClient c = client(Map.of("extractor.openai.circuit.failures", "3",
                "extractor.openai.circuit.open.ms", "10000"));
        assertThatThrownBy(() -> c.chat(turns(), false)).isInstanceOf(BackendException.class);
        assertThat(c.breaker().state()).isEqualTo(CircuitBreaker.State.OPEN);

        assertThatThrownBy(() -> c.chat(turns(), false)).isInstanceOf(BackendUnavailableException.class)
                .hasMessageContaining("circuit is open after 3 failures in a row");
        assertThat(server.requestCount()).isEqualTo(3);

        ticker.advance(Duration.ofSeconds(10)); // half-open: one trial call, it succeeds, the breaker closes
        assertThat(c.chat(turns(), false).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(c.breaker().state()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void completionsOfSeveralPromptsMapChoicesByIndexAndShareTheUsage() {
        server.reversingChoices().answering(p -> p.toUpperCase());
        List<Generation> gs = client(Map.of("extractor.openai.endpoint", "completions"))
                .complete(List.of("one two", "three four five six"));

        assertThat(gs).extracting(Generation::text).containsExactly("ONE TWO", "THREE FOUR FIVE SIX");
        // the server reported 6 prompt and 6 completion tokens for the request; shared by length (7 : 19 chars)
        assertThat(gs).extracting(Generation::promptTokens).containsExactly(2, 4);
        assertThat(gs).extracting(Generation::completionTokens).containsExactly(2, 4);
        JsonNode body = server.requests().get(0).body();
        assertThat(server.requests().get(0).path()).isEqualTo("/v1/completions");
        assertThat(body.path("prompt").size()).isEqualTo(2);
    }

    @Test
    void finishReasonLengthMarksTheAnswerTruncated() {
        server.finishing("length");
        assertThat(client(Map.of()).chat(turns(), false).truncated()).isTrue();
    }
}
