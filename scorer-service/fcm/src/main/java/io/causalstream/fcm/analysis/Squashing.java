package io.causalstream.fcm.analysis;

import java.util.Locale;

/**
 * The transfer ("squashing", threshold) function of an FCM update, as FCMpy, FCMapper and the R fcm package name
 * them: sigmoid 1/(1+e^(-λx)) into (0, 1); hyperbolic tangent tanh(λx) into (-1, 1); bivalent 1 if x &gt; 0 else 0;
 * trivalent 1 if x &gt; 0, -1 if x &lt; 0, else 0.
 */
public record Squashing(Kind kind, double lambda) {

    public enum Kind { SIGMOID, TANH, BIVALENT, TRIVALENT }

    public Squashing {
        if (!(lambda > 0)) {
            throw new IllegalArgumentException("lambda must be > 0: " + lambda);
        }
    }

    public static Squashing sigmoid(double lambda) {
        return new Squashing(Kind.SIGMOID, lambda);
    }

    public static Squashing tanh(double lambda) {
        return new Squashing(Kind.TANH, lambda);
    }

    public static Squashing bivalent() {
        return new Squashing(Kind.BIVALENT, 1);
    }

    public static Squashing trivalent() {
        return new Squashing(Kind.TRIVALENT, 1);
    }

    /** By name: sigmoid, tanh, bivalent, trivalent (λ ignored by the last two). */
    public static Squashing parse(String name, double lambda) {
        return new Squashing(Kind.valueOf(name.trim().toUpperCase(Locale.ROOT)), lambda);
    }

    public double apply(double x) {
        return switch (kind) {
            case SIGMOID -> 1.0 / (1.0 + Math.exp(-lambda * x));
            case TANH -> Math.tanh(lambda * x);
            case BIVALENT -> x > 0 ? 1 : 0;
            case TRIVALENT -> x > 0 ? 1 : x < 0 ? -1 : 0;
        };
    }

    /** Whether states are discrete (a repeated state is exact, not within a tolerance). */
    public boolean discrete() {
        return kind == Kind.BIVALENT || kind == Kind.TRIVALENT;
    }
}
