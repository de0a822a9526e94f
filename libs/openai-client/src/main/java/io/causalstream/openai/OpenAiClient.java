package io.causalstream.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causalstream.openai.ratelimit.RequestBudget;
import io.causalstream.openai.resilience.CircuitBreaker;
import io.causalstream.openai.resilience.CircuitOpenException;
import io.causalstream.openai.resilience.RetryPolicy;
import io.causalstream.openai.resilience.Ticker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP side of the OpenAI-compatible protocol: {@code POST /chat/completions} and {@code POST /completions},
 * each request passing, in order, the circuit breaker, the rate limiter and the in-flight bound, then retried with
 * jittered exponential backoff on 429 (honouring Retry-After, and pausing every caller), 5xx, timeouts and
 * connection errors. Other 4xx are the request's fault and are not retried; a 400/422 that names the
 * {@code response_format} means the server has no structured output. Thread-safe; blocking calls meant for
 * virtual threads. The one OpenAI-compatible client of the project: the extractor's backend and the scorer's
 * verifier both call through it, so both get the same timeouts, retries, breaker and rate limit.
 */
public final class OpenAiClient implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OpenAiClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OpenAiClientSettings settings;
    private final HttpClient http;
    private final ExecutorService httpThreads;
    private final RetryPolicy retry;
    private final CircuitBreaker breaker;
    private final RequestBudget limiter;
    private final Semaphore inFlight;
    private final ClientMeters meters;
    private final Ticker ticker;

    public OpenAiClient(OpenAiClientSettings settings, ClientMeters meters, Ticker ticker) {
        this(settings, RetryPolicy.of(settings.maxAttempts(), settings.backoff(), settings.backoffMax()),
                new CircuitBreaker("openai " + settings.baseUrl(), settings.circuitFailures(), settings.circuitOpen(),
                        ticker),
                new RequestBudget(settings.requestsPerMinute(), settings.tokensPerMinute(), ticker), meters, ticker);
    }

    OpenAiClient(OpenAiClientSettings settings, RetryPolicy retry, CircuitBreaker breaker, RequestBudget limiter,
                 ClientMeters meters, Ticker ticker) {
        this.settings = settings;
        this.retry = retry;
        this.breaker = breaker;
        this.limiter = limiter;
        this.meters = meters;
        this.ticker = ticker;
        this.inFlight = new Semaphore(settings.maxInFlight());
        this.httpThreads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("openai-http-", 0).factory());
        // HTTP/1.1: what vLLM, TGI, llama.cpp and Ollama speak; skips a useless h2c upgrade per connection
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout()).executor(httpThreads).build();
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    /** One chat completion, free text. */
    public Completion chat(List<ChatMessage> messages) {
        return chat(messages, null);
    }

    /**
     * One chat completion; with a schema, the answer is asked for as JSON under it, and a server that refuses
     * {@code response_format} throws {@link ResponseFormatRejectedException}.
     */
    public Completion chat(List<ChatMessage> messages, ResponseSchema schema) {
        boolean structured = schema != null;
        ObjectNode body = JSON.createObjectNode().put("model", settings.model())
                .put("max_tokens", settings.maxTokens()).put("temperature", settings.temperature());
        ArrayNode turns = body.putArray("messages");
        int chars = 0;
        for (ChatMessage m : messages) {
            turns.addObject().put("role", m.role()).put("content", m.content());
            chars += m.content().length();
        }
        if (structured) {
            ObjectNode rf = body.putObject("response_format").put("type", "json_schema");
            try {
                rf.putObject("json_schema").put("name", schema.name()).put("strict", true)
                        .set("schema", JSON.readTree(schema.schema()));
            } catch (IOException e) {
                throw new IllegalArgumentException("the response schema " + schema.name() + " is invalid JSON", e);
            }
        }
        JsonNode reply = post("/chat/completions", body, estimate(chars, 1), structured);
        JsonNode choice = reply.path("choices").path(0);
        JsonNode content = choice.path("message").path("content");
        if (content.isMissingNode()) {
            throw new MalformedReplyException("chat reply without choices[0].message.content: " + shorten(reply));
        }
        Integer[] usage = usage(reply);
        return new Completion(content.isNull() ? "" : content.asText(), usage[0], usage[1],
                "length".equals(choice.path("finish_reason").asText()));
    }

    /**
     * One completions request for several prompts (the server batches them on the GPU). Returns one generation
     * per prompt, in order; the usage the server reports for the whole request is shared out in proportion to
     * each prompt's and each answer's length.
     */
    public List<Completion> complete(List<String> prompts) {
        ObjectNode body = JSON.createObjectNode().put("model", settings.model())
                .put("max_tokens", settings.maxTokens()).put("temperature", settings.temperature());
        ArrayNode list = body.putArray("prompt");
        int chars = 0;
        for (String p : prompts) {
            list.add(p);
            chars += p.length();
        }
        JsonNode reply = post("/completions", body, estimate(chars, prompts.size()), false);
        String[] texts = new String[prompts.size()];
        boolean[] truncated = new boolean[prompts.size()];
        JsonNode choices = reply.path("choices");
        for (int i = 0; i < choices.size(); i++) {
            JsonNode c = choices.get(i);
            int index = c.has("index") ? c.get("index").asInt() : i;
            if (index >= 0 && index < texts.length && c.has("text")) {
                texts[index] = c.get("text").asText();
                truncated[index] = "length".equals(c.path("finish_reason").asText());
            }
        }
        List<Completion> out = new ArrayList<>(prompts.size());
        Integer[] usage = usage(reply);
        long answerChars = 0;
        for (int i = 0; i < texts.length; i++) {
            if (texts[i] == null) {
                throw new MalformedReplyException("completions reply lacks the choice for prompt " + i + " of "
                        + prompts.size() + ": " + shorten(reply));
            }
            answerChars += texts[i].length();
        }
        for (int i = 0; i < texts.length; i++) {
            out.add(new Completion(texts[i], share(usage[0], prompts.get(i).length(), chars, i, texts.length),
                    share(usage[1], texts[i].length(), answerChars, i, texts.length), truncated[i]));
        }
        return out;
    }

    private static Integer share(Integer total, long part, long whole, int i, int n) {
        if (total == null) {
            return null;
        }
        if (n == 1) {
            return total;
        }
        return (int) Math.round(whole == 0 ? (double) total / n : (double) total * part / whole);
    }

    private long estimate(int promptChars, int prompts) {
        // about four characters a token for English, plus the whole answer budget
        return promptChars / 4L + (long) settings.maxTokens() * prompts;
    }

    private JsonNode post(String path, ObjectNode body, long estimatedTokens, boolean structured) {
        HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(settings.baseUrl() + path))
                .timeout(settings.timeout()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (settings.apiKey() != null && !settings.apiKey().isBlank()) {
            rb.header("Authorization", "Bearer " + settings.apiKey());
        }
        HttpRequest request = rb.build();
        RuntimeException last = null;
        boolean unavailable = false; // the last failure was the server's state, not possibly this request's
        for (int attempt = 1; ; attempt++) {
            try {
                breaker.acquire();
            } catch (CircuitOpenException e) {
                throw new ServerUnavailableException(e.getMessage());
            }
            Duration retryAfter = null;
            long t0 = ticker.nanoTime();
            try {
                limiter.acquire(estimatedTokens);
                inFlight.acquire();
                HttpResponse<String> response;
                try {
                    t0 = ticker.nanoTime();
                    response = http.send(request, HttpResponse.BodyHandlers.ofString());
                } finally {
                    inFlight.release();
                }
                Duration elapsed = Duration.ofNanos(ticker.nanoTime() - t0);
                int status = response.statusCode();
                if (status == 200) {
                    JsonNode reply = readReply(response.body());
                    breaker.onSuccess();
                    meters.call("ok", elapsed);
                    Integer[] usage = usage(reply);
                    meters.tokens(usage[0], usage[1]);
                    if (usage[0] != null && usage[1] != null) {
                        limiter.settle(estimatedTokens, (long) usage[0] + usage[1]);
                    }
                    return reply;
                }
                String error = "HTTP " + status + " from " + path + ": " + shorten(response.body());
                if (status == 429) {
                    // the server is alive, just busy: not a breaker failure, but everyone slows down
                    meters.call("throttled", elapsed);
                    retryAfter = retryAfter(response);
                    last = new OpenAiException(error);
                    unavailable = true;
                } else if (status >= 500) {
                    meters.call("retryable", elapsed);
                    breaker.onFailure();
                    last = new OpenAiException(error);
                    // a gateway or an overloaded server says so; a 500 may be this request's doing
                    unavailable = status == 502 || status == 503 || status == 504;
                } else if (structured && (status == 400 || status == 422) && mentionsStructuredOutput(response.body())) {
                    breaker.onSuccess();
                    meters.call("rejected", elapsed);
                    throw new ResponseFormatRejectedException(error);
                } else {
                    meters.call("failed", elapsed);
                    if (status == 401 || status == 403 || status == 404) {
                        breaker.onFailure(); // wrong key, model or URL: every request will fail the same way
                    }
                    throw new OpenAiException(error);
                }
            } catch (MalformedReplyException e) {
                meters.call("retryable", Duration.ofNanos(ticker.nanoTime() - t0));
                breaker.onFailure();
                last = e;
                unavailable = false;
            } catch (IOException e) {
                // timeouts, refused or reset connections
                meters.call("retryable", Duration.ofNanos(ticker.nanoTime() - t0));
                breaker.onFailure();
                last = new OpenAiException(e.getClass().getSimpleName() + " calling " + settings.baseUrl() + path
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
                unavailable = true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OpenAiException("interrupted while calling " + path, e);
            }
            if (!retry.retryAfter(attempt)) {
                String gaveUp = "gave up after " + attempt + " attempts: " + last.getMessage();
                throw unavailable ? new ServerUnavailableException(gaveUp, last) : new OpenAiException(gaveUp, last);
            }
            Duration pause = retry.delay(attempt, retryAfter);
            if (retryAfter != null) {
                limiter.pause(pause);
            }
            meters.retry();
            log.debug("attempt {} failed ({}); retrying in {} ms", attempt, last.getMessage(), pause.toMillis());
            try {
                ticker.sleepNanos(pause.toNanos());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OpenAiException("interrupted while backing off", e);
            }
        }
    }

    private static JsonNode readReply(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            if (n == null || !n.isObject() || !n.path("choices").isArray() || n.path("choices").isEmpty()) {
                throw new MalformedReplyException("reply without choices: " + shorten(body));
            }
            return n;
        } catch (IOException e) {
            throw new MalformedReplyException("reply is not JSON: " + shorten(body));
        }
    }

    private static Integer[] usage(JsonNode reply) {
        JsonNode u = reply.path("usage");
        Integer p = u.path("prompt_tokens").isNumber() ? u.get("prompt_tokens").asInt() : null;
        Integer c = u.path("completion_tokens").isNumber() ? u.get("completion_tokens").asInt() : null;
        return new Integer[] {p, c};
    }

    private static boolean mentionsStructuredOutput(String body) {
        String b = body == null ? "" : body.toLowerCase(Locale.ROOT);
        return b.contains("response_format") || b.contains("json_schema") || b.contains("guided")
                || b.contains("structured");
    }

    /** Retry-After in seconds; an HTTP-date or garbage is ignored (the backoff applies). */
    static Duration retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").map(String::strip).filter(s -> s.matches("\\d+(\\.\\d+)?"))
                .map(s -> Duration.ofMillis((long) (Double.parseDouble(s) * 1000))).orElse(null);
    }

    private static String shorten(Object body) {
        String s = String.valueOf(body).replaceAll("\\s+", " ");
        return s.length() <= 300 ? s : s.substring(0, 297) + "...";
    }

    @Override
    public void close() {
        http.close();
        httpThreads.shutdownNow();
    }

    /** A 200 reply that is not what the protocol promises: retried like a server error. */
    static final class MalformedReplyException extends OpenAiException {
        MalformedReplyException(String message) {
            super(message);
        }
    }
}
