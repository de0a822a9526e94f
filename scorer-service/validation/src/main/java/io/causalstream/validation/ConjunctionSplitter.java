package io.causalstream.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Guideline 7 of the soft-measures rater guidelines: split node names at "and" when the concepts are distinct,
 * e.g. "ecological and social compensation measures" -> "ecological compensation measures" +
 * "social compensation measures", and "poverty and unemployment" -> "poverty" + "unemployment".
 *
 * <p>Heuristics, no parser: lists "A, B and C" and "A &amp; B" split too; a shared head is distributed when every
 * conjunct but the last is one word that looks like a modifier (adjective suffix or a common adjective), so
 * "poverty and social exclusion" stays two plain concepts; fixed pairs ("research and development", "supply and
 * demand", ...) and "between A and B" are never split.
 */
final class ConjunctionSplitter {

    private static final Pattern SEPARATOR = Pattern.compile("\\s*,\\s*(?:and\\s+|&\\s*)?|\\s+and\\s+|\\s*&\\s*",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> FIXED = Set.of("research and development", "supply and demand",
            "trial and error", "law and order", "health and safety", "pros and cons", "checks and balances",
            "mergers and acquisitions", "rock and roll", "salt and pepper", "bread and butter", "black and white",
            "cause and effect", "rules and regulations", "terms and conditions", "wear and tear", "peace and quiet",
            "food and drink", "arts and crafts", "bed and breakfast", "hide and seek", "give and take");
    private static final Set<String> ADJECTIVES = Set.of("high", "low", "short", "long", "big", "small", "new", "old",
            "young", "positive", "negative", "direct", "indirect", "male", "female", "human", "public", "private",
            "local", "global", "rural", "urban", "early", "late", "fast", "slow", "hot", "cold", "warm", "dry", "wet",
            "good", "bad", "poor", "rich", "safe", "clean", "green", "fresh", "main", "major", "minor", "mental",
            "social", "physical", "chronic", "acute");
    private static final List<String> ADJECTIVE_SUFFIXES = List.of("al", "ic", "ive", "ous", "ful", "less", "able",
            "ible", "ary", "ory", "ish", "ian", "ese", "ern", "ward", "ile");

    /** The distinct concepts of {@code label}, or the label alone when it is not split. */
    static List<String> split(String label) {
        String lower = label.toLowerCase(Locale.ROOT);
        if (!(lower.contains(" and ") || lower.contains("&")) || lower.contains("between ")) {
            return List.of(label);
        }
        for (String fixed : FIXED) {
            if (lower.contains(fixed)) {
                return List.of(label);
            }
        }
        String[] parts = SEPARATOR.split(label.strip());
        List<String> conjuncts = new ArrayList<>();
        for (String p : parts) {
            String trimmed = p.strip();
            if (trimmed.isEmpty() || io.causalstream.text.Tokens.content(
                    io.causalstream.text.Tokens.of(trimmed)).isEmpty()) {
                return List.of(label);
            }
            conjuncts.add(trimmed);
        }
        if (conjuncts.size() < 2) {
            return List.of(label);
        }
        String last = conjuncts.getLast();
        String[] lastWords = last.split("\\s+");
        boolean distribute = lastWords.length >= 2;
        for (int i = 0; i < conjuncts.size() - 1 && distribute; i++) {
            String c = conjuncts.get(i);
            distribute = !c.contains(" ") && looksLikeModifier(c);
        }
        if (!distribute) {
            return List.copyOf(conjuncts);
        }
        String head = last.substring(lastWords[0].length()).strip();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < conjuncts.size() - 1; i++) {
            out.add(conjuncts.get(i) + " " + head);
        }
        out.add(last);
        return out;
    }

    static boolean looksLikeModifier(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (ADJECTIVES.contains(w)) {
            return true;
        }
        for (String suffix : ADJECTIVE_SUFFIXES) {
            if (w.length() > suffix.length() + 2 && w.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    private ConjunctionSplitter() {
    }
}
