package io.causalstream.extractor.backend.rules;

import static io.causalstream.extractor.backend.rules.CuePattern.backward;
import static io.causalstream.extractor.backend.rules.CuePattern.forward;
import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The causal cues the rule-based extractor knows, and where they occur in a sentence (case-insensitive, whole
 * words). Verbs are listed with the forms a plural subject, a singular subject and the past take.
 */
final class CueLexicon {

    /** Version {@code causal-cues-v1}: change the model name of the annotator when this list changes. */
    static final CueLexicon DEFAULT = new CueLexicon(List.of(
            forward(INCREASE, "leads to", "lead to", "led to"),
            forward(INCREASE, "causes", "cause", "caused"),
            forward(INCREASE, "results in", "result in", "resulted in"),
            forward(INCREASE, "contributes to", "contribute to", "contributed to"),
            forward(INCREASE, "increases", "increase", "increased"),
            forward(INCREASE, "raises", "raise", "raised"),
            forward(INCREASE, "improves", "improve", "improved"),
            forward(INCREASE, "boosts", "boost", "boosted"),
            forward(INCREASE, "promotes", "promote", "promoted"),
            forward(INCREASE, "enhances", "enhance", "enhanced"),
            forward(DECREASE, "reduces", "reduce", "reduced"),
            forward(DECREASE, "decreases", "decrease", "decreased"),
            // no bare "lower": far more often the adjective ("lower rainfall") than the verb
            forward(DECREASE, "lowers", "lowered"),
            forward(DECREASE, "hinders", "hinder", "hindered"),
            forward(DECREASE, "threatens", "threaten", "threatened"),
            forward(DECREASE, "undermines", "undermine", "undermined"),
            forward(DECREASE, "prevents", "prevent", "prevented"),
            forward(DECREASE, "limits", "limit", "limited"),
            backward(INCREASE, "due to", "because of", "driven by", "caused by", "as a result of"),
            // the passive voice of the verbs above: "yields are reduced by drought"
            backward(INCREASE, "increased by", "raised by", "improved by", "boosted by", "promoted by",
                    "enhanced by"),
            backward(DECREASE, "reduced by", "decreased by", "lowered by", "hindered by", "threatened by",
                    "undermined by", "prevented by", "limited by")));

    private final Map<String, CuePattern> byForm = new HashMap<>();
    private final Pattern pattern;

    CueLexicon(List<CuePattern> cues) {
        for (CuePattern cue : cues) {
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

    /** Every cue occurrence in the sentence, left to right, not overlapping. */
    List<CueMatch> find(String sentence) {
        List<CueMatch> matches = new ArrayList<>();
        Matcher m = pattern.matcher(sentence);
        while (m.find()) {
            String form = m.group().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            matches.add(new CueMatch(m.start(), m.end(), byForm.get(form)));
        }
        return matches;
    }
}
