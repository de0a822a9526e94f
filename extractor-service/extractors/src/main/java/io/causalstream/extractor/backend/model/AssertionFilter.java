package io.causalstream.extractor.backend.model;

import io.causalstream.extractor.backend.rules.Polarity;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import io.causalstream.text.cues.Negation;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What the words of a sentence say about a pair the relation head linked, when they say it asserts nothing causal
 * (the annotation rules: an association, a negated or refuted relation, an open question gives no triple). The head
 * reads meaning from the encoder and links "was associated with" or "did not reduce" as readily as "reduces"; these
 * are the written forms that undo such a link whatever the head read. Stateless.
 */
public final class AssertionFilter {

    /** An association or a correlation, which states no direction of causation. */
    private static final Pattern ASSOCIATION = Pattern.compile(
            "(?<![\\w-])(?:(?:associated|correlated|correlates?|associates?|linked|covar(?:y|ies|ied))"
            + "(?:\\s+(?:positively|negatively|inversely|strongly|weakly|significantly))?\\s+with"
            + "|covar(?:y|ies|ied)|correlation|association|(?:tend|tends|tended)\\s+to"
            + "|(?:more|less)\\s+likely\\s+(?:to|than))(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A statement of no effect: "had no measurable effect on", "failed to", "did not". */
    private static final Pattern NO_EFFECT = Pattern.compile(
            "(?<![\\w-])(?:no\\s+(?:[\\w-]+\\s+){0,2}(?:effect|impact|influence|change|difference)"
            + "|failed\\s+to|did\\s+not|does\\s+not|do\\s+not|didn['’]t|doesn['’]t|don['’]t|without)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** An open question: a question, or "whether ... remains unclear / an open question". */
    private static final Pattern OPEN_QUESTION = Pattern.compile(
            "\\?\\s*$|^\\s*whether\\s|(?<![\\w-])(?:remains?|is|are)\\s+(?:still\\s+)?(?:an?\\s+)?"
            + "(?:open|unanswered|unresolved|unclear|unknown)(?![\\w-])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** "and", maybe an adverb, then the next verb: the words after a conjoined verb share the first one's subject. */
    private static final Pattern CONJOINED_VERB = Pattern.compile(
            "^\\s*,?\\s*(?:and|or|but)\\s+(?:(?:also|then|thereby|further|even|[\\w-]+ly)\\s+)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** A preposition alone between two mentions: "tariffs on steel" is one concept, not two. */
    private static final Pattern ONLY_A_PREPOSITION = Pattern.compile(
            "\\s*(?:of|on|in|for|to|at|from|with|among|about|over|under|within|across|between)\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /**
     * A coordinator alone between two mentions, maybe with the second one's change word (group 1): "power outages and
     * rising insurance claims" lists two objects, it links neither to the other.
     */
    private static final Pattern ONLY_A_COORDINATOR = Pattern.compile(
            "\\s*(?:,\\s*(?:and|or)?|and|or|as well as)\\s*(?:([\\p{L}-]+)\\s*)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** Whether the sentence asks or leaves open what it says ("Could X reduce Y?", "Whether X ... remains open"). */
    public static boolean openQuestion(String sentence) {
        return OPEN_QUESTION.matcher(sentence.strip()).find();
    }

    /**
     * Whether the words between the two mentions (in either order) keep the pair from being a claim: an association
     * ("X was associated with lower Y"), a statement of no effect or a negated cue ("X did not reduce Y", "X had no
     * effect on Y"), a denial before the cue ("there is no evidence that X causes Y"), or a conjoined verb after the
     * first mention ("S raises X and reduces Y": X is the object of the first verb, S the subject of both, so X -> Y
     * is no claim); a coordinator alone ("S caused X and higher Y": a list).
     */
    public static boolean unasserted(String sentence, ConceptSpan cause, ConceptSpan effect) {
        ConceptSpan first = cause.start() <= effect.start() ? cause : effect;
        ConceptSpan second = first == cause ? effect : cause;
        if (first.end() > second.start()) {
            return false;
        }
        String bridge = sentence.substring(first.end(), second.start());
        if (ASSOCIATION.matcher(bridge).find() || NO_EFFECT.matcher(bridge).find()) {
            return true;
        }
        List<CueMatch> cues = CueLexicon.DEFAULT.find(bridge);
        for (CueMatch m : cues) {
            if (Negation.negates(bridge.substring(0, m.start()))
                    || Negation.denied(sentence.substring(0, first.end() + m.start()))) {
                return true;
            }
        }
        if (ONLY_A_PREPOSITION.matcher(bridge).matches()) {
            return true;
        }
        var listed = ONLY_A_COORDINATOR.matcher(bridge);
        if (listed.matches() && (listed.group(1) == null || Polarity.isChangeModifier(listed.group(1)))) {
            return true;
        }
        if (cause.start() > effect.start() && !cues.isEmpty()
                && cues.stream().allMatch(m -> m.cue().orientation() == Cue.Orientation.FORWARD)) {
            return true;
        }
        var conjoined = CONJOINED_VERB.matcher(bridge);
        return conjoined.find() && !cues.isEmpty() && cues.getFirst().start() == conjoined.end()
                && cues.getFirst().cue().kind() == Cue.Kind.VERB;
    }

    private AssertionFilter() {
    }
}
