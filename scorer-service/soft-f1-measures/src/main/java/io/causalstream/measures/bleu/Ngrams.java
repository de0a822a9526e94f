package io.causalstream.measures.bleu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Clipped n-gram matching shared by the BLEU implementations. Tokens get small int ids and an n-gram (n &le; 4)
 * becomes one {@code long} (16 bits per token), so counting is sorting and binary search instead of hashing
 * lists; inputs with more than 65,535 distinct tokens fall back to list keys.
 *
 * <p>Why this is long: one clipped count in the three forms the input's size calls for (packed longs, id scans, lists).
 */
final class Ngrams {

    /** Matches clipped by the most frequent reference, and the hypothesis' n-gram count, of one order. */
    record Clipped(long matches, long total) {
    }

    private static final int MAX_ID = 0xFFFF;
    private static final int SMALL_ID = 0xFF;

    /** Clipped counts of orders 1..maxOrder of {@code hypothesis} against {@code references}. */
    static Clipped[] clipped(List<String> hypothesis, List<List<String>> references, int maxOrder) {
        Vocabulary ids = new Vocabulary(hypothesis.size());
        int[] hyp = ids.encode(hypothesis);
        int[][] refs = new int[references.size()][];
        for (int r = 0; r < refs.length; r++) {
            refs[r] = ids.encode(references.get(r));
        }
        if (ids.size() >= MAX_ID || maxOrder > 4) {
            Clipped[] out = new Clipped[maxOrder];
            for (int n = 1; n <= maxOrder; n++) {
                out[n - 1] = clippedByLists(hypothesis, references, n);
            }
            return out;
        }
        return ids.size() <= SMALL_ID && refs.length < MAX_ID ? clippedSmall(hyp, refs, maxOrder)
                : clipped(hyp, refs, maxOrder);
    }

    /**
     * The character n-grams of one string, indexed for repeated use as a hypothesis: per order, the distinct
     * n-grams (code points packed 16 bits each) sorted, with their counts. Null arrays when the string has a code
     * point above U+FFFE (then the list path is used).
     */
    static final class CharGrams {
        final String text;
        final int length;
        final long[][] grams;
        final int[][] counts;

        CharGrams(String text, int maxOrder) {
            this.text = text;
            int[] cps = text.codePoints().toArray();
            this.length = cps.length;
            if (!below(cps, MAX_ID) || maxOrder > 4) {
                grams = null;
                counts = null;
                return;
            }
            grams = new long[maxOrder][];
            counts = new int[maxOrder][];
            for (int n = 1; n <= maxOrder; n++) {
                long[] keys = sortedKeys(cps, n);
                int distinct = 0;
                for (int i = 0; i < keys.length; i++) {
                    if (i == 0 || keys[i] != keys[i - 1]) {
                        distinct++;
                    }
                }
                long[] g = new long[distinct];
                int[] c = new int[distinct];
                int d = -1;
                for (int i = 0; i < keys.length; i++) {
                    if (i == 0 || keys[i] != keys[i - 1]) {
                        g[++d] = keys[i];
                    }
                    c[d]++;
                }
                grams[n - 1] = g;
                counts[n - 1] = c;
            }
        }
    }

    /**
     * Clipped counts over the CHARACTERS (code points) of the strings: what NLTK computes when it is given plain
     * strings instead of token lists. Each reference's n-grams are looked up in the hypothesis index, so the cost
     * is the references' length, not a sort of everything.
     */
    static Clipped[] clippedCharacters(CharGrams hypothesis, List<String> references, int maxOrder) {
        int[][] refs = new int[references.size()][];
        boolean bmp = hypothesis.grams != null && hypothesis.grams.length == maxOrder;
        for (int r = 0; r < refs.length && bmp; r++) {
            refs[r] = references.get(r).codePoints().toArray();
            bmp = below(refs[r], MAX_ID);
        }
        if (!bmp) {
            return clipped(characters(hypothesis.text), references.stream().map(Ngrams::characters).toList(),
                    maxOrder);
        }
        Clipped[] out = new Clipped[maxOrder];
        int longest = 0;
        for (int[] ref : refs) {
            longest = Math.max(longest, ref.length);
        }
        int[] found = new int[longest];
        for (int n = 1; n <= maxOrder; n++) {
            long[] g = hypothesis.grams[n - 1];
            int[] c = hypothesis.counts[n - 1];
            int[] maxRef = new int[g.length];
            for (int[] ref : refs) {
                int k = 0;
                for (int i = 0; i + n <= ref.length; i++) {
                    long key = 0;
                    for (int t = 0; t < n; t++) {
                        key = (key << 16) | ref[i + t];
                    }
                    int at = Arrays.binarySearch(g, key);
                    if (at >= 0) {
                        found[k++] = at;
                    }
                }
                Arrays.sort(found, 0, k);
                int i = 0;
                while (i < k) {
                    int j = i;
                    while (j < k && found[j] == found[i]) {
                        j++;
                    }
                    maxRef[found[i]] = Math.max(maxRef[found[i]], j - i);
                    i = j;
                }
            }
            long matches = 0;
            long total = 0;
            for (int d = 0; d < g.length; d++) {
                matches += Math.min(c[d], maxRef[d]);
                total += c[d];
            }
            out[n - 1] = new Clipped(matches, total);
        }
        return out;
    }

