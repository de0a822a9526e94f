package io.causalstream.elo.rater;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RaterSessionsTest {

    private static final String SECRET = "a-secret-of-sufficient-length";
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void openSignInTakesAWellFormedName() {
        RaterSessions s = new RaterSessions(Map.of(), SECRET, NOW);
        assertThat(s.openSignIn()).isTrue();
        assertThat(s.signIn(" Human3 ", null)).isEqualTo("Human3");
        assertThatThrownBy(() -> s.signIn("", null)).hasMessageContaining("rater name");
        assertThatThrownBy(() -> s.signIn("<script>", null)).hasMessageContaining("rater name");
    }

    @Test
    void tokensNameTheRaterAndANameAloneIsRefused() {
        RaterSessions s = new RaterSessions(Map.of("tok-7", "Human7"), SECRET, NOW);
        assertThat(s.signIn("Human1", "tok-7")).isEqualTo("Human7");
        assertThatThrownBy(() -> s.signIn("Human1", null)).hasMessageContaining("unknown rater token");
        assertThatThrownBy(() -> s.signIn(null, "guess")).hasMessageContaining("unknown rater token");
    }

    @Test
    void aSessionReadsBackOnlyWhenSignedAndNotExpired() {
        RaterSessions s = new RaterSessions(Map.of(), SECRET, NOW);
        String cookie = s.issue("Human3");
        assertThat(s.raterOf(cookie)).contains("Human3");
        // another instance with the same secret accepts it; one with another secret does not
        assertThat(new RaterSessions(Map.of(), SECRET, NOW).raterOf(cookie)).contains("Human3");
        assertThat(new RaterSessions(Map.of(), SECRET + "x", NOW).raterOf(cookie)).isEmpty();
        // tampering with the rater id breaks the signature
        String forged = "SHVtYW4x" + cookie.substring(cookie.indexOf('.'));
        assertThat(s.raterOf(forged)).isEmpty();
        assertThat(s.raterOf("garbage")).isEmpty();
        assertThat(s.raterOf(null)).isEmpty();
        Clock later = Clock.offset(NOW, Duration.ofHours(13));
        assertThat(new RaterSessions(Map.of(), SECRET, later).raterOf(cookie)).isEmpty();
    }
}
