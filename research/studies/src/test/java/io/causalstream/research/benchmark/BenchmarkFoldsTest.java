package io.causalstream.research.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchmarkFoldsTest {

    @Test
    void theFoldIsTheSha256OfTheKeyModuloFive() {
        // computed outside Java: int.from_bytes(sha256(b"fold:" + key)[:8], "big") % 5 (e.g. fold:3 -> 0c1a296dc02d1ebc...)
        assertThat(BenchmarkFolds.fold("1")).isEqualTo(0);
        assertThat(BenchmarkFolds.fold("3")).isEqualTo(3);
        assertThat(BenchmarkFolds.fold("8000")).isEqualTo(1);
        assertThat(BenchmarkFolds.fold("train_10_196")).isEqualTo(0);
    }

    @Test
    void keysSpreadOverAllFolds() {
        int[] count = new int[BenchmarkFolds.FOLDS];
        for (int id = 1; id <= 1000; id++) {
            count[BenchmarkFolds.fold(Integer.toString(id))]++;
        }
        // 200 expected per fold; a hash that ignored part of its key would pile them up
        assertThat(java.util.Arrays.stream(count).boxed().toList()).allSatisfy(c -> assertThat(c).isBetween(160, 240));
    }
}
