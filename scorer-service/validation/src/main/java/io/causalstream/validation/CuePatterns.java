package io.causalstream.validation;

import java.util.regex.Pattern;

/**
 * The cue patterns {@link CueCheck} reads beside the {@link io.causalstream.text.cues.CueLexicon}: weaker and less
 * common verbs (affects, allows, breeds, depresses), the passive after an auxiliary or a participle, backward phrases
 * (due to, the result of, in response to), discourse connectives (therefore, since), leading conditions (if, when),
 * and the polarity words of either sign (comparatives, change verbs, signed adjectives of an effect).
 */
final class CuePatterns {

    /** "has a negative effect on", "had serious consequences for": a link from the noun's holder to its object. */
    private static final String EFFECT_ON = "(?:effects?|impacts?|influences?|implications|consequences)\\s+(?:on|for"
            + "|upon)";
    /** The adjective that signs an {@link #EFFECT_ON} ("a <i>negative</i> effect on"), up to one word between. */
    private static final String SIGNED_EFFECT = "\\s+(?:[\\p{L}-]+\\s+)?" + EFFECT_ON;
    /** Verbs that with "up" or "down" say which way they move their object ("drove down costs", "push up prices"). */
    private static final String PUSHING = "(?:driv(?:e|es|en|ing)|drove|push(?:es|ed|ing)?|forc(?:e|es|ed|ing)"
            + "|pull(?:s|ed|ing)?)";
    private static final String FORWARD_VERBS = PUSHING + "\\s+(?:up|down)|"
            + "caus(?:e|es|ed|ing)|lead(?:s|ing)? to|led to|result(?:s|ed|ing)? in|impact(?:s|ed|ing)?(?:\\s+on)?"
            + "|sources?\\s+of"
            + "|produc(?:e|es|ed|ing)|trigger(?:s|ed|ing)?|br(?:ing|ings|ought) about|g(?:ive|ives|ave|iving) rise to"
            + "|contribut(?:e|es|ed|ing) to|increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|boost(?:s|ed|ing)?"
            + "|improv(?:e|es|ed|ing)|enhanc(?:e|es|ed|ing)|promot(?:e|es|ed|ing)|strengthen(?:s|ed|ing)?"
            + "|reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|lower(?:s|ed|ing)?|diminish(?:es|ed|ing)?"
            + "|weaken(?:s|ed|ing)?|prevent(?:s|ed|ing)?|inhibit(?:s|ed|ing)?|suppress(?:es|ed|ing)?"
            + "|hinder(?:s|ed|ing)?|affect(?:s|ed|ing)?|influenc(?:e|es|ed|ing)|driv(?:e|es|ing)|drove|driven"
            + "|induc(?:e|es|ed|ing)|generat(?:e|es|ed|ing)|creat(?:e|es|ed|ing)|enabl(?:e|es|ed|ing)"
            + "|allow(?:s|ed|ing)?|mak(?:e|es|ing)|made|yield(?:s|ed|ing)?|spark(?:s|ed|ing)?|fuel(?:s|ed|led|ing)?"
            + "|anchor(?:s|ed|ing)?|ensur(?:e|es|ed|ing)|boost|breed(?:s|ing)?|bred|depress(?:es|ed|ing)?"
            + "|br(?:ing|ings|ought|inging) down|drain(?:s|ed|ing)?|compromis(?:e|es|ed|ing)|stir(?:s|red|ring)? up"
            + "|predispos(?:e|es|ed|ing)|permit(?:s|ted|ting)?|prompt(?:s|ed|ing)?|provok(?:e|es|ed|ing)"
            + "|elevat(?:e|es|ed|ing)|instigat(?:e|es|ed|ing)|emit(?:s|ted|ting)?|translat(?:e|es|ed|ing) into|"
            + EFFECT_ON + "|catalysts? for|(?:a )?fertile ground for";
    static final Pattern PASSIVE = Pattern.compile("\\b(?:is|are|was|were|be|been|being|get|gets|got)\\s+"
            + "(?:\\w+ly\\s+)?(?:" + FORWARD_VERBS + ")\\s+by\\b|\\b(?:caused|driven|triggered|induced|influenced"
            + "|affected|produced|generated|fuel(?:l)?ed|sparked|prompted|explained|determined|shaped|destroyed|enabled"
            + "|created|encouraged|inhibited|mitigated|alleviated|discouraged|jeopardi[sz]ed|escalated|heightened|bred"
            + "|depressed|provoked|compromised|elevated|drained|brought about|brought down|stirred up|instigated)"
            + "\\s+by\\b");
    static final Pattern BACKWARD = Pattern.compile("\\b(?:because(?: of)?|due to|owing to|thanks to"
            + "|as a (?:result|consequence) of|on account of|result(?:s|ed|ing)? from|stem(?:s|med|ming)? from"
            + "|aris(?:e|es|ing) from|arose from|follow(?:s|ed|ing)? from|depend(?:s|ed|ing)? on|since"
            + "|com(?:e|es|ing) from|came from|ensu(?:e|es|ed|ing) from|in the wake of|in the aftermath of"
            + "|(?:in|as a) response to|by-products? of|(?:is|are|was|were|be|been|being)\\s+(?:\\w+ly\\s+)?rooted in"
            + "|radiat(?:e|es|ed|ing) from|(?:the|a|an|direct|indirect|main|major|likely)"
            + "\\s+(?:results?|consequences?|outcomes?) of)\\b");
    static final Pattern FORWARD = Pattern.compile("\\b(?:" + FORWARD_VERBS + "|therefore|thus|hence"
            + "|consequently|as a (?:result|consequence)(?!\\s+of)|thereby|so that|in turn|which means|so)\\b");
    static final Pattern LEADING = Pattern.compile("\\b(?:because(?: of)?|due to|owing to|thanks to"
            + "|as a (?:result|consequence) of|if|when|whenever|after|once)\\b");
    static final Pattern INCREASE = Pattern.compile("\\b(?:increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)"
            + "|boost(?:s|ed|ing)?|improv(?:e|es|ed|ing)|enhanc(?:e|es|ed|ing)|promot(?:e|es|ed|ing)"
            + "|strengthen(?:s|ed|ing)?|grow(?:s|ing)?|grew|higher|more|greater|fuel(?:s|ed|led|ing)?"
            + "|amplif(?:y|ies|ied)|accelerat(?:e|es|ed|ing)|ris(?:e|es|en|ing)|rose|soar(?:s|ed|ing)?"
            + "|surg(?:e|es|ed|ing)|climb(?:s|ed|ing)?|positively|favou?rably|beneficially|go(?:es)?\\s+up"
            + "|went\\s+up|gone\\s+up|" + PUSHING + "\\s+up|elevat(?:e|es|ed|ing)|stir(?:s|red|ring)? up"
            + "|(?:positive|beneficial|favou?rable)" + SIGNED_EFFECT + ")\\b");
    static final Pattern DECREASE = Pattern.compile("\\b(?:reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)"
            + "|lower(?:s|ed|ing)?|diminish(?:es|ed|ing)?|weaken(?:s|ed|ing)?|prevent(?:s|ed|ing)?"
            + "|inhibit(?:s|ed|ing)?|suppress(?:es|ed|ing)?|hinder(?:s|ed|ing)?|cut(?:s|ting)?|less|fewer"
            + "|declin(?:e|es|ed|ing)|impair(?:s|ed|ing)?|harm(?:s|ed|ing)?|undermin(?:e|es|ed|ing)"
            + "|mitigat(?:e|es|ed|ing)|alleviat(?:e|es|ed|ing)|slow(?:s|ed|ing)?|los(?:e|es|t|ing)"
            + "|fall(?:s|en|ing)?|fell|drop(?:s|ped|ping)?|shrink(?:s|ing)?|shr[au]nk|plung(?:e|es|ed|ing)"
            + "|collaps(?:e|es|ed|ing)|negatively|adversely|detrimentally|go(?:es)?\\s+down|went\\s+down"
            + "|gone\\s+down|" + PUSHING + "\\s+down|depress(?:es|ed|ing)?|br(?:ing|ings|ought|inging) down"
            + "|drain(?:s|ed|ing)?|compromis(?:e|es|ed|ing)|(?:negative|adverse|detrimental|harmful|damaging)"
            + SIGNED_EFFECT + ")\\b");

    private CuePatterns() {
    }
}
