package io.causalstream.text.cues;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two causal clauses between two mentions: "Drought reduces crop yields, <i>and lower yields raise</i> food prices",
 * "Higher rates reduce borrowing, <i>which lowers</i> spending". The text links drought and food prices only through
 * a middle concept: no cue there is a claim about that pair (annotation guideline 4 leaves such transitive edges
 * out), and the sign of the whole chain is not what either cue says.
 *
 * <p>The first and the last cue of the text between the mentions belong to two clauses when a relative pronoun, a
 * semicolon or a sentence end stands between them, or a comma / "and" / "so" followed by words of a new subject
 * before the last cue ("…, and lower yields raise"). "Tourism raises incomes and lowers unemployment" is one
 * subject with two verbs: no chain. Read by the model extractor's decoding and the validator's cue check, with the
 * one {@link CueLexicon}; the validator adds the weaker cue verbs it reads.
 */
public final class ClauseChain {

    private static final Pattern CLAUSES_APART = Pattern.compile(
            "(?<![\\w-])(?:which|that|who|whereby)(?![\\w-])|[;.!?]", Pattern.CASE_INSENSITIVE);
    private static final Pattern BOUNDARY = Pattern.compile(
            ",|(?<![\\w-])(?:and|so|thus|therefore|then)(?![\\w-])", Pattern.CASE_INSENSITIVE);
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    /** A cue found in the text: where it is and how it reads. */
    public record Found(int start, int end, String form) {
    }

    /** The chain's first and last cue ("'reduces' ... 'raise'") when {@code bridge} is two clauses; else empty. */
    public static Optional<String> in(String bridge) {
        return in(bridge, found(CueLexicon.DEFAULT.find(bridge)));
    }

    /** The lexicon's matches as cues for {@link #in(String, List)}. */
    public static List<Found> found(List<CueMatch> matches) {
        return matches.stream().map(m -> new Found(m.start(), m.end(), m.form())).toList();
    }

    /**
     * The same, reading {@code cues}: every cue found in {@code bridge} (a checker adds the weaker verbs it reads to
     * the lexicon's).
     */
    public static Optional<String> in(String bridge, List<Found> cues) {
        if (cues.isEmpty()) {
            return Optional.empty();
        }
        Found first = cues.getFirst();
        Found last = cues.getFirst();
        for (Found c : cues) {
            if (c.end() < first.end()) {
                first = c;
            }
            if (c.start() > last.start()) {
                last = c;
            }
        }
        if (last.start() < first.end()) {
            return Optional.empty();
        }
        String between = bridge.substring(first.end(), last.start());
        boolean twoClauses = CLAUSES_APART.matcher(between).find();
        if (!twoClauses) {
            Matcher boundary = BOUNDARY.matcher(between);
            int after = -1;
            while (boundary.find()) {
                after = boundary.end();
            }
            twoClauses = after >= 0 && WORD.matcher(between.substring(after)).find();
        }
        return twoClauses ? Optional.of("'" + first.form().strip() + "' ... '" + last.form().strip() + "'")
                : Optional.empty();
    }

    private ClauseChain() {
    }
}
