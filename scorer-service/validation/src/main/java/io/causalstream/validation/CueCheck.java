package io.causalstream.validation;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.ClauseChain;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import io.causalstream.text.cues.Negation;
import io.causalstream.text.cues.RelativeChain;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Part of stage 5: reads the causal cue of the evidence between (or just before) the two mentions and says
 * whether it runs source -> target ("X leads to Y", "Y is caused by X", "Because of X, Y"), target -> source
 * (reversed), or is absent; and whether a polarity word there (increases / reduces ...) agrees with the edge's
 * direction. A lexicon, not a parser: when forward and backward cues both occur, or a negation is present, it
 * says nothing rather than guess.
 *
 * <p>The cues are the project's one {@link CueLexicon} (the rule extractor's) and its {@link Negation} words, so
 * a sentence the extractor reads as "X reduces Y" reads the same here. The patterns below add what a checker
 * needs beyond an extractor: weaker verbs (affects, allows), the passive after an auxiliary, discourse connectives
 * (therefore, since), leading conditions (if, when) and comparatives (more, lower) as polarity words.
 */
final class CueCheck {

    /**
     * CHAIN: the words between the mentions are two causal clauses ({@link ClauseChain}: "X reduces Y, and lower Y
     * raises Z", "X curbs Y, which lowers Z"): the text links the two ends only through a middle concept, so no cue
     * there speaks for the pair itself, and the sign of the whole chain is not read.
     */
    enum Orientation { CONSISTENT, REVERSED, CHAIN, NONE }

    enum Polarity { AGREES, CONTRADICTS, UNKNOWN }

    record Result(Orientation orientation, Polarity polarity, String cue, String polarityWord) {
    }

    private static final String FORWARD_VERBS = "caus(?:e|es|ed|ing)|lead(?:s|ing)? to|led to|result(?:s|ed|ing)? in"
            + "|produc(?:e|es|ed|ing)|trigger(?:s|ed|ing)?|br(?:ing|ings|ought) about|g(?:ive|ives|ave|iving) rise to"
            + "|contribut(?:e|es|ed|ing) to|increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|boost(?:s|ed|ing)?"
            + "|improv(?:e|es|ed|ing)|enhanc(?:e|es|ed|ing)|promot(?:e|es|ed|ing)|strengthen(?:s|ed|ing)?"
            + "|reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|lower(?:s|ed|ing)?|diminish(?:es|ed|ing)?"
            + "|weaken(?:s|ed|ing)?|prevent(?:s|ed|ing)?|inhibit(?:s|ed|ing)?|suppress(?:es|ed|ing)?"
            + "|hinder(?:s|ed|ing)?|affect(?:s|ed|ing)?|influenc(?:e|es|ed|ing)|driv(?:e|es|ing)|drove|driven"
            + "|induc(?:e|es|ed|ing)|generat(?:e|es|ed|ing)|creat(?:e|es|ed|ing)|enabl(?:e|es|ed|ing)"
            + "|allow(?:s|ed|ing)?|mak(?:e|es|ing)|made|yield(?:s|ed|ing)?|spark(?:s|ed|ing)?|fuel(?:s|ed|led|ing)?"
            + "|anchor(?:s|ed|ing)?|ensur(?:e|es|ed|ing)|boost";
    private static final Pattern PASSIVE = Pattern.compile("\\b(?:is|are|was|were|be|been|being|get|gets|got)\\s+"
            + "(?:\\w+ly\\s+)?(?:" + FORWARD_VERBS + ")\\s+by\\b|\\b(?:caused|driven|triggered|induced|influenced"
            + "|affected|produced|generated|fuel(?:l)?ed|sparked|prompted|explained|determined|shaped)\\s+by\\b");
    private static final Pattern BACKWARD = Pattern.compile("\\b(?:because(?: of)?|due to|owing to|thanks to"
            + "|as a (?:result|consequence) of|on account of|result(?:s|ed|ing)? from|stem(?:s|med|ming)? from"
            + "|aris(?:e|es|ing) from|arose from|follow(?:s|ed|ing)? from|depend(?:s|ed|ing)? on|since)\\b");
    private static final Pattern FORWARD = Pattern.compile("\\b(?:" + FORWARD_VERBS + "|therefore|thus|hence"
            + "|consequently|as a (?:result|consequence)|thereby|so that|in turn|which means|so)\\b");
    private static final Pattern LEADING = Pattern.compile("\\b(?:because(?: of)?|due to|owing to|thanks to"
            + "|as a (?:result|consequence) of|if|when|whenever|after|once)\\b");
    private static final Pattern INCREASE = Pattern.compile("\\b(?:increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)"
            + "|boost(?:s|ed|ing)?|improv(?:e|es|ed|ing)|enhanc(?:e|es|ed|ing)|promot(?:e|es|ed|ing)"
            + "|strengthen(?:s|ed|ing)?|grow(?:s|ing)?|grew|higher|more|greater|fuel(?:s|ed|led|ing)?"
            + "|amplif(?:y|ies|ied)|accelerat(?:e|es|ed|ing))\\b");
    private static final Pattern DECREASE = Pattern.compile("\\b(?:reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)"
            + "|lower(?:s|ed|ing)?|diminish(?:es|ed|ing)?|weaken(?:s|ed|ing)?|prevent(?:s|ed|ing)?"
            + "|inhibit(?:s|ed|ing)?|suppress(?:es|ed|ing)?|hinder(?:s|ed|ing)?|cut(?:s|ting)?|less|fewer"
            + "|declin(?:e|es|ed|ing)|impair(?:s|ed|ing)?|harm(?:s|ed|ing)?|undermin(?:e|es|ed|ing)"
            + "|mitigat(?:e|es|ed|ing)|alleviat(?:e|es|ed|ing)|slow(?:s|ed|ing)?)\\b");

