package io.causalstream.runtime.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every page with sign-in promises across the instances of its service, proved once and run against each API
 * that has a session (the rater API, the curation API, the shared endpoints alone): a session signed out on one
 * instance is refused on every other, and an instance that starts after the sign-out refuses it too. Each instance
 * is a real Javalin app on its own port; the instances tell each other over HTTP, as in production.
 */
public abstract class SignOutOnEveryInstanceContract {

    /** The secret every instance of a test shares. */
    protected static final String SECRET = "secret-shared-by-the-instances-of-this-test";

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final List<Javalin> started = new ArrayList<>();

    /**
     * One instance of the API under test, not started: its app with the service's guards and the API, signing with
     * {@code secret} and learning the other instances from {@code others}.
     */
    protected abstract Javalin instance(String secret, Supplier<Collection<HostInfo>> others);

    /** Where one signs in, asks who is signed in and signs out ({@code POST}, {@code GET}, {@code DELETE}). */
    protected abstract String sessionPath();

    /** The body of a sign-in that succeeds. */
    protected abstract String signInBody();

    /**
     * A {@code POST} that needs a session: with one and the body {@code {}} it is refused for its body (not 401),
     * without one with 401.
     */
    protected abstract String signedInPost();

    /** The others an instance knows; the test adds to them. */
    private record Started(Javalin app, List<HostInfo> others) {
        HostInfo host() {
            return new HostInfo("127.0.0.1", app.port());
        }
    }

    private record Person(String cookie, String csrf) {
    }

    private Started start() {
        List<HostInfo> others = new java.util.concurrent.CopyOnWriteArrayList<>();
        Javalin app = instance(SECRET, () -> others);
        app.start("127.0.0.1", 0);
        started.add(app);
        return new Started(app, others);
    }

    @AfterEach
    void stopInstances() {
        started.forEach(Javalin::stop);
        http.close();
    }

    @Test
    void aSessionSignedOutOnOneInstanceIsRefusedOnTheOther() throws Exception {
        Started a = start();
        Started b = start();
        a.others().add(b.host());
        b.others().add(a.host());
        Person person = signIn(a);
        assertThat(send(b, "GET", sessionPath(), null, person).statusCode()).isEqualTo(200);
        assertThat(send(b, "POST", signedInPost(), "{}", person).statusCode()).isNotEqualTo(401);

        HttpResponse<String> out = send(a, "DELETE", sessionPath(), null, person);
        assertThat(out.statusCode()).as(out.body()).isEqualTo(204);

        // the old cookie, replayed: dead where it was signed out and on the other instance
        assertThat(send(a, "GET", sessionPath(), null, person).statusCode()).isEqualTo(401);
        HttpResponse<String> there = send(b, "GET", sessionPath(), null, person);
        assertThat(there.statusCode()).as("the session on the other instance after sign-out: " + there.body())
                .isEqualTo(401);
        HttpResponse<String> act = send(b, "POST", signedInPost(), "{}", person);
        assertThat(act.statusCode()).as(act.body()).isEqualTo(401);
        assertThat(json.readTree(act.body()).get("code").asText()).isEqualTo("not_signed_in");
        // only that session: the same person signs in again and is signed in everywhere
        Person again = signIn(b);
        assertThat(send(a, "GET", sessionPath(), null, again).statusCode()).isEqualTo(200);
    }

    @Test
    void anInstanceStartedAfterASignOutRefusesTheSession() throws Exception {
        Started a = start();
        Person person = signIn(a);
        // a knows no other instance: nobody hears of the sign-out now
        assertThat(send(a, "DELETE", sessionPath(), null, person).statusCode()).isEqualTo(204);
        Started later = start();
        later.others().add(a.host());
        // its first request takes over the revocations of the instances it finds
        assertThat(send(later, "GET", sessionPath(), null, person).statusCode()).isEqualTo(401);
        assertThat(send(later, "GET", sessionPath(), null, signIn(a)).statusCode()).isEqualTo(200);
    }

    private Person signIn(Started i) throws Exception {
        HttpResponse<String> r = send(i, "POST", sessionPath(), signInBody(), null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        return new Person(setCookie.substring(0, setCookie.indexOf(';')),
                json.readTree(r.body()).get("csrfToken").asText());
    }

    private HttpResponse<String> send(Started i, String method, String path, String body, Person person)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + i.app().port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (person != null) {
            b.header("Cookie", person.cookie()).header(SignedSessions.CSRF_HEADER, person.csrf());
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
