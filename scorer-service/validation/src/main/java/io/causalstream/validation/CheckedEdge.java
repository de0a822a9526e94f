package io.causalstream.validation;

import java.util.List;

/**
 * One edge of an extraction after the first stages of {@link EdgeValidation}: normalised, its ends grounded, its
 * evidence found, the cue read from that evidence, and, with the learned reader, what each sentence naming both ends
 * states about the pair. The ends, evidence and cue are null for an edge normalisation dropped.
 */
record CheckedEdge(NormalisedEdge edge, Mention source, Mention target, Evidence evidence, CueCheck.Result cue,
                   Grounding grounding, List<SentenceReading> readings) {
}