    /**
     * The {@link ClauseChain} of {@code bridge} read with this checker's cue patterns as well as the lexicon's
     * ({@code lexical}, already found in {@code bridge}).
     */
    private static String chain(String bridge, List<CueMatch> lexical) {
        List<ClauseChain.Found> cues = new ArrayList<>(ClauseChain.found(lexical));
        for (Pattern p : List.of(FORWARD, BACKWARD, PASSIVE)) {
            Matcher m = p.matcher(bridge);
            while (m.find()) {
                cues.add(new ClauseChain.Found(m.start(), m.end(), m.group()));
            }
        }
        return ClauseChain.in(bridge, cues).orElse(null);
    }

    /**
     * @param text     the passage
     * @param source   where the source is ({@code start}/{@code end} in the passage)
     * @param target   where the target is
     * @param sentenceStart start of the first evidence sentence (leading cues are read from there)
     */
    static Result check(String text, Mention source, Mention target, int sentenceStart, Direction direction) {
        boolean sourceFirst = source.start() <= target.start();
        Mention first = sourceFirst ? source : target;
        Mention second = sourceFirst ? target : source;
        if (first.end() > second.start()) {
            return new Result(Orientation.NONE, Polarity.UNKNOWN, "", "");
        }
        String bridge = text.substring(first.end(), second.start()).toLowerCase(Locale.ROOT);
        String lead = text.substring(Math.min(sentenceStart, first.start()), first.start()).toLowerCase(Locale.ROOT);
        List<CueMatch> lexical = CueLexicon.DEFAULT.find(bridge);
        String chain = chain(bridge, lexical);
        if (chain != null) {
            return new Result(Orientation.CHAIN, Polarity.UNKNOWN, chain, "");
        }
        Orientation orientation = Orientation.NONE;
        String cue = "";
        Matcher passive = PASSIVE.matcher(bridge);
        Matcher backward = BACKWARD.matcher(bridge);
        Matcher forward = FORWARD.matcher(bridge);
        CueMatch lexicalPassive = first(lexical, m -> m.cue().orientation() == Cue.Orientation.BACKWARD
                && m.form().endsWith(" by"));
        CueMatch lexicalBackward = first(lexical, m -> m.cue().orientation() == Cue.Orientation.BACKWARD);
        CueMatch lexicalForward = first(lexical, m -> m.cue().orientation() == Cue.Orientation.FORWARD);
        boolean regexPassive = passive.find();
        boolean regexBackward = backward.find();
        boolean hasPassive = regexPassive || lexicalPassive != null;
        boolean hasBackward = regexBackward || lexicalBackward != null;
        boolean hasForward = !hasPassive && (forward.find() || lexicalForward != null);
        if (hasPassive || hasBackward) {
            if (!hasForward) {
                // "first is caused by second" / "first because second": second -> first
                orientation = sourceFirst ? Orientation.REVERSED : Orientation.CONSISTENT;
                cue = regexPassive ? passive.group() : regexBackward ? backward.group() : lexicalBackward.form();
            }
        } else if (hasForward) {
            orientation = sourceFirst ? Orientation.CONSISTENT : Orientation.REVERSED;
            cue = forward.hasMatch() ? forward.group() : lexicalForward.form();
        } else {
            Matcher leading = LEADING.matcher(lead);
            String last = null;
            while (leading.find()) {
                last = leading.group();
            }
            if (last != null) {
                // "Because of first, second" / "If first, second": first -> second
                orientation = sourceFirst ? Orientation.CONSISTENT : Orientation.REVERSED;
                cue = last;
            }
        }
        Polarity polarity = Polarity.UNKNOWN;
        String polarityWord = "";
        // a negation between the mentions, or a frame denying the whole claim ("there is no evidence that ...",
        // the rule extractor's Negation.denied too), says nothing about the sign
        boolean denied = Negation.denied(text.substring(Math.min(sentenceStart, first.start()), second.start()));
        if (!Negation.occursIn(bridge) && !denied) {
            Matcher up = INCREASE.matcher(bridge);
            Matcher down = DECREASE.matcher(bridge);
            // "worsened learning outcomes" lowers a good thing: the sign a cue states depends on the target
            String effect = target.start() >= 0 && target.end() <= text.length()
                    ? text.substring(target.start(), target.end()) : "";
            CueMatch lexicalUp = first(lexical, m -> m.cue().signFor(effect) == Cue.Sign.INCREASE);
            CueMatch lexicalDown = first(lexical, m -> m.cue().signFor(effect) == Cue.Sign.DECREASE);
            boolean regexUp = up.find();
            boolean regexDown = down.find();
            boolean increases = regexUp || lexicalUp != null;
            boolean decreases = regexDown || lexicalDown != null;
            if (increases != decreases) {
                polarityWord = increases ? (regexUp ? up.group() : lexicalUp.form())
                        : (regexDown ? down.group() : lexicalDown.form());
                Direction said = increases ? Direction.INCREASE : Direction.DECREASE;
                // "X curbs Y, which lowers Z": the relative clause's subject is the curbing of Y, so the words say
                // Y INCREASE Z (less Y, lower Z); read literally, "lowers" would agree with Y DECREASE Z
                if (sourceFirst && RelativeChain.flips(
                        text.substring(Math.min(sentenceStart, first.start()), first.start()), bridge)) {
                    said = said == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
                    polarityWord = "which " + polarityWord;
                }
                polarity = said == direction ? Polarity.AGREES : Polarity.CONTRADICTS;
            }
        }
        return new Result(orientation, polarity, cue, polarityWord);
    }

    private static CueMatch first(List<CueMatch> matches, Predicate<CueMatch> test) {
        return matches.stream().filter(test).findFirst().orElse(null);
    }

    private CueCheck() {
    }
}
