package io.causalstream.validation;

import io.causalstream.text.Tokens;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An end of an edge coordinated with another mention: "The drought hampered crop yields <i>and</i> farm incomes",
 * "Heat <i>and</i> drought reduce grain set". The relation head reads the claim between a subject and its first
 * object and gives a second conjunct little of it (drought -> farm incomes: P(link) 0.05); the sentence without the
 * other conjunct and its coordinator ("The drought hampered farm incomes", "Heat reduce grain set") states the pair
 * alone, as the extractor's decoding gives every conjunct the claim ({@code CoordinatedMentions}).
 */
final class Conjunct {

    /** A coordinator closing the text (group 1, its spaces included), maybe with a change word of the next mention. */
    private static final Pattern COORDINATOR_AT_END = Pattern.compile(
            "((?:,\\s*(?:and|or)|\\s(?:and|or)|,)\\s+)(?:[\\p{L}-]+\\s+)?$");
    /** A coordinator opening the text, then the other conjunct's words. */
    private static final Pattern COORDINATOR_AT_START = Pattern.compile("^\\s*,?\\s*(?:and|or)\\s+");
    /** The whole text before the source: one to five words, then a coordinator. */
    private static final Pattern CONJUNCT_BEFORE = Pattern.compile(
            "^\\s*(?:[\\p{L}'-]+\\s+){0,4}[\\p{L}'-]+\\s*(?:,\\s*(?:and|or)?|\\s(?:and|or))\\s+$");
    /**
     * A preposition in the other objects: what comes before it may be shared by the target too ("elevated risk of
     * <u>illness and</u> malnutrition"), so the objects are left as written.
     */
    private static final Pattern PREPOSITION = Pattern.compile("\\b(?:of|in|on|for|to|from|with|by|at|among)\\b");
    /** The most words the other conjunct (or a list of them) may have. */
    private static final int WORDS = 8;

    private Conjunct() {
    }

    /**
     * The characters {@code [start, end)} of the sentence to read it without, for the pair (source at
     * {@code [s0, s1)}, target at {@code [t0, t1)}, source first), or null: the other objects of the verb before
     * the target ("hampered <u>crop yields and</u> farm incomes"; none with a preposition, whose phrase the target may
     * share), the other cause after the source ("Heat <u>and drought</u> reduce"), or the other cause that opens the
     * sentence before it, no cue among its words ("<u>Heat and</u> drought reduce").
     */
    static int[] cut(String sentence, int s0, int s1, int t0) {
        String bridge = sentence.substring(s1, t0).toLowerCase(Locale.ROOT);
        List<CueMatch> verbs = new java.util.ArrayList<>();
        for (CueMatch m : CueLexicon.DEFAULT.find(bridge)) {
            // after the verb, a cue after a content word is a noun of its objects ("reduced crop yields")
            if (m.cue().kind() != Cue.Kind.VERB || m.cue().orientation() != Cue.Orientation.FORWARD
                    || !verbs.isEmpty() && inANounPhrase(bridge, m)) {
                continue;
            }
            // a verb form right after the verb is its object's change word ("led to reduced harvests")
            if (verbs.isEmpty() || !bridge.substring(verbs.getLast().end(), m.start()).isBlank()) {
                verbs.add(m);
            }
        }
        if (verbs.size() != 1) {
            return null;
        }
        CueMatch verb = verbs.getFirst();
        Matcher end = COORDINATOR_AT_END.matcher(bridge);
        if (end.find() && end.start() > verb.end() && words(bridge.substring(verb.end(), end.start()))
                && !PREPOSITION.matcher(bridge.substring(verb.end(), end.start())).find()) {
            // keep the verb, its space and what follows the coordinator (the target's change word)
            return new int[] {s1 + verb.end() + 1, s1 + end.end(1)};
        }
        Matcher start = COORDINATOR_AT_START.matcher(bridge);
        if (start.find() && verb.start() > start.end() && words(bridge.substring(start.end(), verb.start()))) {
            return new int[] {s1, s1 + verb.start() - 1};
        }
        String before = sentence.substring(0, s0);
        if (CONJUNCT_BEFORE.matcher(before).matches() && CueLexicon.DEFAULT.find(before).isEmpty()) {
            return new int[] {0, s0};
        }
        return null;
    }

    /**
     * Whether {@code text} is one to {@link #WORDS} words of a noun phrase or a list of them: no cue but a change word
     * that opens it ("reduced harvests").
     */
    private static boolean words(String text) {
        String t = text.strip();
        return !t.isEmpty() && t.split("[\\s,]+").length <= WORDS && !t.matches(".*[.;:()].*")
                && CueLexicon.DEFAULT.find(t).stream().allMatch(m -> m.start() == 0 || inANounPhrase(t, m));
    }

    /** A word before the match that is no function word: a noun's ("crop <u>yields</u>"), not a verb. */
    private static final Pattern WORD_BEFORE = Pattern.compile("(\\p{L}+)\\s+$");

    /** Whether the cue is a noun of a noun phrase ("crop yields", "the fare increases"): a content word right before. */
    private static boolean inANounPhrase(String text, CueMatch m) {
        Matcher before = WORD_BEFORE.matcher(text.substring(0, m.start()));
        return before.find() && !Tokens.STOP_WORDS.contains(before.group(1).toLowerCase(Locale.ROOT));
    }
}
