package io.causalstream.elo.tournament;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Bradley-Terry maximum-likelihood ratings of one passage, as Chatbot Arena computes them: the judgments are
 * reduced to counts per (a, b, outcome) row, a tie counts as half a win and half a loss, and the strengths
 * {@code theta} maximise {@code sum count * [y log s(theta_a - theta_b) + (1 - y) log s(theta_b - theta_a)]}
 * ({@code s} the logistic function, {@code y} = 1, 0.5 or 0) minus a small ridge. Scores are
 * {@code center + 400 / ln 10 * theta}, the Elo scale. Confidence intervals come from a bootstrap that resamples
 * the count rows from a multinomial (n = judgments, p = each row's share), refitting each sample.
 *
 * <p>The result depends on nothing but the counts: rows are taken in sorted order and the bootstrap's random
 * stream is seeded from the passage id and the counts. A refit of the same counts, on any instance, after any
 * restart, gives the same numbers to the last bit.
 */
public final class BradleyTerry {

    private static final int MAX_NEWTON_STEPS = 200;
    /** Largest Newton step (in log-odds) at which the point estimate counts as converged. */
    private static final double CONVERGED = 1e-12;
    /** The same for bootstrap samples: far below what an interval's percentile can resolve. */
    private static final double SAMPLE_CONVERGED = 1e-9;
    /** Newton steps smaller than this (log-odds) are taken whole; larger ones are halved until the loss drops. */
    private static final double FULL_STEP = 0.1;

    private final BtSettings settings;

    public BradleyTerry(BtSettings settings) {
        this.settings = settings;
    }

    /** Ratings of every player that appears in {@code rows}, best score first (ties by annotationId). */
    public List<BtRating> fit(String passageId, List<PairCount> rows) {
        String[] players = players(rows);
        if (players.length == 0) {
            return List.of();
        }
        Rows r = Rows.of(rows, players);
        double[] theta = strengths(players.length, r, r.counts, new double[players.length], CONVERGED);

        int rounds = settings.bootstrapRounds();
        double[][] samples = new double[players.length][rounds];
        if (rounds > 0) {
            SplittableRandom random = new SplittableRandom(seed(passageId, rows));
            double[] cumulative = new double[r.counts.length];
            long n = 0;
            for (int k = 0; k < r.counts.length; k++) {
                n += (long) r.counts[k];
                cumulative[k] = n;
            }
            double[] resampled = new double[r.counts.length];
            for (int round = 0; round < rounds; round++) {
                Arrays.fill(resampled, 0.0);
                for (long draw = 0; draw < n; draw++) {
                    resampled[row(cumulative, random.nextLong(n))] += 1.0;
                }
                // started from the full-data fit: a resample lies close to it, so Newton needs few steps
                double[] t = strengths(players.length, r, resampled, theta, SAMPLE_CONVERGED);
                for (int i = 0; i < players.length; i++) {
                    samples[i][round] = t[i];
                }
            }
        }

        double alpha = (1.0 - settings.confidence()) / 2.0;
        double[] low = new double[players.length];
        double[] high = new double[players.length];
        for (int i = 0; i < players.length; i++) {
            if (rounds == 0) {
                low[i] = theta[i];
                high[i] = theta[i];
            } else {
                Arrays.sort(samples[i]);
                low[i] = quantile(samples[i], alpha);
                high[i] = quantile(samples[i], 1.0 - alpha);
            }
        }
        List<BtRating> out = new ArrayList<>(players.length);
        for (int i = 0; i < players.length; i++) {
            int above = 0;
            for (int j = 0; j < players.length; j++) {
                if (low[j] > high[i]) {
                    above++;
                }
            }
            out.add(new BtRating(players[i], score(theta[i]), score(low[i]), score(high[i]), 1 + above));
        }
        out.sort(Comparator.comparingDouble(BtRating::score).reversed().thenComparing(BtRating::annotationId));
        return out;
    }

    private double score(double theta) {
        return settings.center() + BtSettings.SCALE * theta;
    }

    /**
     * Penalised maximum likelihood by Newton's method with step halving. The penalty makes the objective strictly
     * convex, so there is one optimum and the iteration reaches it from any start.
     */
    double[] strengths(int players, Rows r, double[] counts, double[] start, double converged) {
        double[] theta = start.clone();
        double loss = Double.NaN;   // of theta, computed only when a line search needs it
        double[] gradient = new double[players];
        double[][] hessian = new double[players][players];
        for (int step = 0; step < MAX_NEWTON_STEPS; step++) {
            Arrays.fill(gradient, 0.0);
            for (double[] row : hessian) {
                Arrays.fill(row, 0.0);
            }
            for (int k = 0; k < r.a.length; k++) {
                if (counts[k] == 0) {
                    continue;
                }
                int a = r.a[k];
                int b = r.b[k];
                double p = logistic(theta[a] - theta[b]);
                double g = counts[k] * (p - r.y[k]);
                double h = counts[k] * p * (1.0 - p);
                gradient[a] += g;
                gradient[b] -= g;
                hessian[a][a] += h;
                hessian[b][b] += h;
                hessian[a][b] -= h;
                hessian[b][a] -= h;
            }
            for (int i = 0; i < players; i++) {
                gradient[i] += 2.0 * settings.ridge() * theta[i];
                hessian[i][i] += 2.0 * settings.ridge();
            }
            double[] delta = Cholesky.solve(hessian, gradient);
            double[] next = new double[players];
            double stepSize = 0;
            for (int i = 0; i < players; i++) {
                stepSize = Math.max(stepSize, Math.abs(delta[i]));
            }
            if (stepSize < FULL_STEP) {
                // close to the optimum the full Newton step is safe (quadratic convergence): no line search
                for (int i = 0; i < players; i++) {
                    next[i] = theta[i] - delta[i];
                }
                loss = Double.NaN;
            } else {
                if (Double.isNaN(loss)) {
                    loss = loss(theta, r, counts);
                }
                double shrink = 1.0;
                double nextLoss;
                do {
                    for (int i = 0; i < players; i++) {
                        next[i] = theta[i] - shrink * delta[i];
                    }
                    nextLoss = loss(next, r, counts);
                    shrink /= 2.0;
                } while (nextLoss > loss && shrink > 1e-10);
                loss = nextLoss;
            }
            double largest = 0;
            for (int i = 0; i < players; i++) {
                largest = Math.max(largest, Math.abs(next[i] - theta[i]));
            }
            theta = next;
            if (largest < converged) {
                break;
            }
        }
        return theta;
    }

    private double loss(double[] theta, Rows r, double[] counts) {
        double loss = 0;
        for (int k = 0; k < r.a.length; k++) {
            if (counts[k] == 0) {
                continue;
            }
            double d = theta[r.a[k]] - theta[r.b[k]];
            loss -= counts[k] * (r.y[k] * logLogistic(d) + (1.0 - r.y[k]) * logLogistic(-d));
        }
        for (double t : theta) {
            loss += settings.ridge() * t * t;
        }
        return loss;
    }

    private static double logistic(double x) {
        return x >= 0 ? 1.0 / (1.0 + Math.exp(-x)) : Math.exp(x) / (1.0 + Math.exp(x));
    }

    /** log s(x), without overflow for large |x|. */
    private static double logLogistic(double x) {
        return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
    }

    /** The row a draw {@code r} in [0, n) falls into. */
    private static int row(double[] cumulative, long r) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r < cumulative[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The q-quantile of sorted values, interpolating linearly between order statistics (numpy's default). */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int below = (int) Math.floor(h);
        if (below + 1 >= sorted.length) {
            return sorted[sorted.length - 1];
        }
        return sorted[below] + (h - below) * (sorted[below + 1] - sorted[below]);
    }

    private static String[] players(List<PairCount> rows) {
        TreeSet<String> ids = new TreeSet<>();
        for (PairCount c : rows) {
            ids.add(c.a());
            ids.add(c.b());
        }
        return ids.toArray(String[]::new);
    }

    /** FNV-1a over the passage id and the counts: the same counts always give the same bootstrap. */
    static long seed(String passageId, List<PairCount> rows) {
        StringBuilder s = new StringBuilder(passageId);
        for (PairCount c : rows) {
            s.append('\u0000').append(c.a()).append('\u0000').append(c.b()).append('\u0000').append(c.aWins())
                    .append(',').append(c.bWins()).append(',').append(c.ties());
        }
        long h = 0xcbf29ce484222325L;
        for (byte x : s.toString().getBytes(StandardCharsets.UTF_8)) {
            h ^= (x & 0xff);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** The count rows in index form: one row per non-empty (a, b, outcome), y = a's score. */
    static final class Rows {
        final int[] a;
        final int[] b;
        final double[] y;
        final double[] counts;

        private Rows(int[] a, int[] b, double[] y, double[] counts) {
            this.a = a;
            this.b = b;
            this.y = y;
            this.counts = counts;
        }

        static Rows of(List<PairCount> rows, String[] players) {
            List<int[]> ab = new ArrayList<>();
            List<double[]> yc = new ArrayList<>();
            for (PairCount c : rows) {
                int a = Arrays.binarySearch(players, c.a());
                int b = Arrays.binarySearch(players, c.b());
                double[][] outcomes = {{1.0, c.aWins()}, {0.0, c.bWins()}, {0.5, c.ties()}};
                for (double[] o : outcomes) {
                    if (o[1] > 0) {
                        ab.add(new int[] {a, b});
                        yc.add(o);
                    }
                }
            }
            int n = ab.size();
            int[] ai = new int[n];
            int[] bi = new int[n];
            double[] y = new double[n];
            double[] counts = new double[n];
            for (int k = 0; k < n; k++) {
                ai[k] = ab.get(k)[0];
                bi[k] = ab.get(k)[1];
                y[k] = yc.get(k)[0];
                counts[k] = yc.get(k)[1];
            }
            return new Rows(ai, bi, y, counts);
        }
    }
}
