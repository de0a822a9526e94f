package io.causalstream.extractor.pipeline;

import io.causalstream.schemas.passage.Passage;
import java.util.Optional;

/**
 * The rules a decoded passage must follow to be worth extracting. A passage that breaks one goes to the
 * dead-letter topic with the returned reason, which names the rule and the offending values.
 */
public final class PassageValidation {

    /** @return why the record is no valid passage, or empty when it is one */
    public static Optional<String> problem(String key, Passage passage) {
        if (passage == null) {
            return Optional.of("record has no value (a tombstone); every passages record must carry a Passage");
        }
        String id = passage.getId();
        if (id == null || id.isBlank()) {
            return Optional.of("passage id is blank");
        }
        if (passage.getText() == null || passage.getText().isBlank()) {
            return Optional.of("passage '" + id + "' has blank text");
        }
        if (key == null) {
            return Optional.of("record key is missing; it must be the passage id '" + id + "'");
        }
        if (!key.equals(id)) {
            return Optional.of("record key '" + key + "' does not match passage id '" + id + "'");
        }
        return Optional.empty();
    }

    private PassageValidation() {
    }
}