    /**
     * The common case of few distinct tokens (ids &lt;= 255, so an n-gram of order &lt;= 4 fits in 32 bits): the
     * hypothesis' and every reference's n-grams go into one array as {@code ngram << 16 | source} (source 0 for
     * the hypothesis, r + 1 for reference r), one sort groups them, and one scan finds each hypothesis n-gram's
     * count and its largest count in a single reference.
     */
    private static Clipped[] clippedSmall(int[] hyp, int[][] refs, int maxOrder) {
        Clipped[] out = new Clipped[maxOrder];
        long[] all = null;
        for (int n = 1; n <= maxOrder; n++) {
            int size = Math.max(0, hyp.length - n + 1);
            for (int[] ref : refs) {
                size += Math.max(0, ref.length - n + 1);
            }
            if (all == null) {
                all = new long[size]; // order 1 has the most n-grams: one array serves every order
            }
            int k = fill(all, 0, hyp, n, 0);
            for (int r = 0; r < refs.length; r++) {
                k = fill(all, k, refs[r], n, r + 1);
            }
            Arrays.sort(all, 0, size);
            long matches = 0;
            long total = 0;
            int i = 0;
            while (i < size) {
                long gram = all[i] >>> 16;
                int hypCount = 0;
                int maxRef = 0;
                int j = i;
                while (j < size && all[j] >>> 16 == gram) {
                    int end = j;
                    while (end < size && all[end] == all[j]) {
                        end++;
                    }
                    if ((all[j] & 0xFFFF) == 0) {
                        hypCount = end - j;
                    } else {
                        maxRef = Math.max(maxRef, end - j);
                    }
                    j = end;
                }
                matches += Math.min(hypCount, maxRef);
                total += hypCount;
                i = j;
            }
            out[n - 1] = new Clipped(matches, total);
        }
        return out;
    }

    private static int fill(long[] all, int k, int[] seq, int n, int source) {
        for (int i = 0; i + n <= seq.length; i++) {
            long g = 0;
            for (int t = 0; t < n; t++) {
                g = (g << 8) | seq[i + t];
            }
            all[k++] = g << 16 | source;
        }
        return k;
    }

    private static boolean below(int[] values, int limit) {
        for (int v : values) {
            if (v >= limit) {
                return false;
            }
        }
        return true;
    }

    private static List<String> characters(String s) {
        return s.codePoints().mapToObj(cp -> new String(Character.toChars(cp))).toList();
    }

    private static Clipped[] clipped(int[] hyp, int[][] refs, int maxOrder) {
        Clipped[] out = new Clipped[maxOrder];
        for (int n = 1; n <= maxOrder; n++) {
            long[] h = sortedKeys(hyp, n);
            long[][] rk = new long[refs.length][];
            for (int r = 0; r < refs.length; r++) {
                rk[r] = sortedKeys(refs[r], n);
            }
            long matches = 0;
            int i = 0;
            while (i < h.length) {
                int j = i;
                while (j < h.length && h[j] == h[i]) {
                    j++;
                }
                int max = 0;
                for (long[] ref : rk) {
                    max = Math.max(max, count(ref, h[i]));
                }
                matches += Math.min(j - i, max);
                i = j;
            }
            out[n - 1] = new Clipped(matches, h.length);
        }
        return out;
    }

    /**
     * Clipped counts of token-id sequences (ids are any ints, compared for equality). Short sequences — node
     * labels — are compared position by position, which beats sorting; longer ones with ids in 1..65535 go
     * through packed keys.
     */
    static Clipped[] clippedIds(int[] hyp, int[][] refs, int maxOrder) {
        long work = hyp.length;
        for (int[] ref : refs) {
            work += ref.length;
        }
        if (hyp.length * work <= 1024) {
            return clippedByScan(hyp, refs, maxOrder);
        }
        boolean packable = maxOrder <= 4 && below(hyp, MAX_ID) && positive(hyp);
        for (int[] ref : refs) {
            packable &= below(ref, MAX_ID) && positive(ref);
        }
        return packable ? clipped(hyp, refs, maxOrder) : clippedByScan(hyp, refs, maxOrder);
    }

