package io.causalstream.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causalstream.openai.OpenAiProtocolStandIn.Fault;
import io.causalstream.openai.resilience.CircuitBreaker;
import io.causalstream.openai.resilience.FakeTicker;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP client against the protocol stand-in: request shape, retries, backoff, breaker, timeouts. */
class OpenAiClientTest {

    private OpenAiProtocolStandIn server;
    private final FakeTicker ticker = new FakeTicker();
    private final CountingMeters registry = new CountingMeters();
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
        client = new OpenAiClient(settings(server.settings(m)), registry, ticker);
        return client;
    }

    /** The extractor's keys and defaults (extractor.openai.*), as these tests were first written against them. */
    static OpenAiClientSettings settings(Map<String, String> m) {
        String p = "extractor.openai.";
        ToLongFunction<String> num = key -> Long.parseLong(m.get(p + key));
        Function<String, Duration> ms = key -> Duration.ofMillis(num.applyAsLong(key));
        Map<String, String> d = Map.ofEntries(Map.entry("max.tokens", "512"), Map.entry("timeout.ms", "120000"),
                Map.entry("connect.timeout.ms", "5000"), Map.entry("max.attempts", "4"),
                Map.entry("backoff.ms", "500"), Map.entry("backoff.max.ms", "30000"),
                Map.entry("circuit.failures", "5"), Map.entry("circuit.open.ms", "30000"),
                Map.entry("requests.per.minute", "0"), Map.entry("tokens.per.minute", "0"),
                Map.entry("max.in.flight", "16"));
        d.forEach((k, v) -> m.putIfAbsent(p + k, v));
        return new OpenAiClientSettings(URI.create(m.get(p + "base.url")), m.get(p + "api.key"), m.get(p + "model"),
                (int) num.applyAsLong("max.tokens"), 0.0, ms.apply("timeout.ms"), ms.apply("connect.timeout.ms"),
                (int) num.applyAsLong("max.attempts"), ms.apply("backoff.ms"), ms.apply("backoff.max.ms"),
                (int) num.applyAsLong("circuit.failures"), ms.apply("circuit.open.ms"),
                num.applyAsLong("requests.per.minute"), num.applyAsLong("tokens.per.minute"),
                (int) num.applyAsLong("max.in.flight"));
    }

    /** A structured-output request like the extractor's. */
    private static final ResponseSchema TRIPLETS = new ResponseSchema("triplets",
            "{\"type\": \"object\", \"required\": [\"triplets\"], \"properties\": {\"triplets\": {\"type\": \"array\"}}}");

    private static List<ChatMessage> turns() {
        return List.of(new ChatMessage("system", "instruction"),
                ChatMessage.user("Input Sentence: Drought reduces yields."));
    }

    /** Counts what the client reports under the names the extractor gives them (extractor_backend_*). */
    static final class CountingMeters implements ClientMeters {
        private final Map<String, Double> counts = new ConcurrentHashMap<>();

        @Override
        public void call(String outcome, Duration elapsed) {
            counts.merge("extractor.backend.calls/" + outcome, 1.0, Double::sum);
        }

        @Override
        public void tokens(Integer prompt, Integer completion) {
            counts.merge("extractor.backend.tokens/in", prompt == null ? 0.0 : prompt, Double::sum);
            counts.merge("extractor.backend.tokens/out", completion == null ? 0.0 : completion, Double::sum);
        }

        @Override
        public void retry() {
            counts.merge("extractor.backend.retries", 1.0, Double::sum);
        }

        /** Reads like a meter registry lookup: {@code get(name).tag(key, value).counter().count()}. */
        Lookup get(String name) {
            return new Lookup(name);
        }

        final class Lookup {
            private String key;

            Lookup(String name) {
                this.key = name;
            }

            Lookup tag(String tag, String value) {
                key = key + "/" + value;
                return this;
            }

            Lookup counter() {
                return this;
            }

            double count() {
                return counts.getOrDefault(key, 0.0);
            }
        }
    }

    @Test
    void chatRequestCarriesModelTurnsLimitsKeyAndSchema() {
        server.answering(p -> "{\"triplets\": []}");
        Completion g = client(Map.of("extractor.openai.api.key", "sk-test", "extractor.openai.max.tokens", "64"))
                .chat(turns(), TRIPLETS);

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
        Completion g = client(Map.of()).chat(turns());

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
                .chat(turns());

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
        assertThatThrownBy(() -> client(Map.of()).chat(turns()))
                .isInstanceOf(OpenAiException.class)
                .hasMessageStartingWith("gave up after 3 attempts: HTTP 500 from /chat/completions:")
                .isNotInstanceOf(ServerUnavailableException.class); // a 500 may be this request's doing
        assertThat(server.requestCount()).isEqualTo(3);
    }

    /** A lone request during an outage (the breaker not open yet) must not look like the request's own failure. */
    @Test
    void aRequestThatOnlyMetAnUnavailableServerGivesUpAsServerUnavailable() {
        server.failNext(Fault.status(503), Fault.status(502), Fault.status(504));
        assertThatThrownBy(() -> client(Map.of()).chat(turns()))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageStartingWith("gave up after 3 attempts: HTTP 504 from /chat/completions:");

        server.failNext(Fault.slow(Duration.ofSeconds(3)), Fault.slow(Duration.ofSeconds(3)),
                Fault.slow(Duration.ofSeconds(3)));
        assertThatThrownBy(() -> client(Map.of("extractor.openai.timeout.ms", "200")).chat(turns()))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("Timeout");

        server.failNext(Fault.tooManyRequests("1"), Fault.tooManyRequests("1"), Fault.tooManyRequests("1"));
        assertThatThrownBy(() -> client(Map.of()).chat(turns())).isInstanceOf(ServerUnavailableException.class);
    }

    @Test
    void clientErrorsAreNotRetried() {
        server.failNext(Fault.status(400));
        assertThatThrownBy(() -> client(Map.of()).chat(turns()))
                .isInstanceOf(OpenAiException.class)
                .hasMessage("HTTP 400 from /chat/completions: {\"error\": {\"message\": \"stand-in fault 400\"}}");
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aRefusedResponseFormatIsReportedAsNoStructuredOutput() {
        server.withoutStructuredOutput();
        assertThatThrownBy(() -> client(Map.of()).chat(turns(), TRIPLETS))
                .isInstanceOf(ResponseFormatRejectedException.class);
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(client.chat(turns()).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
    }

    @Test
    void malformedRepliesAreRetried() {
        server.failNext(Fault.malformed());
        assertThat(client(Map.of()).chat(turns()).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void aSlowServerTimesOutAndTheRequestIsRetried() {
        server.failNext(Fault.slow(Duration.ofSeconds(3)));
        Completion g = client(Map.of("extractor.openai.timeout.ms", "300")).chat(turns());
        assertThat(g.text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void theBreakerOpensAfterFailuresInARowAndThenFailsFastWithoutCallingTheServer() {
        server.failNext(Fault.status(500), Fault.status(500), Fault.status(500));
        OpenAiClient c = client(Map.of("extractor.openai.circuit.failures", "3",
                "extractor.openai.circuit.open.ms", "10000"));
        assertThatThrownBy(() -> c.chat(turns())).isInstanceOf(OpenAiException.class);
        assertThat(c.breaker().state()).isEqualTo(CircuitBreaker.State.OPEN);

        assertThatThrownBy(() -> c.chat(turns())).isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("circuit is open after 3 failures in a row");
        assertThat(server.requestCount()).isEqualTo(3);

        ticker.advance(Duration.ofSeconds(10)); // half-open: one trial call, it succeeds, the breaker closes
        assertThat(c.chat(turns()).text()).isEqualTo("<triplet> a <subj> b <obj> positive");
        assertThat(c.breaker().state()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void completionsOfSeveralPromptsMapChoicesByIndexAndShareTheUsage() {
        server.reversingChoices().answering(p -> p.toUpperCase());
        List<Completion> gs = client(Map.of("extractor.openai.endpoint", "completions"))
                .complete(List.of("one two", "three four five six"));

        assertThat(gs).extracting(Completion::text).containsExactly("ONE TWO", "THREE FOUR FIVE SIX");
        // the server reported 6 prompt and 6 completion tokens for the request; shared by length (7 : 19 chars)
        assertThat(gs).extracting(Completion::promptTokens).containsExactly(2, 4);
        assertThat(gs).extracting(Completion::completionTokens).containsExactly(2, 4);
        JsonNode body = server.requests().get(0).body();
        assertThat(server.requests().get(0).path()).isEqualTo("/v1/completions");
        assertThat(body.path("prompt").size()).isEqualTo(2);
    }

    @Test
    void finishReasonLengthMarksTheAnswerTruncated() {
        server.finishing("length");
        assertThat(client(Map.of()).chat(turns()).truncated()).isTrue();
    }
}
