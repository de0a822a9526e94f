package io.causalstream.extractor.backend.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds the causal claims of one sentence with cue rules:
 * <ol>
 *   <li>find the cues of the lexicon;</li>
 *   <li>keep the cues used as verbs or connectives: a cue form right after a determiner or a preposition ("an
 *       increase in"), right after another cue ("leads to increased"), or opening its clause ("Increased
 *       temperatures ...") is a noun or an adjective, part of a phrase;</li>
 *   <li>the phrases on both sides of a kept cue, up to the nearest boundary (clause punctuation or connector,
 *       another kept cue, the sentence start or end), trimmed of function words, are the cause and the effect;</li>
 *   <li>a negated cue asserts nothing ({@link Negation}); a forward cue followed by a preposition or an adverb is
 *       used without an object ("yields increased in 2020") and asserts nothing either;</li>
 *   <li>a verb coordinated with the previous one ("drought reduces yields and raises prices") shares its
 *       subject.</li>
 * </ol>
 */
final class CausalSentenceParser {

    /** The word before a cue form that makes the form a noun or an adjective. */
    private static final Pattern NOMINAL_MARKER = Pattern.compile(
            "(?<![\\w-])(?:the|a|an|its|their|his|her|our|your|this|these|those|of|in|on|at|by|for|with|from|into"
            + "|any|no|some|more|less|such)\\s*$", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A word that, right after a verb, shows that the verb has no object. */
    private static final Set<String> NO_OBJECT = Set.of(
            "in", "on", "at", "with", "over", "during", "from", "to", "for", "since", "after", "before", "by",
            "among", "across", "through", "throughout", "under", "within", "between", "until", "of", "as", "than",
            "when", "if", "sharply", "significantly", "substantially", "considerably", "greatly", "slightly",
            "steadily", "rapidly", "dramatically", "markedly", "strongly");

    private static final Pattern COORDINATED = Pattern.compile("(?<![\\w-])(?:and|or)\\s*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern FIRST_WORD = Pattern.compile("^\\s*([\\p{L}-]+)");

    private final CueLexicon lexicon;

    CausalSentenceParser(CueLexicon lexicon) {
        this.lexicon = lexicon;
    }

    List<CausalClaim> parse(String sentence) {
        PhraseBoundaries clauses = PhraseBoundaries.of(sentence);
        List<CueMatch> cues = connectiveCues(sentence, clauses);
        PhraseBoundaries boundaries = clauses.withCues(cues);

        List<CausalClaim> claims = new ArrayList<>();
        CueMatch previous = null;
        String previousCause = null;
        for (CueMatch cue : cues) {
            int leftStart = boundaries.phraseStartBefore(cue.start());
            String left = sentence.substring(leftStart, cue.start());
            String right = sentence.substring(cue.end(), boundaries.phraseEndAfter(cue.end()));
            String cause;
            String effect;
            if (cue.cue().orientation() == CuePattern.Orientation.FORWARD) {
                boolean sharesSubject = previous != null && leftStart == previous.end()
                        && previous.cue().orientation() == CuePattern.Orientation.FORWARD
                        && COORDINATED.matcher(left).find();
                cause = sharesSubject ? previousCause : PhraseTrimmer.trim(left);
                effect = hasObject(right) ? PhraseTrimmer.trim(right) : "";
                previousCause = cause;
            } else {
                cause = PhraseTrimmer.trim(right);
                effect = PhraseTrimmer.trim(left);
                previousCause = null;
            }
            previous = cue;
            // A negated cue still bounds the phrases around it, but asserts no link in either direction.
            if (Negation.negates(sentence.substring(0, cue.start()))) {
                continue;
            }
            if (cause != null && !cause.isEmpty() && !effect.isEmpty()) {
                claims.add(new CausalClaim(cause, effect, cue.cue().direction()));
            }
        }
        return claims;
    }

    /** The cues used as verbs or connectives (rule 2 above), in sentence order. */
    private List<CueMatch> connectiveCues(String sentence, PhraseBoundaries clauses) {
        List<CueMatch> kept = new ArrayList<>();
        CueMatch previous = null;
        for (CueMatch cue : lexicon.find(sentence)) {
            boolean afterCue = previous != null && sentence.substring(previous.end(), cue.start()).isBlank();
            String clauseBefore = sentence.substring(clauses.phraseStartBefore(cue.start()), cue.start());
            boolean opensClause = PhraseTrimmer.trim(clauseBefore).isEmpty();
            boolean nominal = NOMINAL_MARKER.matcher(clauseBefore).find();
            if (!afterCue && !opensClause && !nominal) {
                kept.add(cue);
            }
            previous = cue;
        }
        return kept;
    }

    private static boolean hasObject(String textAfterVerb) {
        var m = FIRST_WORD.matcher(textAfterVerb);
        return m.find() && !NO_OBJECT.contains(m.group(1).toLowerCase(Locale.ROOT));
    }
}
