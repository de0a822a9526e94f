package io.causalstream.alignment;

import java.math.BigInteger;
import java.util.List;

/**
 * CPython's {@code random.Random(seed).shuffle(list)}: the MT19937 generator seeded from an integer with
 * {@code init_by_array} over the integer's 32-bit words, and the Fisher-Yates shuffle drawing indices by rejection
 * sampling on {@code getrandbits}. The reference evaluator's {@code random_<seed>} node orders are such shuffles;
 * reproducing them exactly keeps the search order (and the reported optimal mapping) identical.
 */
public final class PythonRandom {

    private static final int N = 624;
    private static final int M = 397;

    private final int[] mt = new int[N];
    private int index;

    /** {@code random.Random(seed)} for an integer seed (negative seeds use their absolute value, as CPython). */
    public PythonRandom(long seed) {
        BigInteger n = BigInteger.valueOf(seed).abs();
        int words = Math.max(1, (n.bitLength() + 31) / 32);
        int[] key = new int[words];
        for (int i = 0; i < words; i++) {
            key[i] = n.shiftRight(32 * i).intValue();
        }
        initByArray(key);
    }

    private void initGenrand(int s) {
        mt[0] = s;
        for (int i = 1; i < N; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
        }
        index = N;
    }

    private void initByArray(int[] key) {
        initGenrand(19650218);
        int i = 1;
        int j = 0;
        for (int k = Math.max(N, key.length); k > 0; k--) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >>> 30)) * 1664525)) + key[j] + j;
            i++;
            j++;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if (j >= key.length) {
                j = 0;
            }
        }
        for (int k = N - 1; k > 0; k--) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >>> 30)) * 1566083941)) - i;
            i++;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x80000000;
        index = N;
    }

    /** The next 32 random bits (MT19937 {@code genrand_uint32}), as an unsigned value in a long. */
    public long nextUint32() {
        if (index >= N) {
            for (int k = 0; k < N; k++) {
                int y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
                mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
            }
            index = 0;
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y & 0xffffffffL;
    }

    /** {@code getrandbits(k)} for 0 &lt;= k &lt;= 32. */
    long getRandBits(int k) {
        return k == 0 ? 0 : nextUint32() >>> (32 - k);
    }

    /** {@code _randbelow(n)}: uniform in [0, n), by rejection on {@code getrandbits(n.bit_length())}. */
    int randBelow(int n) {
        int k = 32 - Integer.numberOfLeadingZeros(n);
        long r = getRandBits(k);
        while (r >= n) {
            r = getRandBits(k);
        }
        return (int) r;
    }

    /** {@code shuffle(list)} in place. */
    public <T> void shuffle(List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = randBelow(i + 1);
            T tmp = list.get(i);
            list.set(i, list.get(j));
            list.set(j, tmp);
        }
    }
}
