package io.causalstream.extractor.backend.rules;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.Cue;
import java.util.List;
import java.util.Locale;

/**
 * Moves a change word out of a node into the edge's direction: "drought leads to <i>reduced</i> yields" is the
 * edge drought -> yields DECREASE, and "<i>lack of</i> land tenure policy fuels conflict" is land tenure policy ->
 * conflict DECREASE. The node keeps the rest of its wording; the concept is what can increase or decrease, the
 * change belongs to the edge (the paper's FCM edges are signed, their nodes are not). The model backend reads a
 * stated sign the same way.
 */
public final class Polarity {

    /** A node without its change word, and whether that word reversed the direction. */
    public record Node(String name, boolean reversed) {
    }

    private static final List<String> DECREASE_WORDS = List.of(
            "decreased", "reduced", "lower", "less", "fewer", "declining", "diminished", "lowered",
            "falling", "shrinking", "smaller", "weaker", "weakened", "diminishing", "decreasing", "reducing",
            "decrease in", "decreases in", "reduction in", "reductions in", "reduction of", "decline in",
            "declines in", "loss of", "losses of", "lack of", "absence of", "shortage of", "shortages of",
            "drop in", "drops in", "fall in", "falls in");
    private static final List<String> INCREASE_WORDS = List.of(
            "increased", "increasing", "higher", "more", "greater", "rising", "growing", "enhanced",
            "larger", "bigger", "stronger", "heavier", "intensified", "intensifying", "elevated",
            "increase in", "increases in", "rise in", "growth in", "growth of", "spike in", "spikes in", "surge in");

    private static final java.util.regex.Pattern LEADING_ADVERB = java.util.regex.Pattern.compile(
            "^(?i:much|far|sharply|significantly|substantially|considerably|markedly|slightly|steadily|rapidly"
            + "|dramatically|increasingly|progressively|an?|the|significant|sharp|major|substantial|dramatic"
            + "|steep|large|general|further|continued|rapid|severe)\\s+");

    public static Node of(String phrase) {
        // the change word may follow an adverb: "sharply reduced funding", "significantly higher prices"
        java.util.regex.Matcher adverb = LEADING_ADVERB.matcher(phrase);
        if (adverb.find()) {
            Node inner = of(phrase.substring(adverb.end()));
            if (!inner.name().equals(phrase.substring(adverb.end()))) {
                return inner;
            }
        }
        String lower = phrase.toLowerCase(Locale.ROOT);
        for (String w : DECREASE_WORDS) {
            if (startsWithWord(lower, w)) {
                return new Node(phrase.substring(w.length()).strip(), true);
            }
        }
        for (String w : INCREASE_WORDS) {
            if (startsWithWord(lower, w)) {
                return new Node(phrase.substring(w.length()).strip(), false);
            }
        }
        return new Node(phrase, false);
    }

    /** The direction of cause -> effect once both nodes lost their change words. */
    public static Direction combine(Direction cue, Node cause, Node effect) {
        return cause.reversed() ^ effect.reversed() ? flip(cue) : cue;
    }

    /** The direction a cue states (an unsigned cue counts as INCREASE: "leads to"). */
    public static Direction direction(Cue.Sign sign) {
        return sign == Cue.Sign.DECREASE ? Direction.DECREASE : Direction.INCREASE;
    }

    /** The opposite direction. */
    public static Direction flip(Direction d) {
        return d == Direction.DECREASE ? Direction.INCREASE : Direction.DECREASE;
    }

    /** Whether a single word is a change word that can stand before a noun ("reduced", "rising", "higher"). */
    public static boolean isChangeModifier(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return (DECREASE_WORDS.contains(w) || INCREASE_WORDS.contains(w)) && !w.contains(" ");
    }

    /** Whether a word names a change (its "of"/"in" phrase then belongs to the node: "decreases in output"). */
    static boolean isChangeNoun(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return List.of("decrease", "decreases", "increase", "increases", "reduction", "reductions", "decline",
                "declines", "loss", "losses", "lack", "rise", "growth", "shortage", "shortages", "absence", "drop",
                "drops", "fall", "spike", "spikes", "surge")
                .contains(w);
    }

    private static boolean startsWithWord(String lower, String w) {
        return lower.startsWith(w + " ") && lower.length() > w.length() + 1;
    }

    private Polarity() {
    }
}
