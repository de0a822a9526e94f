package io.causalstream.extractor.backend.rules;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import io.causalstream.text.cues.Negation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds the causal claims of one tagged sentence with cue rules:
 * <ol>
 *   <li>find the cues of the lexicon;</li>
 *   <li>keep the cues used as verbs or connectives: a verb cue must be tagged as a verb, and a cue form right after
 *       a determiner or a preposition ("an increase in"), right after another cue ("leads to increased"), opening
 *       its clause ("Increased temperatures ...") or qualifying a noun after a verb ("face increasing risk") is
 *       part of a phrase;</li>
 *   <li>the clause around a kept cue (up to clause punctuation or connectors, another kept cue, the sentence start
 *       or end) bounds the cause and the effect; inside it, the noun phrases next to the cue name them
 *       ({@link NounPhrases}), split into one node per coordinated concept; a change word moves from a node
 *       into the direction ({@link Polarity}: "leads to reduced yields" is a DECREASE of "yields");</li>
 *   <li>a negated cue asserts nothing ({@link Negation}); a forward cue followed by a preposition or an adverb is
 *       used without an object ("yields increased in 2020") and asserts nothing either;</li>
 *   <li>a leading connective ("Due to X, Y ...") takes the subject of the clause after the comma as the effect;</li>
 *   <li>a verb coordinated with the previous one ("drought reduces yields and raises prices") shares its subject;
 *       a gerund after a comma ("..., leading to conflicts") takes the previous effect as its cause.</li>
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

    private static final Set<String> AUXILIARIES = Set.of("is", "are", "was", "were", "be", "been", "being", "am",
            "has", "have", "had", "having", "do", "does", "did", "'s", "'re", "'ve");

    private static final Pattern COORDINATED = Pattern.compile("(?<![\\w-])(?:and|or)\\s*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern RELATIVE = Pattern.compile(",\\s*(?:which|that)\\s*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SUBJECT_PRONOUN = Pattern.compile(
            "\\s*(?:and\\s+|so\\s+)?(?:it|they)(?:\\s+(?:also|then|can|could|may|might|will|would|often))?\\s*",
            Pattern.CASE_INSENSITIVE);
    /** "Sharply reduced funding ...": a change word after a clause-opening adverb modifies the subject. */
    private static final Pattern LEADING_ADVERB = Pattern.compile("\\s*(?:and\\s+)?\\p{L}+ly\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** "X does not only disrupt Y <i>but also</i> creates Z": the verb after "but also" shares X. */
    private static final Pattern CONTINUED = Pattern.compile("\\s*(?:also|too)?\\s*", Pattern.CASE_INSENSITIVE);
    private static final Pattern BUT = Pattern.compile("(?<![\\w-])but\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern FIRST_WORD = Pattern.compile("^\\s*([\\p{L}-]+)");

    private final CueLexicon lexicon;

    CausalSentenceParser(CueLexicon lexicon) {
        this.lexicon = lexicon;
    }

    List<CausalClaim> parse(TaggedSentence tagged) {
        String sentence = tagged.text();
        PhraseBoundaries clauses = PhraseBoundaries.of(sentence);
        List<CueMatch> cues = connectiveCues(tagged, clauses);
        PhraseBoundaries boundaries = clauses.withCues(cues);
        NounPhrases phrases = new NounPhrases(tagged);

        List<CausalClaim> claims = new ArrayList<>();
        CueMatch previous = null;
        List<String> previousCauses = List.of();
        List<String> previousEffects = List.of();
        List<String> previousLeft = List.of();
        List<String> previousRight = List.of();
        for (CueMatch cue : cues) {
            int leftStart = boundaries.phraseStartBefore(cue.start());
            int rightEnd = boundaries.phraseEndAfter(cue.end());
            String left = sentence.substring(leftStart, cue.start());
            String right = sentence.substring(cue.end(), rightEnd);
            List<String> leftNodes = phrases.before(leftStart, cue.start(), cue.cue().kind() == Cue.Kind.NOUN);
            List<String> rightNodes = phrases.after(cue.end(), rightEnd);
            List<String> causes;
            List<String> effects;
            boolean chainFlips = false;
            if (cue.cue().orientation() == Cue.Orientation.FORWARD) {
                boolean sharesSubject = previous != null && previous.cue().orientation() == Cue.Orientation.FORWARD
                        && (COORDINATED.matcher(left).find() && (leftStart == previous.end()
                                || PhraseTrimmer.trim(left).isEmpty())
                            || CONTINUED.matcher(left).matches()
                                && BUT.matcher(sentence.substring(0, leftStart)).find());
                boolean continues = cue.cue().gerund(cue.form()) && PhraseTrimmer.trim(left).isEmpty()
                        && !previousEffects.isEmpty() && sentence.substring(0, cue.start()).stripTrailing()
                        .matches("(?s).*[,;](?:\\s*(?:thus|thereby|hence|so|in turn))?$");
                causes = sharesSubject ? previousCauses : continues ? previousEffects : leftNodes;
                if (causes.isEmpty() && previous != null) {
                    causes = pronounSubject(sentence, leftStart, left, previousLeft, previousRight);
                    // "X curbs Y, which lowers Z": "which" is the curbing of Y, so less Y lowers Z (Y INCREASE Z)
                    chainFlips = relativeSubject(sentence, leftStart, left)
                            && previous.cue().sign() == Cue.Sign.DECREASE;
                }
                effects = hasObject(right) ? rightNodes : List.of();
            } else {
                causes = rightNodes;
                effects = leftNodes;
                if (leftNodes.isEmpty() && PhraseTrimmer.trim(left).isEmpty() && rightEnd < sentence.length()
                        && sentence.charAt(rightEnd) == ',') {
                    // "Due to low rainfall, pasture growth slowed": the effect is the next clause's subject
                    effects = phrases.after(rightEnd + 1, boundaries.phraseEndAfter(rightEnd + 1));
                }
            }
            previous = cue;
            previousCauses = causes;
            previousEffects = effects;
            boolean forward = cue.cue().orientation() == Cue.Orientation.FORWARD;
            previousLeft = forward ? causes : effects;
            previousRight = forward ? effects : causes;
            // A negated cue still bounds the phrases around it, but asserts no link in either direction; so does a
            // cue inside a denied clause ("There is no evidence that vaccination causes autism").
            String before = sentence.substring(0, cue.start());
            if (Negation.negates(before) || Negation.denied(before)) {
                continue;
            }
            for (String cause : causes) {
                for (String effect : effects) {
                    Polarity.Node c = Polarity.of(cause);
                    Polarity.Node e = Polarity.of(effect);
                    if (!c.name().isEmpty() && !e.name().isEmpty() && !c.name().equalsIgnoreCase(e.name())) {
                        Direction said = Polarity.combine(Polarity.direction(cue.cue().signFor(e.name())), c, e);
                        claims.add(new CausalClaim(c.name(), e.name(), chainFlips ? Polarity.flip(said) : said));
                    }
                }
            }
        }
        return claims;
    }

    /**
     * The subject of a clause whose subject is a pronoun, within one sentence: "X doesn't lead to Y, but <i>it</i>
     * increases Z" (it, they: the previous clause's subject), "X reduces Y, <i>which</i> lowers Z" (a relative
     * pronoun: the phrase right before it, the previous cue's object).
     */
    private static List<String> pronounSubject(String sentence, int leftStart, String left, List<String> previousLeft,
                                               List<String> previousRight) {
        String subject = left.strip().toLowerCase(Locale.ROOT).replaceAll("^(?:and|so|thus|then|also)\\s+", "")
                .replaceAll("\\s+(?:also|then|in turn|further|can|could|may|might|will|would|often)$", "");
        if (subject.equals("it") || subject.equals("they")) {
            return previousLeft;
        }
        if (relativeSubject(sentence, leftStart, left)) {
            return previousRight;
        }
        return List.of();
    }

    /** Whether the clause before a cue is only a relative pronoun after a comma (", which lowers Z"). */
    private static boolean relativeSubject(String sentence, int leftStart, String left) {
        return left.isBlank() && RELATIVE.matcher(sentence.substring(0, leftStart)).find();
    }

    /** The cues used as verbs or connectives (rule 2 above), in sentence order. */
    private List<CueMatch> connectiveCues(TaggedSentence tagged, PhraseBoundaries clauses) {
        String sentence = tagged.text();
        List<CueMatch> kept = new ArrayList<>();
        CueMatch previous = null;
        CueMatch previousKept = null;
        for (CueMatch cue : lexicon.find(sentence)) {
            boolean afterCue = previous != null && sentence.substring(previous.end(), cue.start()).isBlank();
            String clauseBefore = sentence.substring(clauses.phraseStartBefore(cue.start()), cue.start());
            int clauseStart = clauses.phraseStartBefore(cue.start());
            boolean pronounSubject = SUBJECT_PRONOUN.matcher(clauseBefore).matches()
                    || clauseBefore.isBlank() && RELATIVE.matcher(sentence.substring(0, clauseStart)).find();
            // "Roads boost trade, and raise incomes": a finite verb after ", and" continues the previous predicate
            boolean coordinatedPredicate = previousKept != null
                    && previousKept.cue().orientation() == Cue.Orientation.FORWARD
                    && (COORDINATED.matcher(clauseBefore).find() || CONTINUED.matcher(clauseBefore).matches()
                        && BUT.matcher(sentence.substring(0, clauses.phraseStartBefore(cue.start()))).find())
                    && PhraseTrimmer.trim(clauseBefore).isEmpty() && finiteVerb(tagged, cue);
            // "Due to drought, ..." opens its sentence and still states a cause (rule 6)
            boolean leadingConnective = cue.cue().orientation() == Cue.Orientation.BACKWARD
                    && cue.cue().kind() == Cue.Kind.CONNECTIVE && !cue.form().endsWith(" by");
            boolean opensClause = !coordinatedPredicate && !leadingConnective
                    && (PhraseTrimmer.trim(clauseBefore).isEmpty()
                    || LEADING_ADVERB.matcher(clauseBefore).matches()) && !cue.cue().gerund(cue.form())
                    && !pronounSubject;
            boolean nominal = cue.cue().kind() != Cue.Kind.NOUN && NOMINAL_MARKER.matcher(clauseBefore).find();
            if (!afterCue && !opensClause && !nominal && usedAsVerb(tagged, cue)) {
                kept.add(cue);
                previousKept = cue;
            }
            previous = cue;
        }
        return kept;
    }

    /**
     * A verb cue must be tagged as a verb; a participle right after a full verb modifies that verb's object
     * ("continue to face increasing risk") rather than stating a cause.
     */
    private static boolean usedAsVerb(TaggedSentence tagged, CueMatch cue) {
        if (cue.cue().kind() != Cue.Kind.VERB || cue.form().contains(" ")) {
            return true; // "leads to", "results in": unambiguous, whatever the tagger says (it trips on capitals)
        }
        int i = tagged.tokenAtOrAfter(cue.start());
        if (i >= tagged.size()) {
            return false;
        }
        String tag = tagged.pos()[i];
        if (!tag.startsWith("VB")) {
            // the tagger often reads "rainfall limits growth" as a noun compound: a third-person form between two
            // noun phrase words is the verb
            return cue.form().endsWith("s") && i > 0 && i + 1 < tagged.size()
                    && (tagged.pos()[i - 1].startsWith("NN") || tagged.pos()[i - 1].equals("JJ"))
                    && (tagged.pos()[i + 1].startsWith("NN") || tagged.pos()[i + 1].equals("JJ")
                    || tagged.pos()[i + 1].equals("DT"));
        }
        if ((tag.equals("VBG") || tag.equals("VBN")) && i > 0 && tagged.pos()[i - 1].startsWith("VB")
                && !AUXILIARIES.contains(tagged.token(i - 1).toLowerCase(Locale.ROOT))) {
            return false; // "continue to face increasing risk": the participle qualifies the object
        }
        return true;
    }

    /** A single-word cue tagged as a present-tense or base verb (not a participle that may modify a noun). */
    private static boolean finiteVerb(TaggedSentence tagged, CueMatch cue) {
        int i = tagged.tokenAtOrAfter(cue.start());
        return i < tagged.size() && !cue.form().contains(" ")
                && (tagged.pos()[i].equals("VB") || tagged.pos()[i].equals("VBP") || tagged.pos()[i].equals("VBZ"));
    }

    private static boolean hasObject(String textAfterVerb) {
        var m = FIRST_WORD.matcher(textAfterVerb);
        return m.find() && !NO_OBJECT.contains(m.group(1).toLowerCase(Locale.ROOT));
    }

    /** The released data's convention: a cue that only says "causes" is read as an increase. */}
