package io.causalstream.elo.rater;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RaterTokensTest {

    @TempDir
    Path dir;

    @Test
    void aLineHoldsTheHashNeverTheToken() {
        String token = RaterTokens.newToken();
        assertThat(token).hasSize(43).isNotEqualTo(RaterTokens.newToken());
        String line = RaterTokens.line("Human1", token);
        assertThat(line).startsWith("Human1:sha256:").doesNotContain(token).hasSize("Human1:sha256:".length() + 64);
        assertThat(RaterTokens.parse(line, "x")).containsExactly(Map.entry(RaterTokens.hash(token), "Human1"));
        // known answer: SHA-256 of "abc"
        assertThat(RaterTokens.hash("abc"))
                .isEqualTo("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void aFileOfLinesWithComments() throws Exception {
        Path f = dir.resolve("raters");
        Files.write(f, List.of("# raters of the spring study", RaterTokens.line("Human1", "t1"), "",
                RaterTokens.line("Human2", "t2")));
        assertThat(RaterTokens.parseFile(f)).containsOnly(Map.entry(RaterTokens.hash("t1"), "Human1"),
                Map.entry(RaterTokens.hash("t2"), "Human2"));
        assertThatThrownBy(() -> RaterTokens.parseFile(dir.resolve("missing"))).hasMessageContaining("cannot read");
    }

    @Test
    void badEntriesAreRefusedWithoutEchoingThem() {
        assertThatThrownBy(() -> RaterTokens.parse("Human1:secret-token", "elo.raters"))
                .hasMessageContaining("entry 1").hasMessageContaining("Human1").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> RaterTokens.parse("Human1:sha256:abc", "elo.raters")).hasMessageContaining("64");
        assertThatThrownBy(() -> RaterTokens.parse(RaterTokens.line("A", "t") + "," + RaterTokens.line("B", "t"),
                "elo.raters")).hasMessageContaining("share a token");
    }
}
