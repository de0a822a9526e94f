package io.causalstream.extractor.pipeline;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.schemas.passage.Passage;
import java.util.Optional;

/**
 * The rules a decoded passage must follow to be worth extracting. A passage that breaks one goes to the
 * dead-letter topic with the returned reason, which names the rule and the offending values.
 */
public final class PassageValidation {

    /** The default upper bound on a passage's length ({@link CommonSettings#DEFAULT_PASSAGE_MAX_CHARS}). */
    public static final int DEFAULT_MAX_CHARS = CommonSettings.DEFAULT_PASSAGE_MAX_CHARS;

    /** Share of control or replacement characters above which a "text" is binary or wrongly decoded. */
    private static final double MAX_GARBAGE_SHARE = 0.05;

    /** @return why the record is no valid passage, or empty when it is one */
    public static Optional<String> problem(String key, Passage passage) {
        return problem(key, passage, DEFAULT_MAX_CHARS);
    }

    /** @return why the record is no valid passage (with {@code maxChars} as the length limit), or empty */
    public static Optional<String> problem(String key, Passage passage, int maxChars) {
        if (passage == null) {
            return Optional.of("record has no value (a tombstone); every passages record must carry a Passage");
        }
        String id = passage.getId();
        if (id == null || id.isBlank()) {
            return Optional.of("passage id is blank");
        }
        String text = passage.getText();
        if (text == null || text.isBlank()) {
            return Optional.of("passage '" + id + "' has blank text");
        }
        if (key == null) {
            return Optional.of("record key is missing; it must be the passage id '" + id + "'");
        }
        if (!key.equals(id)) {
            return Optional.of("record key '" + key + "' does not match passage id '" + id + "'");
        }
        if (text.length() > maxChars) {
            return Optional.of("passage '" + id + "' is oversized: " + text.length() + " characters, the limit is "
                    + maxChars + " (" + CommonSettings.PASSAGE_MAX_CHARS + "); split it into paragraphs");
        }
        return notText(text).map(why -> "passage '" + id + "' is not text: " + why);
    }

    /** Why a string is binary or mis-decoded data rather than prose, if it is. */
    static Optional<String> notText(String text) {
        int garbage = 0;
        boolean letter = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return Optional.of("it contains NUL characters (binary data)");
            }
            if (c == '\uFFFD' || (Character.isISOControl(c) && !Character.isWhitespace(c))) {
                garbage++;
            }
            letter |= Character.isLetter(c);
        }
        if (!letter) {
            return Optional.of("it has no letters");
        }
        if (garbage > MAX_GARBAGE_SHARE * text.length()) {
            return Optional.of(garbage + " of " + text.length() + " characters are control or replacement "
                    + "characters (binary data, or text decoded with the wrong charset)");
        }
        return Optional.empty();
    }

    private PassageValidation() {
    }
}
