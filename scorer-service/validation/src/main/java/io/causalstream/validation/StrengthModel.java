package io.causalstream.validation;

import io.causalstream.encoder.TextPair;
import java.util.List;

/**
 * Causal strength of (cause, effect) pairs for stage 4; {@code CesarScorer::strengths} is the implementation.
 * Batched: one call per graph.
 */
@FunctionalInterface
public interface StrengthModel {

    double[] strengths(List<TextPair> causeEffect);
}
