package io.causalstream.text.cues;

import static io.causalstream.text.cues.Cue.Sign.DECREASE;
import static io.causalstream.text.cues.Cue.Sign.INCREASE;
import static io.causalstream.text.cues.Cue.Sign.UNSIGNED;
import static io.causalstream.text.cues.Cue.backward;
import static io.causalstream.text.cues.Cue.forward;
import static io.causalstream.text.cues.Cue.noun;
import static io.causalstream.text.cues.Cue.worsening;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's one lexicon of causal cues, and where they occur in a sentence (case-insensitive, whole words): the
 * rule extractor builds its triples from these cues and the validator's cue check reads orientation and sign from
 * them, so the two cannot read one sentence differently. Verbs are listed with the forms a plural subject, a
 * singular subject and the past take. Negation cues are in {@link Negation}.
 *
 * <p>Sign: a cue that only says "causes" (leads to, results in, due to ...) is UNSIGNED; the rule extractor reads
 * an unsigned cue as an increase (the released data's convention), the cue check draws no polarity from it.
 */
public final class CueLexicon {

    /**
     * The cues of version {@code causal-cues-v5}, the version the rule extractor's model name carries: change
     * {@code RuleBasedExtractor.MODEL} when this list changes, so that extractions made with another list are told
     * apart. A cue's sign may depend on what it acts on ("worsen" lowers a good thing): {@link Cue#signFor}.
     */
    public static final CueLexicon DEFAULT = new CueLexicon(List.of(
            forward(UNSIGNED, "leads to", "lead to", "led to", "leading to"),
            forward(UNSIGNED, "causes", "cause", "caused", "causing"),
            forward(UNSIGNED, "results in", "result in", "resulted in", "resulting in"),
            forward(UNSIGNED, "contributes to", "contribute to", "contributed to", "contributing to"),
            forward(INCREASE, "increases", "increase", "increased", "increasing"),
            forward(INCREASE, "raises", "raise", "raised", "raising"),
            forward(INCREASE, "improves", "improve", "improved", "improving"),
            forward(INCREASE, "boosts", "boost", "boosted", "boosting"),
            forward(INCREASE, "promotes", "promote", "promoted", "promoting"),
            forward(INCREASE, "enhances", "enhance", "enhanced", "enhancing"),
            forward(UNSIGNED, "triggers", "trigger", "triggered", "triggering"),
            forward(INCREASE, "fuels", "fuel", "fuelled", "fueled", "fuelling", "fueling"),
            forward(INCREASE, "exacerbates", "exacerbate", "exacerbated", "exacerbating"),
            forward(INCREASE, "heightens", "heighten", "heightened", "heightening"),
            forward(INCREASE, "strengthens", "strengthen", "strengthened", "strengthening"),
            forward(INCREASE, "intensifies", "intensify", "intensified", "intensifying"),
            // "worsen" makes a bad thing worse, i.e. more of it ("worsen food insecurity"), and a good thing less
            // ("worsened learning outcomes"): Cue.signFor reads the effect; "aggravate" names harms only
            worsening(forward(INCREASE, "worsens", "worsen", "worsened", "worsening")),
            forward(INCREASE, "aggravates", "aggravate", "aggravated", "aggravating"),
            forward(INCREASE, "amplifies", "amplify", "amplified", "amplifying"),
            forward(INCREASE, "accelerates", "accelerate", "accelerated", "accelerating"),
            forward(INCREASE, "spurs", "spur", "spurred", "spurring"),
            forward(INCREASE, "stimulates", "stimulate", "stimulated", "stimulating"),
            forward(INCREASE, "fosters", "foster", "fostered", "fostering"),
            forward(INCREASE, "deepens", "deepen", "deepened", "deepening"),
            forward(INCREASE, "escalates", "escalate", "escalated", "escalating"),
            forward(UNSIGNED, "induces", "induce", "induced", "inducing"),
            forward(UNSIGNED, "sparks", "spark", "sparked", "sparking"),
            forward(UNSIGNED, "facilitates", "facilitate", "facilitated", "facilitating"),
            forward(UNSIGNED, "enables", "enable", "enabled", "enabling"),
            forward(UNSIGNED, "encourages", "encourage", "encouraged", "encouraging"),
            forward(UNSIGNED, "generates", "generate", "generated", "generating"),
            forward(UNSIGNED, "creates", "create", "created", "creating"),
            forward(UNSIGNED, "drives", "drive", "drove", "driving"),
            forward(UNSIGNED, "brings about", "bring about", "brought about", "bringing about"),
            forward(UNSIGNED, "gives rise to", "give rise to", "gave rise to", "giving rise to", "given rise to"),
            // a verb of motion with its particle says which way the object moves: "drove up prices"
            forward(INCREASE, "drives up", "drive up", "drove up", "driving up", "pushes up", "push up", "pushed up",
                    "pushing up"),
            forward(DECREASE, "drives down", "drive down", "drove down", "driving down", "pushes down", "push down",
                    "pushed down", "pushing down", "brings down", "bring down", "brought down", "bringing down"),
            forward(DECREASE, "reduces", "reduce", "reduced", "reducing"),
            forward(DECREASE, "decreases", "decrease", "decreased", "decreasing"),
            // no bare "lower": far more often the adjective ("lower rainfall") than the verb
            forward(DECREASE, "lowers", "lowered", "lowering"),
            forward(DECREASE, "hinders", "hinder", "hindered", "hindering"),
            forward(DECREASE, "threatens", "threaten", "threatened", "threatening"),
            forward(DECREASE, "undermines", "undermine", "undermined", "undermining"),
            forward(DECREASE, "prevents", "prevent", "prevented", "preventing"),
            forward(DECREASE, "limits", "limit", "limited", "limiting"),
            forward(DECREASE, "weakens", "weaken", "weakened", "weakening"),
            forward(DECREASE, "damages", "damage", "damaged", "damaging"),
            forward(DECREASE, "destroys", "destroy", "destroyed", "destroying"),
            forward(DECREASE, "disrupts", "disrupt", "disrupted", "disrupting"),
            forward(DECREASE, "mitigates", "mitigate", "mitigated", "mitigating"),
            forward(DECREASE, "alleviates", "alleviate", "alleviated", "alleviating"),
            forward(DECREASE, "discourages", "discourage", "discouraged", "discouraging"),
            forward(DECREASE, "inhibits", "inhibit", "inhibited", "inhibiting"),
            forward(DECREASE, "restricts", "restrict", "restricted", "restricting"),
            forward(DECREASE, "constrains", "constrain", "constrained", "constraining"),
            forward(DECREASE, "hampers", "hamper", "hampered", "hampering"),
            forward(DECREASE, "curbs", "curb", "curbed", "curbing"),
            forward(DECREASE, "impairs", "impair", "impaired", "impairing"),
            forward(DECREASE, "harms", "harm", "harmed", "harming"),
            forward(DECREASE, "diminishes", "diminish", "diminished", "diminishing"),
            forward(DECREASE, "suppresses", "suppress", "suppressed", "suppressing"),
            forward(DECREASE, "erodes", "erode", "eroded", "eroding"),
            forward(DECREASE, "dampens", "dampen", "dampened", "dampening"),
            forward(DECREASE, "jeopardizes", "jeopardize", "jeopardized", "jeopardizing", "jeopardises",
                    "jeopardise", "jeopardised", "jeopardising"),
            noun(DECREASE, "barriers to", "barrier to", "obstacles to", "obstacle to"),
            // "drought is a major cause of conflict", "a problem responsible for the conflict"
            noun(UNSIGNED, "cause of", "causes of", "driver of", "drivers of", "responsible for"),
            backward(UNSIGNED, "due to", "because of", "driven by", "caused by", "as a result of", "owing to",
                    "thanks to", "triggered by", "fuelled by", "fueled by", "resulting from", "arising from",
                    "induced by", "sparked by", "stems from", "stem from", "stemmed from", "stemming from",
                    "follows from", "follow from", "followed from", "emanates from", "emanated from",
                    "emanating from", "results from", "result from", "resulted from", "arises from", "arise from",
                    "arose from", "attributable to", "attributed to"),
            // the passive voice of the verbs above: "yields are reduced by drought"
            backward(INCREASE, "increased by", "raised by", "improved by", "boosted by", "promoted by",
                    "enhanced by", "exacerbated by", "facilitated by", "strengthened by", "intensified by",
                    "aggravated by", "amplified by", "accelerated by", "spurred by", "stimulated by",
                    "fostered by", "deepened by", "driven up by", "pushed up by"),
            worsening(backward(INCREASE, "worsened by")),
            backward(DECREASE, "reduced by", "decreased by", "lowered by", "hindered by", "threatened by",
                    "undermined by", "prevented by", "limited by", "hampered by", "weakened by", "damaged by",
                    "disrupted by", "constrained by", "restricted by", "curbed by", "impaired by", "harmed by",
                    "diminished by", "suppressed by", "eroded by", "dampened by", "driven down by", "pushed down by",
                    "brought down by"),
            backward(UNSIGNED, "brought about by")));

    private final List<Cue> cues;
    private final Map<String, Cue> byForm = new HashMap<>();
    private final Pattern pattern;

    public CueLexicon(List<Cue> cues) {
        this.cues = List.copyOf(cues);
        for (Cue cue : cues) {
            for (String form : cue.forms()) {
                if (byForm.put(form, cue) != null) {
                    throw new IllegalArgumentException("cue form listed twice: " + form);
                }
            }
        }
        // Longest forms first: a regex alternation takes the first alternative that matches, and "caused by"
        // must win over "caused".
        List<String> alternatives = new ArrayList<>(byForm.keySet());
        alternatives.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        String union = String.join("|", alternatives.stream()
                .map(form -> Pattern.quote(form).replace(" ", "\\E\\s+\\Q")).toList());
        this.pattern = Pattern.compile("(?<![\\w-])(?:" + union + ")(?![\\w-])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** The cues, in the order listed. */
    public List<Cue> cues() {
        return cues;
    }

    /** Every cue occurrence in the sentence, left to right, not overlapping. */
    public List<CueMatch> find(String sentence) {
        List<CueMatch> matches = new ArrayList<>();
        Matcher m = pattern.matcher(sentence);
        while (m.find()) {
            String form = m.group().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            matches.add(new CueMatch(m.start(), m.end(), byForm.get(form), form));
        }
        return matches;
    }
}
