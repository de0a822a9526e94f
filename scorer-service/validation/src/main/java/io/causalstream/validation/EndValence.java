package io.causalstream.validation;

import io.causalstream.text.Tokens;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The change words written on the ends of a claim, outside the cue: "<i>lower</i> blood pressure reduces stroke
 * risk", "smoking causes a <i>loss of</i> lung function", "drought leads to crop <i>failure</i>". Each one turns its
 * end down, so it flips the sign the cue states: less blood pressure, less stroke risk is blood pressure INCREASE
 * stroke risk. The node label is what the sign is about; a change word inside the matched label ("lower blood
 * pressure" as the label) is the label's own and flips nothing.
 */
final class EndValence {

    /**
     * The past participles of the cue lexicon's decrease verbs ("reduced", "hampered", "eroded"): as adjectives they
     * say the concept after them went down ("eroded soil fertility"). Taken from the lexicon so that a verb it learns
     * is also read here.
     */
    private static final List<String> DECREASE_PARTICIPLES = CueLexicon.DEFAULT.cues().stream()
            .filter(c -> c.kind() == Cue.Kind.VERB && c.orientation() == Cue.Orientation.FORWARD
                    && c.sign() == Cue.Sign.DECREASE)
            .flatMap(c -> c.forms().stream()).filter(f -> f.endsWith("ed") && !f.contains(" ")).toList();
    /** Participles of decrease verbs that the cue lexicon does not hold. */
    private static final List<String> OTHER_PARTICIPLES = List.of("depleted", "degraded", "interrupted");
    /** Adjectives and nouns (with their preposition) that turn the concept after them down. */
    private static final String DOWN_BEFORE = "lower|low|less|fewer|declining|smaller|weaker|falling|shrinking"
            + "|poorer|poor|scarce|insufficient|inadequate"
            + "|worse|worsening|deteriorating|" + String.join("|", OTHER_PARTICIPLES) + "|"
            + String.join("|", DECREASE_PARTICIPLES)
            + "|(?:lack|loss|losses|absence|shortage|scarcity|depletion|erosion|decline|declines|drop|drops|fall"
            + "|falls|reduction|reductions|decrease|decreases|cut|cuts|deficiency|deficiencies|insufficiency"
            + "|inadequacy|rarity|destruction|collapse)\\s+(?:of|in)|disruptions?\\s+(?:of|to)";
    /**
     * Words that also are verbs ("statins lower cholesterol"): a modifier only after a function word or a break.
     * Every participle is one ("drought reduced yields").
     */
    private static final Set<String> ALSO_VERBS = Stream.of(Stream.of("lower", "worsening", "cut", "cuts", "falls",
                    "drops", "declines", "decreases"), OTHER_PARTICIPLES.stream(), DECREASE_PARTICIPLES.stream())
            .flatMap(w -> w).collect(Collectors.toUnmodifiableSet());
    /**
     * Between the change word and the mention: determiners, words that name an amount of the concept ("levels of",
     * "access to"), and up to two modifiers of the noun phrase the mention heads or lies in ("lack of farm credit",
     * "a lower daily energy supply"); a modifier is no function word.
     */
    private static final Pattern BEFORE = Pattern.compile("(?<![\\w-])(" + DOWN_BEFORE + ")\\s+"
            + "(?:(?:the|a|an|its|their|levels?\\s+of|rates?\\s+of|amounts?\\s+of|numbers?\\s+of|access\\s+to"
            + "|availability\\s+of|suppl(?:y|ies)\\s+of)\\s+)*((?:[\\p{L}][\\p{L}-]*\\s+){0,2})$");
    private static final Pattern LAST_WORD = Pattern.compile("([\\p{L}\\p{N}'-]+)\\s*$");
    /** Nouns that, right after a concept, name its going down: "weight loss", "crop failure", "job cuts". */
    private static final Pattern AFTER = Pattern.compile("^\\s*(loss|losses|decline|declines|reduction|reductions"
            + "|decrease|decreases|shortage|shortages|deficit|deficits|deficiency|deficiencies|depletion|erosion"
            + "|failure|failures|cuts)(?![\\w-])");

    private EndValence() {
    }

    /**
     * The change word at the end of {@code before} (lower case: the text right before a mention), unless
     * {@code counted} (the cue check's own polarity words) already reads it; null when there is none.
     */
    static String before(String before, Predicate<String> counted) {
        Matcher m = changeBefore(before, counted);
        return m == null ? null : m.group(1).replaceAll("\\s+", " ");
    }

    /** Where in {@code before} the change word that {@link #before} reads (counting none) starts, or -1. */
    static int beforeStart(String before) {
        Matcher m = changeBefore(before, w -> false);
        return m == null ? -1 : m.start(1);
    }

    private static Matcher changeBefore(String before, Predicate<String> counted) {
        String lower = before.toLowerCase(Locale.ROOT);
        Matcher m = BEFORE.matcher(lower);
        if (!m.find()) {
            return null;
        }
        String word = m.group(1).replaceAll("\\s+", " ");
        if (counted.test(word) || !modifiers(m.group(2))) {
            return null;
        }
        if (ALSO_VERBS.contains(word)) {
            Matcher previous = LAST_WORD.matcher(lower.substring(0, m.start(1)));
            // "statins lower cholesterol": after a content word it is the verb of another claim
            if (previous.find() && previous.end() == m.start(1) - whitespace(lower, m.start(1))
                    && !Tokens.STOP_WORDS.contains(previous.group(1)) && !"with".equals(previous.group(1))) {
                return null;
            }
        }
        return m;
    }

    /** Whether each word is a possible modifier: no function word, no causal cue ("lower rents raise"). */
    static boolean modifiers(String words) {
        for (String w : words.strip().split("\\s+")) {
            if (!w.isEmpty() && (Tokens.STOP_WORDS.contains(w) || !CueLexicon.DEFAULT.find(w).isEmpty())) {
                return false;
            }
        }
        return true;
    }

    /** The change noun at the start of {@code after} (the text right after a mention), unless already counted. */
    static String after(String after, Predicate<String> counted) {
        Matcher m = AFTER.matcher(after.toLowerCase(Locale.ROOT));
        return m.find() && !counted.test(m.group(1)) ? m.group(1) : null;
    }

    private static final Pattern NEGATING_PREFIX = Pattern.compile("^(?:in|un|non-?|dis|im|ir|il)(.+)$");

    /**
     * The word of the passage's mention that is the negated form of a word of the label ("insecurity" where the
     * label says "food security", "unemployment" for "employment"): the text speaks of less of the label's concept.
     * Null when there is none, or when the label itself has that word.
     */
    static String negatedForm(String label, String mention) {
        Set<String> labelWords = new java.util.HashSet<>();
        for (var t : Tokens.of(label)) {
            labelWords.add(t.lower());
        }
        for (var w : Tokens.of(mention)) {
            Matcher m = NEGATING_PREFIX.matcher(w.lower());
            if (!labelWords.contains(w.lower()) && m.matches() && m.group(1).length() >= 4
                    && labelWords.contains(m.group(1))) {
                return w.lower();
            }
        }
        return null;
    }

    private static int whitespace(String s, int end) {
        int n = 0;
        while (end - n - 1 >= 0 && Character.isWhitespace(s.charAt(end - n - 1))) {
            n++;
        }
        return n;
    }
}