    private static boolean positive(int[] values) {
        for (int v : values) {
            if (v <= 0) {
                return false;
            }
        }
        return true;
    }

    private static Clipped[] clippedByScan(int[] hyp, int[][] refs, int maxOrder) {
        Clipped[] out = new Clipped[maxOrder];
        long previous = 1;
        for (int n = 1; n <= maxOrder; n++) {
            long matches = 0;
            int grams = Math.max(0, hyp.length - n + 1);
            // An n-gram that occurs in a reference contains an (n-1)-gram that does: none then, none now.
            for (int i = 0; i < grams && previous > 0; i++) {
                boolean seen = false;
                for (int e = 0; e < i && !seen; e++) {
                    seen = same(hyp, e, hyp, i, n);
                }
                if (seen) {
                    continue;
                }
                int count = occurrences(hyp, hyp, i, n);
                int max = 0;
                for (int[] ref : refs) {
                    max = Math.max(max, occurrences(ref, hyp, i, n));
                }
                matches += Math.min(count, max);
            }
            out[n - 1] = new Clipped(matches, grams);
            previous = matches;
        }
        return out;
    }

    private static int occurrences(int[] in, int[] gram, int at, int n) {
        int count = 0;
        for (int i = 0; i + n <= in.length; i++) {
            if (same(in, i, gram, at, n)) {
                count++;
            }
        }
        return count;
    }

    private static boolean same(int[] a, int i, int[] b, int j, int n) {
        for (int t = 0; t < n; t++) {
            if (a[i + t] != b[j + t]) {
                return false;
            }
        }
        return true;
    }

    /** Token ids 1, 2, ... in order of first appearance; a linear scan while there are few distinct tokens. */
    private static final class Vocabulary {
        private static final int LINEAR_LIMIT = 32;
        private final List<String> tokens = new ArrayList<>();
        private Map<String, Integer> index;

        Vocabulary(int expected) {
            if (expected > LINEAR_LIMIT) {
                index = new HashMap<>();
            }
        }

        int[] encode(List<String> seq) {
            int[] out = new int[seq.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = id(seq.get(i));
            }
            return out;
        }

        private int id(String token) {
            if (index == null) {
                for (int k = 0; k < tokens.size(); k++) {
                    if (tokens.get(k).equals(token)) {
                        return k + 1;
                    }
                }
                tokens.add(token);
                if (tokens.size() > LINEAR_LIMIT) {
                    index = new HashMap<>();
                    for (int k = 0; k < tokens.size(); k++) {
                        index.put(tokens.get(k), k + 1);
                    }
                }
                return tokens.size();
            }
            return index.computeIfAbsent(token, t -> index.size() + 1);
        }

        int size() {
            return index != null ? index.size() : tokens.size();
        }
    }

    private static long[] sortedKeys(int[] seq, int n) {
        int count = Math.max(0, seq.length - n + 1);
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            long k = 0;
            for (int t = 0; t < n; t++) {
                k = (k << 16) | seq[i + t];
            }
            keys[i] = k;
        }
        Arrays.sort(keys);
        return keys;
    }

    private static int count(long[] sorted, long key) {
        int lo = Arrays.binarySearch(sorted, key);
        if (lo < 0) {
            return 0;
        }
        int first = lo;
        while (first > 0 && sorted[first - 1] == key) {
            first--;
        }
        int last = lo;
        while (last + 1 < sorted.length && sorted[last + 1] == key) {
            last++;
        }
        return last - first + 1;
    }

    private static Clipped clippedByLists(List<String> hypothesis, List<List<String>> references, int n) {
        Map<List<String>, Integer> counts = countOrder(hypothesis, n);
        long matches = 0;
        long total = 0;
        for (Map.Entry<List<String>, Integer> e : counts.entrySet()) {
            int max = 0;
            for (List<String> reference : references) {
                max = Math.max(max, countOrder(reference, n).getOrDefault(e.getKey(), 0));
            }
            matches += Math.min(e.getValue(), max);
            total += e.getValue();
        }
        return new Clipped(matches, total);
    }

    private static Map<List<String>, Integer> countOrder(List<String> tokens, int n) {
        Map<List<String>, Integer> counts = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            counts.merge(List.copyOf(tokens.subList(i, i + n)), 1, Integer::sum);
        }
        return counts;
    }

    private Ngrams() {
    }
}
