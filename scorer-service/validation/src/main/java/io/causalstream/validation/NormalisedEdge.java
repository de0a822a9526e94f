package io.causalstream.validation;

import io.causalstream.schemas.graph.Triple;

/**
 * An edge after stage 2: the canonical source and target labels (merged near-duplicates, split conjunctions),
 * whether normalisation kept it, and why.
 *
 * @param originalIndex position of the extracted triple it comes from
 * @param original      the extracted triple
 * @param source        canonical source label
 * @param target        canonical target label
 * @param kept          false for exact duplicates, self-loops and empty labels (rejected at this stage)
 * @param reason        what normalisation did, in words
 */
record NormalisedEdge(int originalIndex, Triple original, String source, String target, boolean kept,
                      String reason) {
}
