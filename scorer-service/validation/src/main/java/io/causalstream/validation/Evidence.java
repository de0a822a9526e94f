package io.causalstream.validation;

import java.util.List;

/**
 * Stage 3's finding for one edge: the sentences that support it and where the two ends are in them.
 *
 * @param sentences  indices of the supporting sentences (consecutive), empty when none was found
 * @param text       those sentences, joined by a space
 * @param source     the source mention used, or {@link Mention#NONE}
 * @param target     the target mention used, or {@link Mention#NONE}
 * @param fromSpans  whether the sentences come from the annotator's evidence spans
 */
record Evidence(List<Integer> sentences, String text, Mention source, Mention target, boolean fromSpans) {

    static final Evidence NONE = new Evidence(List.of(), "", Mention.NONE, Mention.NONE, false);

    boolean found() {
        return !sentences.isEmpty();
    }

    /** Both ends located in the evidence, so their order and the words between them can be read. */
    boolean locatesBothEnds() {
        return source.level().found() && target.level().found();
    }

    String where() {
        if (sentences.size() == 1) {
            return "sentence " + (sentences.getFirst() + 1);
        }
        return "sentences " + (sentences.getFirst() + 1) + "-" + (sentences.getLast() + 1);
    }
}
