package io.causalstream.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A protocol-level stand-in for an OpenAI-compatible inference server (vLLM, TGI, llama.cpp, Ollama): it speaks
 * {@code POST /v1/chat/completions} and {@code POST /v1/completions} (a list prompt answered with one indexed choice
 * per prompt) with usage counts, and can be told to fail the next requests (status, Retry-After, a slow or
 * malformed reply) or to refuse {@code response_format}. It runs no model: the answer to a prompt comes from a
 * function the test gives. Loopback only; a virtual thread per request.
 */
public final class OpenAiProtocolStandIn implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as received. */
    public record Request(String path, JsonNode body, String authorization) {
    }

    /** A scripted misbehaviour for one request. */
    public record Fault(int status, String body, String retryAfter, Duration delay) {

        public static Fault status(int status) {
            return new Fault(status, "{\"error\": {\"message\": \"stand-in fault " + status + "\"}}", null,
                    Duration.ZERO);
        }

        public static Fault tooManyRequests(String retryAfterSeconds) {
            return new Fault(429, "{\"error\": {\"message\": \"rate limited\"}}", retryAfterSeconds, Duration.ZERO);
        }

        /** A 200 whose body is not the protocol's JSON. */
        public static Fault malformed() {
            return new Fault(200, "<html>gateway says hello</html>", null, Duration.ZERO);
        }

        /** Answers normally, but only after {@code delay}. */
        public static Fault slow(Duration delay) {
            return new Fault(0, null, null, delay);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final ConcurrentLinkedDeque<Fault> faults = new ConcurrentLinkedDeque<>();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger requestCount = new AtomicInteger();
    private volatile Function<String, String> answer = prompt -> "<triplet> a <subj> b <obj> positive";
    private volatile boolean structuredOutput = true;
    private volatile boolean recordRequests = true;
    private volatile boolean reverseChoices;
    private volatile String finishReason = "stop";
    private volatile java.util.function.Predicate<String> failing = prompt -> false;

    public OpenAiProtocolStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(threads);
        server.createContext("/v1/chat/completions", ex -> handle(ex, true));
        server.createContext("/v1/completions", ex -> handle(ex, false));
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The answer for a prompt (chat: the last user turn; completions: the rendered prompt). */
    public OpenAiProtocolStandIn answering(Function<String, String> f) {
        this.answer = f;
        return this;
    }

    public OpenAiProtocolStandIn withoutStructuredOutput() {
        this.structuredOutput = false;
        return this;
    }

    /** Answers a list prompt's choices in reverse order (their index says where each belongs). */
    public OpenAiProtocolStandIn reversingChoices() {
        this.reverseChoices = true;
        return this;
    }

    /** Answers 500 to every request holding a prompt that matches, as a server that chokes on that input. */
    public OpenAiProtocolStandIn failingOn(java.util.function.Predicate<String> prompt) {
        this.failing = prompt;
        return this;
    }

    public OpenAiProtocolStandIn finishing(String reason) {
        this.finishReason = reason;
        return this;
    }

    /** For benchmarks: count requests without keeping them. */
    public OpenAiProtocolStandIn notRecording() {
        this.recordRequests = false;
        return this;
    }

    /** Misbehaves on the next requests, one fault each, in order. */
    public OpenAiProtocolStandIn failNext(Fault... next) {
        faults.addAll(List.of(next));
        return this;
    }

    public int requestCount() {
        return requestCount.get();
    }

    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    private void handle(HttpExchange ex, boolean chat) throws IOException {
        try (ex) {
            requestCount.incrementAndGet();
            JsonNode body = JSON.readTree(ex.getRequestBody().readAllBytes());
            Fault fault;
            // one step, so that the n-th recorded request is the one that got the n-th fault even when requests
            // arrive together (a test reading "the first request failed" relies on it)
            synchronized (requests) {
                if (recordRequests) {
                    requests.add(new Request(ex.getRequestURI().getPath(), body,
                            ex.getRequestHeaders().getFirst("Authorization")));
                }
                fault = faults.poll();
            }
            if (fault != null) {
                if (!fault.delay().isZero()) {
                    Thread.sleep(fault.delay());
                }
                if (fault.status() != 0) {
                    if (fault.retryAfter() != null) {
                        ex.getResponseHeaders().add("Retry-After", fault.retryAfter());
                    }
                    send(ex, fault.status(), fault.body());
                    return;
                }
            }
            if (matchesFailing(body)) {
                send(ex, 500, "{\"error\": {\"message\": \"the model server crashed on this input\"}}");
                return;
            }
            if (chat && body.has("response_format") && !structuredOutput) {
                send(ex, 400, "{\"object\": \"error\", \"message\": \"response_format json_schema is not supported "
                        + "by this server\", \"code\": 400}");
                return;
            }
            send(ex, 200, (chat ? chatReply(body) : completionReply(body)).toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            send(ex, 500, "{\"error\": {\"message\": \"stand-in bug: " + e + "\"}}");
        }
    }

    private boolean matchesFailing(JsonNode body) {
        JsonNode p = body.has("prompt") ? body.get("prompt") : body.path("messages");
        for (JsonNode x : p) {
            if (failing.test(x.isTextual() ? x.asText() : x.path("content").asText())) {
                return true;
            }
        }
        return p.isTextual() && failing.test(p.asText());
    }

    private ObjectNode chatReply(JsonNode body) {
        JsonNode messages = body.path("messages");
        String prompt = messages.get(messages.size() - 1).path("content").asText();
        String text = answer.apply(prompt);
        ObjectNode reply = JSON.createObjectNode().put("id", "chatcmpl-standin").put("object", "chat.completion")
                .put("model", body.path("model").asText());
        reply.putArray("choices").addObject().put("index", 0).put("finish_reason", finishReason)
                .putObject("message").put("role", "assistant").put("content", text);
        int promptWords = 0;
        for (JsonNode m : messages) {
            promptWords += words(m.path("content").asText());
        }
        usage(reply, promptWords, words(text));
        return reply;
    }

    private ObjectNode completionReply(JsonNode body) {
        List<String> prompts = new ArrayList<>();
        JsonNode p = body.path("prompt");
        if (p.isArray()) {
            p.forEach(x -> prompts.add(x.asText()));
        } else {
            prompts.add(p.asText());
        }
        ObjectNode reply = JSON.createObjectNode().put("id", "cmpl-standin").put("object", "text_completion")
                .put("model", body.path("model").asText());
        ArrayNode choices = reply.putArray("choices");
        int promptWords = 0;
        int answerWords = 0;
        for (int k = 0; k < prompts.size(); k++) {
            int i = reverseChoices ? prompts.size() - 1 - k : k;
            String text = answer.apply(prompts.get(i));
            choices.addObject().put("index", i).put("text", text).put("finish_reason", finishReason);
            promptWords += words(prompts.get(i));
            answerWords += words(text);
        }
        usage(reply, promptWords, answerWords);
        return reply;
    }

    private static void usage(ObjectNode reply, int prompt, int completion) {
        reply.putObject("usage").put("prompt_tokens", prompt).put("completion_tokens", completion)
                .put("total_tokens", prompt + completion);
    }

    /** Tokens, as the stand-in counts them: whitespace-separated words. */
    public static int words(String s) {
        String t = s.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The extractor's settings (extractor.openai.*) for a client of this stand-in, plus the given ones. */
    public Map<String, String> settings(Map<String, String> more) {
        return settings("extractor.openai.", more);
    }

    /** Settings under {@code prefix} (base.url, model) for a client of this stand-in, plus the given ones. */
    public Map<String, String> settings(String prefix, Map<String, String> more) {
        var m = new java.util.HashMap<String, String>(more);
        m.put(prefix + "base.url", baseUrl());
        m.putIfAbsent(prefix + "model", "stand-in-7b");
        return m;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
