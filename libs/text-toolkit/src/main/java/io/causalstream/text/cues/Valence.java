package io.causalstream.text.cues;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a concept names something people want more of ("learning outcomes", "quality of life", "access to
 * water"): then a cue that makes things worse lowers it. "Droughts <b>worsen</b> food insecurity" is an increase of a
 * harm, "school closures <b>worsened</b> learning outcomes" a decrease of a good ({@link Cue#signFor}).
 *
 * <p>Read off the concept's head noun: the last word before its first attached phrase ("outcomes" in "learning
 * outcomes for poorer pupils"). The list is small and hand-written on purpose: it names only nouns whose valence is
 * plain in any context, so an unknown concept keeps the cue's literal sign (a harm made worse is more of it). No
 * sentiment lexicon in the project's libraries scores a noun's desirability as a quantity.
 */
public final class Valence {

    private static final Set<String> DESIRABLE = Set.of(
            "outcome", "outcomes", "health", "quality", "performance", "wellbeing", "well-being", "welfare",
            "access", "income", "incomes", "earnings", "wages", "productivity", "nutrition", "education",
            "learning", "literacy", "skills", "livelihood", "livelihoods", "yield", "yields", "growth",
            "efficiency", "safety", "stability", "prospects", "relations", "cooperation", "trust", "resilience",
            "cohesion", "capacity", "availability", "achievement", "attainment", "functioning", "conditions",
            "standards", "security", "peace", "fertility", "biodiversity", "employment", "savings", "morale");
    private static final Pattern ATTACHED = Pattern.compile(
            "\\s+(?:of|for|in|on|among|to|at|with|from|by|across|within|between)\\s.*$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** Whether the concept's head noun names a good thing (see the class comment). */
    public static boolean desirable(String concept) {
        String core = ATTACHED.matcher(concept.strip()).replaceFirst("").toLowerCase(Locale.ROOT);
        String[] words = core.split("[^\\p{L}\\p{N}-]+");
        return words.length > 0 && DESIRABLE.contains(words[words.length - 1]);
    }

    private Valence() {
    }
}
