package io.causalstream.validation;

import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The second of two verbs of one subject, right before the second mention: "Higher fuel prices reduced car trips
 * <i>and increased</i> bus ridership". The relation head reads such a pair with the first verb's sign; the sentence
 * without the first verb and its object ("Higher fuel prices increased bus ridership") states the pair alone, as the
 * extractor's decoding reads it by rule.
 */
final class SecondVerb {

    private static final Pattern COORDINATOR = Pattern.compile("(?:,\\s*|\\s+)(?:and|but|while|yet)\\s+$");
    private static final Pattern DETERMINER = Pattern.compile("^\\s+(?:(?:the|a|an|its|their)\\s+)?");

    private SecondVerb() {
    }

    /**
     * Where in {@code bridge} (the words between the first mention and the second) the second verb starts, or -1: a
     * forward cue verb of the lexicon after a coordinator, another cue verb before it, and only a determiner and
     * modifiers of the second mention after it.
     */
    static int start(String bridge) {
        String lower = bridge.toLowerCase(Locale.ROOT);
        List<CueMatch> verbs = CueLexicon.DEFAULT.find(lower).stream()
                .filter(m -> m.cue().kind() == Cue.Kind.VERB && m.cue().orientation() == Cue.Orientation.FORWARD)
                .toList();
        if (verbs.size() < 2) {
            return -1;
        }
        CueMatch second = verbs.getLast();
        String after = lower.substring(second.end());
        var determiner = DETERMINER.matcher(after);
        boolean nothingElse = after.isBlank() || determiner.find() && EndValence.modifiers(after.substring(
                determiner.end()));
        return nothingElse && COORDINATOR.matcher(lower.substring(0, second.start())).find() ? second.start() : -1;
    }
}
