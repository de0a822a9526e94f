package io.causalstream.validation;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A change noun with its preposition right before a mention, acted on by a signed verb: "curbed <i>a decline in</i>
 * crop yields", "curbed <i>the growth of</i> exports". The verb changes the change, so the noun turns the verb's sign
 * (less of a decline is more of the yields) and is no polarity word of its own; read as one, "curbed" and "decline"
 * would agree on a decrease, the opposite of the sentence.
 */
final class ChangeNoun {

    /** Where the noun starts in the words before the mention, the noun, and whether it names a fall. */
    record Found(int start, String noun, boolean down) {
    }

    private static final Pattern AT_END = Pattern.compile("(?<![\\w-])(?:(rise|rises|increase|increases|growth"
            + "|surge|surges|jump|jumps|upturn|expansion)|(decline|declines|drop|drops|fall|falls|reduction|reductions"
            + "|decrease|decreases|loss|losses|slowdown|downturn|contraction|shortfall|cut|cuts))\\s+(?:in|of)\\s+"
            + "(?:(?:the|a|an|its|their)\\s+)?((?:[\\p{L}][\\p{L}-]*\\s+){0,2})$");
    /** Between the verb and the noun: a determiner and up to two modifiers ("curbed the sharp decline in"). */
    private static final Pattern GAP = Pattern.compile("^\\s+(?:(?:the|a|an|its|their|this|that|any|further)\\s+)?"
            + "((?:[\\p{L}][\\p{L}-]*\\s+){0,2})$");

    private ChangeNoun() {
    }

    /** The change noun ending {@code before} (lower case: the words right before a mention), if any. */
    static Optional<Found> atEnd(String before) {
        Matcher m = AT_END.matcher(before);
        if (!m.find() || !EndValence.modifiers(m.group(3))) {
            return Optional.empty();
        }
        boolean down = m.group(2) != null;
        String noun = down ? m.group(2) : m.group(1);
        // what stands between the verb and the noun (a determiner, modifiers) is the gap actsOn reads
        return Optional.of(new Found(m.start(down ? 2 : 1), noun, down));
    }

    /** Whether the words between a verb and a change noun leave the noun the verb's object. */
    static boolean actsOn(String gap) {
        Matcher m = GAP.matcher(gap);
        return m.matches() && EndValence.modifiers(m.group(1));
    }
}
