package io.causalstream.measures.rouge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * ROUGE as Google's {@code rouge_score} package computes it ({@code RougeScorer.score(target, prediction)}):
 * ROUGE-N from clipped n-gram counts, ROUGE-L from the longest common subsequence, ROUGE-Lsum from the union LCS
 * of newline-separated sentences (ROUGE-1.5.5's summary level, without double counting). Tokens come from
 * {@link RougeTokenizer}. Thread-safe.
 */
public final class Rouge {

    /** A ROUGE variant: {@code rouge1} .. {@code rouge9}, {@code rougeL}, {@code rougeLsum}. */
    public record Type(String id, int n) {

        public static final Type ROUGE1 = new Type("rouge1", 1);
        public static final Type ROUGE2 = new Type("rouge2", 2);
        public static final Type ROUGE_L = new Type("rougeL", 0);
        public static final Type ROUGE_LSUM = new Type("rougeLsum", -1);

        public static Type parse(String id) {
            if (id.equals(ROUGE_L.id)) {
                return ROUGE_L;
            }
            if (id.equals(ROUGE_LSUM.id)) {
                return ROUGE_LSUM;
            }
            if (id.matches("rouge[1-9]")) {
                return new Type(id, id.charAt(5) - '0');
            }
            throw new IllegalArgumentException("unknown ROUGE type '" + id + "' (rouge1..rouge9, rougeL, rougeLsum)");
        }
    }

    private final RougeTokenizer tokenizer;

    public Rouge(RougeTokenizer tokenizer) {
        this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
    }

    public RougeScore score(Type type, String target, String prediction) {
        if (type.equals(Type.ROUGE_LSUM)) {
            return summaryLevelLcs(sentences(target), sentences(prediction));
        }
        return scoreTokens(type, tokenizer.tokenize(target), tokenizer.tokenize(prediction));
    }

    /** ROUGE-N or ROUGE-L of already tokenized text ({@link #tokenizer()}'s tokens). */
    public RougeScore scoreTokens(Type type, List<String> target, List<String> prediction) {
        if (type.equals(Type.ROUGE_LSUM)) {
            throw new IllegalArgumentException("rougeLsum needs the sentences: use score(type, target, prediction)");
        }
        return type.equals(Type.ROUGE_L) ? lcs(target, prediction) : ngrams(target, prediction, type.n());
    }

    public RougeTokenizer tokenizer() {
        return tokenizer;
    }

    private List<List<String>> sentences(String text) {
        List<List<String>> out = new ArrayList<>();
        for (String s : text.split("\n", -1)) {
            if (!s.isEmpty()) {
                out.add(tokenizer.tokenize(s));
            }
        }
        return out;
    }

    static RougeScore ngrams(List<String> target, List<String> prediction, int n) {
        Map<List<String>, Integer> t = count(target, n);
        Map<List<String>, Integer> p = count(prediction, n);
        int overlap = 0;
        for (Map.Entry<List<String>, Integer> e : t.entrySet()) {
            overlap += Math.min(e.getValue(), p.getOrDefault(e.getKey(), 0));
        }
        int targetCount = Math.max(0, target.size() - n + 1);
        int predictionCount = Math.max(0, prediction.size() - n + 1);
        double precision = (double) overlap / Math.max(predictionCount, 1);
        double recall = (double) overlap / Math.max(targetCount, 1);
        return RougeScore.of(precision, recall);
    }

    private static Map<List<String>, Integer> count(List<String> tokens, int n) {
        Map<List<String>, Integer> counts = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            counts.merge(List.copyOf(tokens.subList(i, i + n)), 1, Integer::sum);
        }
        return counts;
    }

    static RougeScore lcs(List<String> target, List<String> prediction) {
        if (target.isEmpty() || prediction.isEmpty()) {
            return RougeScore.ZERO;
        }
        int[][] table = lcsTable(target, prediction);
        int length = table[target.size()][prediction.size()];
        return RougeScore.of((double) length / prediction.size(), (double) length / target.size());
    }

    static RougeScore summaryLevelLcs(List<List<String>> refSentences, List<List<String>> canSentences) {
        if (refSentences.isEmpty() || canSentences.isEmpty()) {
            return RougeScore.ZERO;
        }
        int m = refSentences.stream().mapToInt(List::size).sum();
        int n = canSentences.stream().mapToInt(List::size).sum();
        if (n == 0 || m == 0) {
            return RougeScore.ZERO;
        }
        Map<String, Integer> refCounts = new HashMap<>();
        Map<String, Integer> canCounts = new HashMap<>();
        refSentences.forEach(s -> s.forEach(t -> refCounts.merge(t, 1, Integer::sum)));
        canSentences.forEach(s -> s.forEach(t -> canCounts.merge(t, 1, Integer::sum)));
        int hits = 0;
        for (List<String> ref : refSentences) {
            // The union of the LCS token positions of ref against every candidate sentence, in order.
            TreeSet<Integer> union = new TreeSet<>();
            for (List<String> can : canSentences) {
                union.addAll(lcsIndices(ref, can));
            }
            for (int i : union) {
                String token = ref.get(i);
                if (canCounts.getOrDefault(token, 0) > 0 && refCounts.getOrDefault(token, 0) > 0) {
                    hits++;
                    canCounts.merge(token, -1, Integer::sum);
                    refCounts.merge(token, -1, Integer::sum);
                }
            }
        }
        return RougeScore.of((double) hits / n, (double) hits / m);
    }

    private static int[][] lcsTable(List<String> ref, List<String> can) {
        int rows = ref.size();
        int cols = can.size();
        int[][] t = new int[rows + 1][cols + 1];
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= cols; j++) {
                t[i][j] = ref.get(i - 1).equals(can.get(j - 1)) ? t[i - 1][j - 1] + 1
                        : Math.max(t[i - 1][j], t[i][j - 1]);
            }
        }
        return t;
    }

    /** Positions in {@code ref} of one LCS with {@code can}, chosen by rouge_score's back-tracking. */
    private static List<Integer> lcsIndices(List<String> ref, List<String> can) {
        int[][] t = lcsTable(ref, can);
        int i = ref.size();
        int j = can.size();
        List<Integer> out = new ArrayList<>();
        while (i > 0 && j > 0) {
            if (ref.get(i - 1).equals(can.get(j - 1))) {
                out.add(0, i - 1);
                i--;
                j--;
            } else if (t[i][j - 1] > t[i - 1][j]) {
                j--;
            } else {
                i--;
            }
        }
        return out;
    }
}
