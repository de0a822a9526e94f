package io.causalstream.extractor.backend.rules;

import io.causalstream.schemas.graph.Direction;

/** A causal link one sentence asserts: more {@code cause} means more (INCREASE) or less (DECREASE) {@code effect}. */
record CausalClaim(String cause, String effect, Direction direction) {
}
