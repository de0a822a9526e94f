package io.causalstream.runtime.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.runtime.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessSettingsTest {

    private static final AccessSettings.Keys KEYS = new AccessSettings.Keys("t.people", "t.people.file",
            "t.signin.open", "t.session.secret", "t.session.ttl.ms", "t.allowed.origins");
    private static final String SECRET = "0123456789abcdef-0123456789abcdef-shared";

    @Test
    void byDefaultNobodySignsInAndTheSecretIsOneOfThisProcess() {
        AccessSettings a = AccessSettings.from(Config.of(Map.of()), KEYS);
        AccessSettings b = AccessSettings.from(Config.of(Map.of()), KEYS);
        assertThat(a.tokenHashes()).isEmpty();
        assertThat(a.openSignIn()).isFalse();
        assertThat(a.secretConfigured()).isFalse();
        assertThat(a.sessionSecret()).hasSize(64).isNotEqualTo(b.sessionSecret());
        assertThat(a.sessionTtl()).isEqualTo(Duration.ofHours(12));
        assertThat(a.allowedOrigins()).isEmpty();
    }

    @Test
    void everyKeyIsReadAndTheLogShowsNoTokenNorSecret(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("people");
        Files.writeString(file, "# one a line\n" + AccessTokens.line("Bo", "tok-two") + "\n");
        AccessSettings s = AccessSettings.from(Config.of(Map.of("t.people", AccessTokens.line("Al", "tok-one"),
                "t.people.file", file.toString(), "t.signin.open", "true", "t.session.secret", SECRET,
                "t.session.ttl.ms", "60000", "t.allowed.origins", " https://a.example , https://b.example")), KEYS);
        assertThat(s.tokenHashes()).containsOnly(Map.entry(AccessTokens.hash("tok-one"), "Al"),
                Map.entry(AccessTokens.hash("tok-two"), "Bo"));
        assertThat(s.openSignIn()).isTrue();
        assertThat(s.secretConfigured()).isTrue();
        assertThat(s.sessionSecret()).isEqualTo(SECRET);
        assertThat(s.sessionTtl()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.allowedOrigins()).containsExactlyInAnyOrder("https://a.example", "https://b.example");
        assertThat(s.toString()).contains("people=2").contains("sharedSecret=true").doesNotContain(SECRET)
                .doesNotContain("tok-one").doesNotContain(AccessTokens.hash("tok-one").substring(7));
    }

    @Test
    void aBadValueNamesItsKeyAndEnvironmentVariable() {
        assertThatThrownBy(() -> AccessSettings.from(Config.of(Map.of("t.session.secret", "short")), KEYS))
                .hasMessageContaining("t.session.secret (T_SESSION_SECRET)").hasMessageNotContaining("short");
        assertThatThrownBy(() -> AccessSettings.from(Config.of(Map.of("t.session.ttl.ms", "0")), KEYS))
                .hasMessageContaining("T_SESSION_TTL_MS");
        // a plain token is refused without echoing it
        assertThatThrownBy(() -> AccessSettings.from(Config.of(Map.of("t.people", "Al:tok-one")), KEYS))
                .hasMessageContaining("T_PEOPLE").hasMessageNotContaining("tok-one");
    }
}
