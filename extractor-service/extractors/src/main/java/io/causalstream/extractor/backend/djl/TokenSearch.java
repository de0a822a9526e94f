package io.causalstream.extractor.backend.djl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Greedy and beam-search decoding over a {@link NextTokenModel}. Deterministic (no sampling): the same prompt gives
 * the same answer, which makes results cacheable and comparable. Beam search keeps the {@code beams} best partial
 * answers by summed log-probability; a finished answer (stop token) competes with the others on its length-
 * normalised score, so short answers are not favoured merely for being short.
 */
public final class TokenSearch {

    /**
     * The generated tokens (stop token excluded) and whether the search hit the token limit before a stop token.
     */
    public record Result(long[] tokens, boolean truncated) {
    }

    private TokenSearch() {
    }

    public static Result greedy(NextTokenModel model, long[] prompt, int maxNewTokens, Set<Long> stopTokens) {
        long[] seq = Arrays.copyOf(prompt, prompt.length + maxNewTokens);
        int n = prompt.length;
        for (int step = 0; step < maxNewTokens; step++) {
            float[] logits = model.nextTokenLogits(Arrays.copyOf(seq, n));
            long next = argmax(logits);
            if (stopTokens.contains(next)) {
                return new Result(Arrays.copyOfRange(seq, prompt.length, n), false);
            }
            seq[n++] = next;
        }
        return new Result(Arrays.copyOfRange(seq, prompt.length, n), true);
    }

    public static Result beam(NextTokenModel model, long[] prompt, int maxNewTokens, Set<Long> stopTokens,
                              int beams) {
        if (beams < 1) {
            throw new IllegalArgumentException("beams must be at least 1, got " + beams);
        }
        record Hypothesis(long[] tokens, double logProb, boolean done) {
            double score() {
                return logProb / Math.max(1, tokens.length + (done ? 1 : 0));
            }
        }
        List<Hypothesis> live = List.of(new Hypothesis(new long[0], 0.0, false));
        List<Hypothesis> finished = new ArrayList<>();
        for (int step = 0; step < maxNewTokens && !live.isEmpty(); step++) {
            List<Hypothesis> candidates = new ArrayList<>();
            for (Hypothesis h : live) {
                long[] seq = concat(prompt, h.tokens());
                double[] logProbs = logSoftmax(model.nextTokenLogits(seq));
                for (int token : topK(logProbs, beams)) {
                    double lp = h.logProb() + logProbs[token];
                    if (stopTokens.contains((long) token)) {
                        candidates.add(new Hypothesis(h.tokens(), lp, true));
                    } else {
                        long[] next = Arrays.copyOf(h.tokens(), h.tokens().length + 1);
                        next[next.length - 1] = token;
                        candidates.add(new Hypothesis(next, lp, false));
                    }
                }
            }
            candidates.sort(Comparator.comparingDouble(Hypothesis::logProb).reversed());
            List<Hypothesis> nextLive = new ArrayList<>();
            for (Hypothesis c : candidates.subList(0, Math.min(beams, candidates.size()))) {
                (c.done() ? finished : nextLive).add(c);
            }
            live = nextLive;
            // stop when no live hypothesis can still beat the best finished one
            double bestDone = finished.stream().mapToDouble(Hypothesis::logProb).max().orElse(Double.NEGATIVE_INFINITY);
            if (live.stream().allMatch(h -> h.logProb() < bestDone)) {
                live = List.of();
            }
        }
        Hypothesis best = finished.stream().max(Comparator.comparingDouble(Hypothesis::score)).orElse(null);
        Hypothesis bestLive = live.stream().max(Comparator.comparingDouble(Hypothesis::score)).orElse(null);
        if (best == null || (bestLive != null && bestLive.score() > best.score())) {
            return new Result(bestLive == null ? new long[0] : bestLive.tokens(), true);
        }
        return new Result(best.tokens(), false);
    }

    static long argmax(float[] logits) {
        int best = 0;
        for (int i = 1; i < logits.length; i++) {
            if (logits[i] > logits[best]) {
                best = i;
            }
        }
        return best;
    }

    static double[] logSoftmax(float[] logits) {
        double max = Double.NEGATIVE_INFINITY;
        for (float l : logits) {
            max = Math.max(max, l);
        }
        double sum = 0;
        for (float l : logits) {
            sum += Math.exp(l - max);
        }
        double log = max + Math.log(sum);
        double[] out = new double[logits.length];
        for (int i = 0; i < logits.length; i++) {
            out[i] = logits[i] - log;
        }
        return out;
    }

    private static int[] topK(double[] values, int k) {
        Integer[] idx = new Integer[values.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(values[b], values[a]));
        int[] out = new int[Math.min(k, idx.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
