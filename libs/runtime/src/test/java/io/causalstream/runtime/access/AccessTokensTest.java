package io.causalstream.runtime.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessTokensTest {

    @TempDir
    Path dir;

    @Test
    void aLineHoldsTheHashNeverTheToken() {
        String token = AccessTokens.newToken();
        assertThat(token).hasSize(43).isNotEqualTo(AccessTokens.newToken());
        String line = AccessTokens.line("Human1", token);
        assertThat(line).startsWith("Human1:sha256:").doesNotContain(token).hasSize("Human1:sha256:".length() + 64);
        assertThat(AccessTokens.parse(line, "x")).containsExactly(Map.entry(AccessTokens.hash(token), "Human1"));
        // known answer: SHA-256 of "abc"
        assertThat(AccessTokens.hash("abc"))
                .isEqualTo("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void aFileOfLinesWithComments() throws Exception {
        Path f = dir.resolve("raters");
        Files.write(f, List.of("# raters of the spring study", AccessTokens.line("Human1", "t1"), "",
                AccessTokens.line("Human2", "t2")));
        assertThat(AccessTokens.parseFile(f)).containsOnly(Map.entry(AccessTokens.hash("t1"), "Human1"),
                Map.entry(AccessTokens.hash("t2"), "Human2"));
        assertThatThrownBy(() -> AccessTokens.parseFile(dir.resolve("missing"))).hasMessageContaining("cannot read");
    }

    @Test
    void badEntriesAreRefusedWithoutEchoingThem() {
        assertThatThrownBy(() -> AccessTokens.parse("Human1:secret-token", "elo.raters"))
                .hasMessageContaining("entry 1").hasMessageContaining("Human1").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> AccessTokens.parse("Human1:sha256:abc", "elo.raters")).hasMessageContaining("64");
        assertThatThrownBy(() -> AccessTokens.parse(AccessTokens.line("A", "t") + "," + AccessTokens.line("B", "t"),
                "elo.raters")).hasMessageContaining("share a token");
    }
}
