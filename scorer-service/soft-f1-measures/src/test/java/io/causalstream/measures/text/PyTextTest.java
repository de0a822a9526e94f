package io.causalstream.measures.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PyTextTest {

    @Test
    void splitsOnPythonWhitespace() {
        // Python's str.split() also splits on no-break space, U+0085 and U+3000; never yields empty strings.
        assertThat(PyText.split("  a\u00a0b\u0085c\u3000d\t\n")).containsExactly("a", "b", "c", "d");
        assertThat(PyText.split("")).isEmpty();
        assertThat(PyText.split(" \t ")).isEmpty();
    }

    @Test
    void codePointsKeepSurrogatePairsTogether() {
        assertThat(PyText.codePoints("a\uD83D\uDE00b")).containsExactly("a", "\uD83D\uDE00", "b");
    }

    @Test
    void stripsPythonWhitespace() {
        assertThat(PyText.rstrip("ab \u00a0")).isEqualTo("ab");
        assertThat(PyText.strip("\u2003ab ")).isEqualTo("ab");
    }
}
