package io.causalstream.alignment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The Python semantics the port depends on; expected values printed by CPython 3.11. */
class PythonCompatibilityTest {

    @Test
    void stripUsesPythonWhitespace() {
        assertThat(PythonStrings.strip("\u00A0 a b \u2003\u001F")).isEqualTo("a b"); // Java's strip() keeps \u00A0
        assertThat(PythonStrings.strip("\u200B x")).isEqualTo("\u200B x"); // zero-width space is not whitespace
        assertThat(PythonStrings.strip("   ")).isEmpty();
    }

    @Test
    void splitKeepsEmptyPiecesAndHonoursMaxSplit() {
        assertThat(PythonStrings.split(";a;;b;", ";")).containsExactly("", "a", "", "b", "");
        assertThat(PythonStrings.split("a -> b -> c", "->")).containsExactly("a ", " b ", " c");
        assertThat(PythonStrings.split("a -> b -> c", "->", 1)).containsExactly("a ", " b -> c");
        assertThat(PythonStrings.split("", ";")).containsExactly("");
    }

    @Test
    void stringsCompareByCodePoint() {
        // U+1F600 (a surrogate pair in Java) sorts after U+FF21 in Python; String.compareTo says the opposite
        assertThat("\uD83D\uDE00".compareTo("\uFF21")).isNegative();
        assertThat(PythonStrings.compare("\uD83D\uDE00", "\uFF21")).isPositive();
        assertThat(PythonStrings.compare("ab", "abc")).isNegative();
        assertThat(PythonStrings.compare("B", "a")).isNegative();
        assertThat(PythonStrings.compare("x", "x")).isZero();
    }

    @Test
    void rstripAndCount() {
        assertThat(PythonStrings.rstrip("mod,,", ",")).isEqualTo("mod");
        assertThat(PythonStrings.count("(a (b) c)", '(')).isEqualTo(2);
    }

    @Test
    void shuffleEqualsCpythonRandomShuffle() {
        // python3 -c "import random; l=list(range(20)); random.Random(s).shuffle(l); print(l)"
        assertThat(shuffled(0)).containsExactly(10, 18, 16, 14, 0, 17, 11, 2, 3, 9, 5, 7, 4, 19, 6, 15, 8, 1, 13, 12);
        assertThat(shuffled(11)).containsExactly(4, 15, 5, 0, 11, 13, 3, 1, 16, 9, 10, 7, 8, 12, 2, 6, 18, 19, 17, 14);
        assertThat(shuffled(29)).containsExactly(3, 4, 19, 16, 15, 14, 13, 7, 1, 10, 0, 12, 6, 5, 8, 18, 9, 11, 2, 17);
        // a seed wider than 32 bits is fed to init_by_array as two words
        assertThat(shuffled((1L << 40) + 5))
                .containsExactly(9, 7, 17, 13, 4, 18, 5, 6, 10, 11, 3, 14, 12, 15, 2, 1, 0, 8, 19, 16);
    }

    @Test
    void rawOutputEqualsMersenneTwisterOfCpython() {
        PythonRandom r = new PythonRandom(11);
        // random.Random(11).getrandbits(32) three times
        assertThat(List.of(r.nextUint32(), r.nextUint32(), r.nextUint32()))
                .containsExactly(1942955373L, 3718334796L, 2404204071L);
    }

    private static List<Integer> shuffled(long seed) {
        List<Integer> list = new ArrayList<>(IntStream.range(0, 20).boxed().toList());
        new PythonRandom(seed).shuffle(list);
        return list;
    }
}
