package io.causalstream.research.cesar.eval;

/**
 * Table 3 of the delta-CAUSAL paper for one metric: the share of rows where a supporter raises the score
 * (CS(C (+) A, E) > CS(C, E)), where a defeater lowers it (CS(C (+) D, E) < CS(C, E)), and their geometric mean.
 * Ties count as failures for both, as the strict inequalities of the paper say.
 */
public record ShiftAccuracy(String metric, int rows, double supporter, double defeater) {

    public double geometricMean() {
        return Math.sqrt(supporter * defeater);
    }

    public static ShiftAccuracy of(String metric, double[] base, double[] withSupporter, double[] withDefeater) {
        if (base.length == 0 || base.length != withSupporter.length || base.length != withDefeater.length) {
            throw new IllegalArgumentException("base, supporter and defeater scores must be non-empty and "
                    + "of equal length");
        }
        int up = 0;
        int down = 0;
        for (int i = 0; i < base.length; i++) {
            if (withSupporter[i] > base[i]) {
                up++;
            }
            if (withDefeater[i] < base[i]) {
                down++;
            }
        }
        return new ShiftAccuracy(metric, base.length, up / (double) base.length, down / (double) base.length);
    }

    /** Same, from two files that each carry their own base column (CEQ's outputs). */
    public static ShiftAccuracy of(String metric, double[] supporterBase, double[] withSupporter,
                                   double[] defeaterBase, double[] withDefeater) {
        ShiftAccuracy supporter = of(metric, supporterBase, withSupporter, withSupporter);
        ShiftAccuracy defeater = of(metric, defeaterBase, withDefeater, withDefeater);
        return new ShiftAccuracy(metric, supporter.rows(), supporter.supporter(), defeater.defeater());
    }

    @Override
    public String toString() {
        return String.format("%-28s rows %4d  supporter %5.1f  defeater %5.1f  GM %5.1f", metric, rows,
                100 * supporter, 100 * defeater, 100 * geometricMean());
    }
}
