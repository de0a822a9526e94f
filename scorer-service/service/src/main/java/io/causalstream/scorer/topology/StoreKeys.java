package io.causalstream.scorer.topology;

import io.causalstream.schemas.gold.GoldOrigin;

/**
 * Keys of the scorer's stores: {@code passageId + U+0000 + suffix}. Every key of a passage shares the prefix
 * {@code passageId + U+0000}, so one prefix scan finds all its extractions; ids never contain U+0000 (records with
 * one are rejected), so no passage's prefix can match another passage's keys.
 */
final class StoreKeys {

    static final char SEPARATOR = '\u0000';

    static String annotation(String passageId, String annotationId) {
        return passagePrefix(passageId) + annotationId;
    }

    static String gold(String passageId, GoldOrigin origin) {
        return passagePrefix(passageId) + origin.name();
    }

    /** {@code [passageId, annotationId]} of an {@link #annotation} key. */
    static String[] split(String annotationKey) {
        int i = annotationKey.indexOf(SEPARATOR);
        return new String[] {annotationKey.substring(0, i), annotationKey.substring(i + 1)};
    }

    static String passagePrefix(String passageId) {
        return passageId + SEPARATOR;
    }

    private StoreKeys() {
    }
}
