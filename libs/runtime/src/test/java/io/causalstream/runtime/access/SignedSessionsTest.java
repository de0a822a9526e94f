package io.causalstream.runtime.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SignedSessionsTest {

    private static final String SECRET = "a-secret-of-sufficient-length-for-hmac";
    private static final Duration TTL = Duration.ofHours(12);
    private static final Role RATERS = new Role("rater", "elo_rater", "raterId", "/api/session",
            "/api/internal/revocations");
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);

    private static SignedSessions sessions(Map<String, String> tokens, boolean open, String secret, Clock clock) {
        return new SignedSessions(RATERS, new AccessSettings(tokens, open, secret, true, TTL, Set.of()), clock);
    }

    @Test
    void openSignInTakesAWellFormedNameOnlyInDemoMode() {
        SignedSessions s = sessions(Map.of(), true, SECRET, NOW);
        assertThat(s.openSignIn()).isTrue();
        assertThat(s.signIn(" Human3 ", null)).isEqualTo("Human3");
        assertThatThrownBy(() -> s.signIn("", null)).hasMessageContaining("rater name");
        assertThatThrownBy(() -> s.signIn("<script>", null)).hasMessageContaining("rater name");
        // not in demo mode, with no token configured: nobody signs in, a name least of all
        SignedSessions closed = sessions(Map.of(), false, SECRET, NOW);
        assertThat(closed.anyoneCanSignIn()).isFalse();
        assertThatThrownBy(() -> closed.signIn("Human3", null)).hasMessageContaining("unknown rater token");
    }

    @Test
    void tokensAreCheckedByTheirHashAndANameAloneIsRefused() {
        SignedSessions s = sessions(Map.of(AccessTokens.hash("tok-7"), "Human7"), false, SECRET, NOW);
        assertThat(s.signIn("Human1", "tok-7")).isEqualTo("Human7");
        assertThat(s.signIn(null, " tok-7 ")).isEqualTo("Human7");
        assertThatThrownBy(() -> s.signIn("Human1", null)).hasMessageContaining("unknown rater token");
        assertThatThrownBy(() -> s.signIn(null, "guess")).hasMessageContaining("unknown rater token");
        // the hash itself is not a token
        assertThatThrownBy(() -> s.signIn(null, AccessTokens.hash("tok-7"))).hasMessageContaining("unknown");
    }

    @Test
    void aSessionReadsBackOnlyWhenSignedAndNotExpired() {
        SignedSessions s = sessions(Map.of(), true, SECRET, NOW);
        String cookie = s.issue("Human3");
        assertThat(s.userOf(cookie)).contains("Human3");
        // another instance with the same secret accepts it; one with another secret does not
        assertThat(sessions(Map.of(), true, SECRET, NOW).userOf(cookie)).contains("Human3");
        assertThat(sessions(Map.of(), true, SECRET + "x", NOW).userOf(cookie)).isEmpty();
        // tampering with the rater id breaks the signature
        String[] parts = cookie.split("\\.");
        String forged = parts[0] + "." + Signer.b64("Human1") + "." + parts[2] + "." + parts[3];
        assertThat(s.userOf(forged)).isEmpty();
        assertThat(s.userOf("garbage")).isEmpty();
        assertThat(s.userOf("a.b.c.d.e")).isEmpty();
        assertThat(s.userOf("x".repeat(100_000))).isEmpty();
        assertThat(s.userOf(null)).isEmpty();
        Clock later = Clock.offset(NOW, Duration.ofHours(13));
        assertThat(sessions(Map.of(), true, SECRET, later).userOf(cookie)).isEmpty();
    }

    @Test
    void signOutRevokesHereAndItsNoticeRevokesOnAnotherInstance() {
        SignedSessions a = sessions(Map.of(), true, SECRET, NOW);
        SignedSessions b = sessions(Map.of(), true, SECRET, NOW);
        String cookie = a.issue("Human3");
        String other = a.issue("Human3");
        String notice = a.revoke(a.sessionOf(cookie).orElseThrow());
        assertThat(a.sessionOf(cookie)).isEmpty();
        assertThat(b.sessionOf(cookie)).isPresent();
        assertThat(b.accept(notice)).isTrue();
        assertThat(b.sessionOf(cookie)).isEmpty();
        // only that session: the rater's other session stays
        assertThat(a.sessionOf(other)).isPresent();
        assertThat(b.sessionOf(other)).isPresent();
        // a notice not signed with the shared secret revokes nothing
        SignedSessions stranger = sessions(Map.of(), true, "another-secret-of-sufficient-length", NOW);
        String forged = stranger.revoke(new SignedSessions.Session(b.sessionOf(other).orElseThrow().id(), "Human3",
                Instant.parse("2026-03-01T22:00:00Z")));
        assertThat(b.accept(forged)).isFalse();
        assertThat(b.accept("junk")).isFalse();
        assertThat(b.sessionOf(other)).isPresent();
        // a starting instance takes over the list of a peer
        SignedSessions c = sessions(Map.of(), true, SECRET, NOW);
        a.notices().forEach(c::accept);
        assertThat(c.sessionOf(cookie)).isEmpty();
        assertThat(c.sessionOf(other)).isPresent();
    }

    @Test
    void theCsrfTokenBelongsToOneSession() {
        SignedSessions s = sessions(Map.of(), true, SECRET, NOW);
        SignedSessions.Session one = s.sessionOf(s.issue("Human3")).orElseThrow();
        SignedSessions.Session two = s.sessionOf(s.issue("Human3")).orElseThrow();
        assertThat(s.csrfValid(one, s.csrfToken(one))).isTrue();
        assertThat(s.csrfValid(two, s.csrfToken(one))).isFalse();
        assertThat(s.csrfValid(one, null)).isFalse();
        assertThat(s.csrfValid(one, "")).isFalse();
    }

    @Test
    void aSessionOfOneRoleIsNoSessionOfAnotherUnderTheSameSecret() {
        SignedSessions raters = sessions(Map.of(), true, SECRET, NOW);
        SignedSessions curators = new SignedSessions(new Role("curator", "curator", "curatorId",
                "/api/curator/session", "/api/internal/curator/revocations"), new AccessSettings(Map.of(), true,
                SECRET, true, TTL, Set.of()), NOW);
        String raterCookie = raters.issue("Human3");
        assertThat(curators.sessionOf(raterCookie)).isEmpty();
        assertThat(curators.userOf(curators.issue("Human3"))).contains("Human3");
        SignedSessions.Session curator = curators.sessionOf(curators.issue("Human3")).orElseThrow();
        assertThat(raters.csrfValid(curator, curators.csrfToken(curator))).isFalse();
    }
}
