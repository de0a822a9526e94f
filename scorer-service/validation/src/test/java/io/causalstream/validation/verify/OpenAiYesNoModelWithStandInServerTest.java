package io.causalstream.validation.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.causalstream.openai.ClientMeters;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verifier's HTTP client against a STAND-IN for an OpenAI-compatible LLM server (no model can run here): a
 * loopback server speaking {@code POST /v1/chat/completions} that says "Yes." to the questions it knows to be
 * causal. What is checked is the protocol and WikiCausal's vote, not an LLM's judgment.
 */
class OpenAiYesNoModelWithStandInServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpServer server;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();
    private final AtomicInteger slowNext = new AtomicInteger();

    @BeforeEach
    void startStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            requests.add(body);
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            String prompt = body.path("messages").path(0).path("content").asText();
            boolean fail = failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
            if (slowNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                try {
                    Thread.sleep(2_000); // well past the test's timeout
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            String answer = prompt.contains("Could heavy rain result in flooding?") ? " Yes." : "No";
            byte[] reply = (fail ? "{\"error\":\"overloaded\"}" : JSON.createObjectNode().set("choices",
                    JSON.createArrayNode().add(JSON.createObjectNode().set("message",
                            JSON.createObjectNode().put("role", "assistant").put("content", answer)))).toString())
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(fail ? 503 : 200, reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor()); // a slow answer must not hold up the next
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private CausalVerifier verifier() {
        return verifier(Map.of());
    }

    private CausalVerifier verifier(Map<String, String> more) {
        Map<String, String> settings = new HashMap<>(Map.of(
                OpenAiYesNoModel.BASE_URL, "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/",
                "validation.verifier.model", "llama-3-8b-instruct",
                "validation.verifier.api.key", "secret",
                "validation.verifier.backoff.ms", "1", "validation.verifier.backoff.max.ms", "5",
                // WikiCausal's sampled votes; the default (temperature 0) asks once, see below
                "validation.verifier.temperature", "0.7"));
        settings.putAll(more);
        return verifierFrom(settings);
    }

    /** As the services assemble it: the keys read by {@link VerifierConfig}, WikiCausal's five votes of three. */
    private static CausalVerifier verifierFrom(Map<String, String> settings) {
        return VerifierConfig.read(settings::get, OpenAiYesNoModel.DEFAULT_TEMPERATURE)
                .map(client -> OpenAiYesNoModel.verifier(client, 5, 3, ClientMeters.NONE))
                .orElse(CausalVerifier.NONE);
    }

    /** Greedy decoding by default: the answer would be the same five times, so it is asked once. */
    @Test
    void byDefaultTheModelIsDeterministicAndAskedOnce() {
        VerifierVerdict yes = verifier(Map.of("validation.verifier.temperature", "0")).verify("heavy rain",
                "flooding");
        assertThat(yes.outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(yes.reason()).isEqualTo("LLM (deterministic, asked once): 5 of 5 answers yes to \"Could heavy "
                + "rain result in flooding?\" (needs 3)");
        assertThat(requests).hasSize(1);
        assertThat(requests.getFirst().path("temperature").asDouble()).isZero();
        assertThat(OpenAiYesNoModel.DEFAULT_TEMPERATURE).isZero();
    }

    @Test
    void asksWikiCausalsQuestionFiveTimesAndTakesTheMajority() {
        VerifierVerdict yes = verifier().verify("heavy rain", "flooding");
        VerifierVerdict no = verifier().verify("tourism", "flooding");

        assertThat(yes.outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(yes.reason()).isEqualTo("LLM: 5 of 5 answers yes to \"Could heavy rain result in flooding?\" "
                + "(needs 3)");
        assertThat(no.outcome()).isEqualTo(VerifierVerdict.Outcome.NO);
        assertThat(requests).hasSize(10);
        JsonNode first = requests.getFirst();
        assertThat(first.path("model").asText()).isEqualTo("llama-3-8b-instruct");
        assertThat(first.path("temperature").asDouble()).isEqualTo(0.7);
        assertThat(first.path("messages").path(0).path("content").asText()).isEqualTo(
                MajorityVoteVerifier.prompt("heavy rain", "flooding"));
        assertThat(authorizations).containsOnly("Bearer secret");
    }

    @Test
    void failedCallsAreNoVotesAndAllFailedAbstains() {
        Map<String, String> noRetries = Map.of("validation.verifier.max.attempts", "1");
        failNext.set(3);
        VerifierVerdict twoOfFive = verifier(noRetries).verify("heavy rain", "flooding");
        assertThat(twoOfFive.outcome()).isEqualTo(VerifierVerdict.Outcome.NO);

        failNext.set(5);
        VerifierVerdict down = verifier(noRetries).verify("heavy rain", "flooding");
        assertThat(down.outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
        assertThat(down.reason()).contains("failed on all 5").contains("HTTP 503");
    }

    @Test
    void aServerErrorIsRetriedSoTheVoteStillCounts() {
        failNext.set(2); // the first ask is answered on its third attempt (max.attempts 3 by default)
        VerifierVerdict yes = verifier().verify("heavy rain", "flooding");

        assertThat(yes.outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(yes.reason()).startsWith("LLM: 5 of 5 answers yes");
        assertThat(requests).hasSize(7);
    }

    @Test
    void theBreakerOpensOnADeadServerAndTheRemainingAsksFailWithoutCallingIt() {
        failNext.set(100);
        VerifierVerdict down = verifier(Map.of("validation.verifier.max.attempts", "1",
                "validation.verifier.circuit.failures", "2")).verify("heavy rain", "flooding");

        assertThat(down.outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
        assertThat(down.reason()).contains("failed on all 5");
        assertThat(requests).hasSize(2); // asks 3 to 5 met the open breaker
    }

    @Test
    void aSlowAnswerTimesOutAndIsAskedAgain() {
        slowNext.set(1);
        // 1 s: well short of the slow answer's 2 s, and long enough that a normal answer on a loaded machine (load
        // average 10) is not timed out three times in a row
        VerifierVerdict yes = verifier(Map.of("validation.verifier.timeout.ms", "1000"))
                .verify("heavy rain", "flooding");

        assertThat(yes.outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(yes.reason()).startsWith("LLM: 5 of 5 answers yes");
        // the slow answer was asked again; on a loaded machine another ask may time out and be retried too
        assertThat(requests).hasSizeGreaterThanOrEqualTo(6);
    }

    @Test
    void withoutABaseUrlThereIsNoLlmCheck() {
        assertThat(verifierFrom(Map.of()).configured()).isFalse();
    }
}
