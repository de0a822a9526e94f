package io.causalstream.extractor.backend.model;

import io.causalstream.extractor.backend.rules.Polarity;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A chain read over two sentences: "Drought lowers crop yields. This, in turn, raises food prices." The second
 * sentence's cause is an anaphor ("This", "These", "This decline", "The resulting shortage") or repeats a concept of
 * the sentence before ("Higher food prices"): the edge starts at that earlier concept (crop yields -> food prices),
 * never at the first cause, so the middle of the chain is kept. The relation head reads the second sentence's pair
 * as it reads any pair; this step only names its cause.
 * <ul>
 *   <li>A bare anaphor ({@link CandidateSpans} makes it a concept only when it opens a sentence) takes the effect
 *       read last in the sentence before; with none, the pair is dropped: a pronoun is no concept.</li>
 *   <li>An anaphor with a noun ("This decline", "These changes", "The resulting shortage") takes the same effect; a
 *       noun of decrease ("decline", "loss") reverses the sign, as a change word does ({@link Polarity}). With no
 *       effect before it, the span stands as written.</li>
 *   <li>A cause that, without its change word, names a concept of the sentence before ("higher prices" after
 *       "... raises food prices") takes that concept's label, so the chain has one node where it would have two.</li>
 * </ul>
 */
final class SentenceChain {

    /** How the cause of a second sentence's pair is named. */
    record Resolution(String label, boolean reversed, boolean dropped) {

        static final Resolution AS_WRITTEN = new Resolution(null, false, false);
        static final Resolution DROPPED = new Resolution(null, false, true);

        /** The cause's label: the antecedent's, or the span's own. */
        String labelOr(String written) {
            return label == null ? written : label;
        }
    }

    /** Pronouns that, opening a sentence, stand for what the sentence before said. */
    static final Set<String> BARE_ANAPHORS = Set.of("this", "these", "that", "which");
    /** Connectives that may open a sentence before its anaphor ("In turn, this ..."). */
    private static final Pattern OPENING = Pattern.compile(
            "(?i)^\\s*(?:(?:in turn|as a result|consequently|subsequently|thus|therefore|then)\\s*,?\\s*)?");
    private static final Pattern DEMONSTRATIVE = Pattern.compile("(?i)(?:this|that|these|those|such)\\s*");
    private static final Pattern RESULTING = Pattern.compile(
            "(?i)(?:(?:the|this|that|these|those)\\s+)?(?:resulting|ensuing|consequent|subsequent)\\s+(.+)");
    private static final Set<String> DECREASE_NOUNS = Set.of("decline", "declines", "drop", "drops", "fall", "falls",
            "reduction", "reductions", "decrease", "decreases", "loss", "losses", "shortage", "shortages", "cut",
            "cuts", "collapse", "depletion", "shrinkage", "slowdown", "downturn", "contraction", "deficit", "scarcity");

    /**
     * The name the cause of a pair of {@code sentence} takes.
     *
     * @param previous the concepts read in the sentence just before (its triples' causes and effects) in the order
     *                 they are written there, and which of them were effects
     */
    static Resolution resolve(String sentence, ConceptSpan cause, List<Concept> previous) {
        String opening = opening(sentence, cause);
        Concept antecedent = lastEffect(previous);
        if (bare(sentence, cause)) {
            return antecedent == null ? Resolution.DROPPED : new Resolution(antecedent.label(), false, false);
        }
        if (anaphor(sentence, cause)) {
            if (antecedent == null) {
                return Resolution.AS_WRITTEN;
            }
            var resulting = RESULTING.matcher(opening + cause.text());
            String noun = resulting.matches() ? resulting.group(1) : cause.text();
            String first = noun.strip().split("\\s+")[0].toLowerCase(Locale.ROOT);
            return new Resolution(antecedent.label(), DECREASE_NOUNS.contains(first), false);
        }
        String name = Polarity.of(cause.text()).name();
        for (int k = previous.size() - 1; k >= 0; k--) {
            Concept c = previous.get(k);
            if (!c.label().equalsIgnoreCase(cause.text()) && repeats(name, Polarity.of(c.label()).name())) {
                return new Resolution(c.label(), false, false);
            }
        }
        return Resolution.AS_WRITTEN;
    }

    /** Whether the span is a pronoun that opens the sentence ("This, in turn, ..."). */
    static boolean bare(String sentence, ConceptSpan span) {
        return opening(sentence, span).isBlank() && BARE_ANAPHORS.contains(span.text().toLowerCase(Locale.ROOT));
    }

    /**
     * Whether the span, opening the sentence, stands for what the sentence before said: a bare pronoun, or a noun
     * after a demonstrative ("This decline") or "resulting" ("The resulting shortage").
     */
    static boolean anaphor(String sentence, ConceptSpan span) {
        if (bare(sentence, span)) {
            return true;
        }
        String opening = opening(sentence, span);
        return DEMONSTRATIVE.matcher(opening).matches()
                || (opening.isBlank() || opening.strip().equalsIgnoreCase("the"))
                && RESULTING.matcher(opening + span.text()).matches();
    }

    /** The words before the span, without an opening connective ("In turn, "). */
    private static String opening(String sentence, ConceptSpan span) {
        return OPENING.matcher(sentence.substring(0, span.start())).replaceFirst("");
    }

    /** A concept read in a sentence: its label and whether it was an edge's effect. */
    record Concept(String label, boolean effect) {
    }

    private static Concept lastEffect(List<Concept> previous) {
        for (int k = previous.size() - 1; k >= 0; k--) {
            if (previous.get(k).effect()) {
                return previous.get(k);
            }
        }
        return null;
    }

    /**
     * Two names of one concept: the same head noun (their last words, a plural "s" aside), and every content word
     * of the shorter in the longer ("food prices" / "prices of food" do not match; "prices" / "food prices" do).
     */
    static boolean sameConcept(String a, String b) {
        List<String> x = words(a);
        List<String> y = words(b);
        if (x.isEmpty() || y.isEmpty() || !stem(x.getLast()).equals(stem(y.getLast()))) {
            return false;
        }
        List<String> shorter = x.size() <= y.size() ? x : y;
        Set<String> longer = new HashSet<>((x.size() <= y.size() ? y : x).stream().map(SentenceChain::stem).toList());
        return shorter.stream().map(SentenceChain::stem).allMatch(longer::contains);
    }

    /**
     * Whether a mention repeats a concept named before: one concept, and no word the earlier name lacks ("costs"
     * after "labour costs" does; "locally produced rice" after "rice" says more, and keeps its own name).
     */
    static boolean repeats(String mention, String earlier) {
        return sameConcept(mention, earlier) && words(mention).size() <= words(earlier).size();
    }

    private static List<String> words(String s) {
        return Arrays.stream(s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> !w.isEmpty() && !w.matches("the|a|an|of|its|their")).toList();
    }

    private static String stem(String w) {
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    private SentenceChain() {
    }
}
