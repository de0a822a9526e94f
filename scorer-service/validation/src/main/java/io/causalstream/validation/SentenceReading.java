package io.causalstream.validation;

import io.causalstream.extractor.backend.model.TunedReader;

/**
 * What the reader read in one sentence: {@code pair} null when the two mentions cannot be read as a pair;
 * {@code flips} names the mentions that negate their label ("'insecurity' for 'food security'"), null when none
 * or both do (two negations cancel); {@code reread} names the words the reader read the sentence without when they
 * turn nothing (null when none).
 */
record SentenceReading(int sentence, TunedReader.PairReading pair, double claim, String flips, String reread) {
}
