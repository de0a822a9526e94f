package io.causalstream.validation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "A <i>negative effect of</i> drought <i>on</i> incomes": the cause between "effect of" (impact, influence) and "on",
 * the effect after "on", the adjective before the noun giving the sign (negative, adverse, harmful: a decrease;
 * positive, beneficial: an increase). Without such an adjective the words state a link but no sign.
 */
final class EffectOf {

    /** What the words around two mentions state: not this construction, a link without a sign, or its sign. */
    enum Reading { NONE, UNSIGNED, INCREASE, DECREASE }

    /** The text before the first mention ends with "effect of" (lower case), the adjective before it if any. */
    private static final Pattern LEAD = Pattern.compile("(?:(negative|adverse|detrimental|harmful|damaging|positive"
            + "|beneficial|favou?rable)\\s+(?:[\\p{L}-]+\\s+)?)?(?:effects?|impacts?|influences?)\\s+of\\s+"
            + "(?:the\\s+|a\\s+|an\\s+)?$");
    /** Between the mentions: "on" and a determiner. */
    private static final Pattern BRIDGE = Pattern.compile("^\\s+on\\s+(?:the\\s+|their\\s+|its\\s+|a\\s+)?$");

    private EffectOf() {
    }

    /** The reading of {@code lead} (the sentence up to the first mention) and {@code bridge}, both lower case. */
    static Reading of(String lead, String bridge) {
        Matcher m = LEAD.matcher(lead);
        if (!BRIDGE.matcher(bridge).matches() || !m.find()) {
            return Reading.NONE;
        }
        String adjective = m.group(1);
        if (adjective == null) {
            return Reading.UNSIGNED;
        }
        return adjective.startsWith("positive") || adjective.startsWith("beneficial")
                || adjective.startsWith("favo") ? Reading.INCREASE : Reading.DECREASE;
    }
}
