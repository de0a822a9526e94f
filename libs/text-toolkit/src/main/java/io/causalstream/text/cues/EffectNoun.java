package io.causalstream.text.cues;

import io.causalstream.text.WordNet;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a noun phrase can name an effect: its last word's most frequent WordNet sense is a state, a feeling, a
 * process, an event or a phenomenon ("fever", "grief", "erosion", "explosion", "radiation"). Such a noun followed by
 * "from" and a noun phrase states the phrase as its cause ("fever from dehydration"); an entity before "from" ("wine
 * from France", "a letter from the mayor") is an origin. The extractor's decoding reads the construction by
 * {@link #names}; the validator's cue check, which must not confirm an edge the words do not state, by the stricter
 * {@link #statesCause}.
 */
public final class EffectNoun {

    private static final Set<String> EFFECTS = Set.of("noun.state", "noun.feeling", "noun.process", "noun.event",
            "noun.phenomenon");

    /** Nouns of a separation: "recovery from exhaustion", "relief from pain" name the end of what follows "from". */
    private static final Set<String> SEPARATIONS = Set.of("recovery", "relief", "escape", "release", "protection",
            "freedom", "respite", "exemption", "immunity", "withdrawal", "retirement", "departure", "separation",
            "isolation", "absence", "rest", "break");
    /** After "from", a place, a time or a body part is where the effect is, not its cause ("from the stomach"). */
    private static final Set<String> ORIGINS = Set.of("noun.body", "noun.time", "noun.location");

    private EffectNoun() {
    }

    /**
     * Whether "{@code effect} from {@code cause}" states the cause: the effect names what can be an effect and no
     * separation, the cause's last word no place, time or body part.
     */
    public static boolean statesCause(String effect, String cause) {
        return names(effect) && !SEPARATIONS.contains(last(effect))
                && !ORIGINS.contains(WordNet.nounCategory(last(cause)));
    }

    private static String last(String phrase) {
        String[] words = phrase.strip().split("\\s+");
        return words[words.length - 1].toLowerCase(Locale.ROOT);
    }

    /** Whether the phrase's last word names what can be an effect. */
    public static boolean names(String phrase) {
        return EFFECTS.contains(WordNet.nounCategory(last(phrase)));
    }
}
