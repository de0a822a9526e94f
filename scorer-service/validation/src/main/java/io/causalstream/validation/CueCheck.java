package io.causalstream.validation;

import static io.causalstream.validation.CuePatterns.BACKWARD;
import static io.causalstream.validation.CuePatterns.DECREASE;
import static io.causalstream.validation.CuePatterns.FORWARD;
import static io.causalstream.validation.CuePatterns.INCREASE;
import static io.causalstream.validation.CuePatterns.LEADING;
import static io.causalstream.validation.CuePatterns.PASSIVE;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.ClauseChain;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import io.causalstream.text.cues.EffectNoun;
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
 * a sentence the extractor reads as "X reduces Y" reads the same here. {@link CuePatterns} adds what a checker
 * needs beyond an extractor: weaker verbs (affects, allows), the passive after an auxiliary, discourse connectives
 * (therefore, since), leading conditions (if, when), comparatives (more, lower) as polarity words, and the
 * constructions of {@link ChangeNoun}, {@link EffectOf}, {@link CausesOf} and {@link EffectNoun} ("fever from
 * dehydration").
 */
final class CueCheck {

    /**
     * CHAIN: the words between the mentions are two causal clauses ({@link ClauseChain}: "X reduces Y, and lower Y
     * raises Z", "X curbs Y, which lowers Z"): the text links the two ends only through a middle concept, so no cue
     * there speaks for the pair itself, and the sign of the whole chain is not read.
     */
    enum Orientation { CONSISTENT, REVERSED, CHAIN, NONE }

    /**
     * The sign the evidence states, against the edge's: AGREES or CONTRADICTS when the words read one (a signed cue,
     * or an unsigned one as an increase, times the change words on the ends); NEGATED when the cue is negated or the
     * claim denied (the text states no link); UNKNOWN when no sign can be read (no cue, or words both ways).
     */
    enum Polarity { AGREES, CONTRADICTS, NEGATED, UNKNOWN }

    record Result(Orientation orientation, Polarity polarity, String cue, String polarityWord) {
    }

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
        return check(text, source, target, sentenceStart, direction, null, null);
    }

    /**
     * @param sourceLabel the edge's source label, or null: a mention that negates one of its words ("food
     *                    insecurity" for "food security") turns the end down
     * @param targetLabel the same for the target
     */
    static Result check(String text, Mention source, Mention target, int sentenceStart, Direction direction,
                        String sourceLabel, String targetLabel) {
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
        // "a negative effect of X on Y" (EffectOf), read where no cue stands between the mentions
        EffectOf.Reading effectOf = hasPassive || hasBackward || hasForward ? EffectOf.Reading.NONE
                : EffectOf.of(lead, bridge);
        if (hasPassive || hasBackward) {
            if (!hasForward) {
                // "first is caused by second" / "first because second": second -> first
                orientation = sourceFirst ? Orientation.REVERSED : Orientation.CONSISTENT;
                cue = regexPassive ? passive.group() : regexBackward ? backward.group() : lexicalBackward.form();
            }
        } else if (hasForward) {
            orientation = sourceFirst ? Orientation.CONSISTENT : Orientation.REVERSED;
            cue = forward.hasMatch() ? forward.group() : lexicalForward.form();
        } else if (effectOf != EffectOf.Reading.NONE) {
            orientation = sourceFirst ? Orientation.CONSISTENT : Orientation.REVERSED;
            cue = "effect of ... on";
        } else if (CausesOf.names(lead, bridge)) {
            // "the main causes of Y are A, B and X": the second mention is a cause of the first
            orientation = sourceFirst ? Orientation.REVERSED : Orientation.CONSISTENT;
            cue = "causes of ... are";
        } else if (effectFrom(bridge, text.substring(first.start(), first.end()),
                text.substring(second.start(), second.end()))) {
            // "fever from dehydration": an effect noun, "from" and its cause, inside one noun phrase (EffectNoun)
            orientation = sourceFirst ? Orientation.REVERSED : Orientation.CONSISTENT;
            cue = "from";
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
        // a negated cue ("does not reduce") or a frame denying the whole claim ("there is no evidence that ...", the
        // rule extractor's Negation.denied too) states no causal link: no sign to agree with
        String before = text.substring(Math.min(sentenceStart, first.start()), first.start());
        boolean denied = Negation.denied(before + text.substring(first.start(), second.start()));
        if (denied || negatedCue(bridge, lexical)) {
            return new Result(orientation, Polarity.NEGATED, cue, denied ? "denied claim" : "negated cue");
        }
        // "Y is due more to A rather than to B": after the cue, a contrast sets the second mention against what the
        // cue is said of, so the text denies the pair ("X rather than B causes Y" still asserts X -> Y)
        Matcher contrast = CONTRAST.matcher(bridge);
        int cueAt = cue.isEmpty() ? -1 : bridge.indexOf(cue);
        if (cueAt >= 0 && contrast.find() && contrast.start() >= cueAt + cue.length()) {
            return new Result(orientation, Polarity.NEGATED, cue, "contrasted ('" + contrast.group() + "')");
        }
        if (Negation.occursIn(bridge)) {
            return new Result(orientation, Polarity.UNKNOWN, cue, "");
        }
        // "worsened learning outcomes" lowers a good thing: the sign a cue states depends on the target
        String effect = target.start() >= 0 && target.end() <= text.length()
                ? text.substring(target.start(), target.end()) : "";
        List<Signed> signed = signedWords(bridge, lexical, effect);
        // "a negative effect of X on Y": the adjective is the construction's polarity word; without one, no sign
        if (effectOf == EffectOf.Reading.UNSIGNED) {
            return new Result(orientation, Polarity.UNKNOWN, cue, "");
        } else if (effectOf != EffectOf.Reading.NONE) {
            signed.add(new Signed(0, 0, effectOf.name().toLowerCase(Locale.ROOT) + " effect",
                    effectOf == EffectOf.Reading.INCREASE ? Direction.INCREASE : Direction.DECREASE));
        }
        // "curbed a decline in Y": a signed verb acting on a change noun right before the second mention (ChangeNoun)
        ChangeNoun.Found actedOn = ChangeNoun.atEnd(bridge).filter(n -> signed.stream().anyMatch(
                w -> w.end() <= n.start() && ChangeNoun.actsOn(bridge.substring(w.end(), n.start())))).orElse(null);
        if (actedOn != null) {
            signed.removeIf(w -> w.end() > actedOn.start());
        }
        Direction said;
        List<String> words = new ArrayList<>();
        Signed last = signed.isEmpty() ? null : signed.getLast();
        boolean mixed = signed.stream().anyMatch(w -> w.sign != signed.getFirst().sign);
        if (mixed && !coordinated(bridge, signed)) {
            return new Result(orientation, Polarity.UNKNOWN, cue, "");
        } else if (last != null) {
            // one sign, or coordinated verbs of one subject ("tourism raises incomes and lowers unemployment"): the
            // verb nearest the second mention speaks for the pair
            Signed speaking = mixed ? last : signed.getFirst();
            words.add(speaking.word);
            said = speaking.sign;
            if (actedOn != null) {
                said = actedOn.down() ? flip(said) : said;
                words.set(0, speaking.word + " ... " + actedOn.noun());
            }
        } else if (orientation == Orientation.CONSISTENT || orientation == Orientation.REVERSED) {
            // an unsigned cue ("causes", "due to", "if") says more of the cause, more of the effect: the released
            // data's convention, and the rule extractor's reading of the same cue
            said = Direction.INCREASE;
            words.add(cue + " (unsigned, read as an increase)");
        } else {
            return new Result(orientation, Polarity.UNKNOWN, cue, "");
        }
        // "X causes Y to rise": a causative cue whose object's infinitive says what happens to it. A change verb with
        // no object of its own gives the sign ("prices to go up"); any other verb ("the granules to collide", "farmers
        // to lose income") states an act of the target, not more or less of it: no sign of this pair. The infinitive
        // follows the second mention: the target in "X causes Y to V", the agent in "Y is caused by X to V"
        Matcher infinitive = INFINITIVE.matcher(text.substring(second.end(), clauseEnd(text, second.end()))
                .toLowerCase(Locale.ROOT));
        if (infinitive.find() && CAUSATIVE.matcher(bridge).find()) {
            String verb = infinitive.group(1);
            boolean up = INCREASE.matcher(verb).matches();
            boolean down = DECREASE.matcher(verb).matches();
            if (up == down || !INTRANSITIVE_END.matcher(infinitive.group(2)).lookingAt()) {
                return new Result(orientation, Polarity.UNKNOWN, cue, "");
            }
            said = up ? Direction.INCREASE : Direction.DECREASE;
            words.set(0, cue + " ... to " + verb);
        }
        // "X curbs Y, which lowers Z": the relative clause's subject is the curbing of Y, so the words say
        // Y INCREASE Z (less Y, lower Z); read literally, "lowers" would agree with Y DECREASE Z
        boolean relative = RelativeChain.opens(bridge);
        if (sourceFirst && relative && RelativeChain.previousClauseDecreases(before)) {
            said = flip(said);
            words.set(0, "which " + words.getFirst());
        }
        // the ends' own change words: "lower blood pressure reduces stroke risk" says blood pressure INCREASE
        // stroke risk; "smoking causes a loss of lung function" says smoking DECREASE lung function
        // a word the bridge's polarity words already read (the patterns' or the lexicon's: "constrained") is not
        // also a change word on the end after it
        Predicate<String> counted = w -> bridge.contains(w) && (DECREASE.matcher(w).find()
                || signed.stream().anyMatch(s -> s.word().equals(w)));
        Predicate<String> outside = w -> false;
        String firstBefore = relative ? null : EndValence.before(before, outside);
        String firstAfter = EndValence.after(bridge, counted);
        String secondBefore = actedOn != null ? null : EndValence.before(bridge, counted);
        String secondAfter = EndValence.after(text.substring(second.end(), clauseEnd(text, second.end())), outside);
        String firstLabel = text.substring(first.start(), first.end());
        String secondLabel = text.substring(second.start(), second.end());
        String firstNegated = EndValence.negatedForm(sourceFirst ? sourceLabel : targetLabel, firstLabel);
        String secondNegated = EndValence.negatedForm(sourceFirst ? targetLabel : sourceLabel, secondLabel);
        for (String change : new String[] {firstNegated == null ? null : firstNegated + " for '"
                + (sourceFirst ? sourceLabel : targetLabel) + "'", secondNegated == null ? null : secondNegated
                + " for '" + (sourceFirst ? targetLabel : sourceLabel) + "'", firstBefore == null ? null : firstBefore + " " + firstLabel,
                firstAfter == null ? null : firstLabel + " " + firstAfter,
                secondBefore == null ? null : secondBefore + " " + secondLabel,
                secondAfter == null ? null : secondLabel + " " + secondAfter}) {
            if (change != null) {
                said = flip(said);
                words.add(change);
            }
        }
        Polarity polarity = said == direction ? Polarity.AGREES : Polarity.CONTRADICTS;
        String polarityWord = String.join("' with '", words);
        return new Result(orientation, polarity, cue, polarityWord);
    }

    /** Whether a negation stands right before the bridge's first causal cue ("does not reduce", "never led to"). */
    private static boolean negatedCue(String bridge, List<CueMatch> lexical) {
        int at = Integer.MAX_VALUE;
        for (CueMatch m : lexical) {
            at = Math.min(at, m.start());
        }
        for (Pattern p : List.of(FORWARD, BACKWARD, PASSIVE, INCREASE, DECREASE)) {
            Matcher m = p.matcher(bridge);
            if (m.find()) {
                at = Math.min(at, m.start());
            }
        }
        return at != Integer.MAX_VALUE && Negation.negates(bridge.substring(0, at));
    }

    private record Signed(int start, int end, String word, Direction sign) {
    }

    /** The polarity words of the bridge (this checker's patterns and the lexicon's signed cues), in text order. */
    private static List<Signed> signedWords(String bridge, List<CueMatch> lexical, String effect) {
        List<Signed> out = new ArrayList<>();
        for (var p : List.of(java.util.Map.entry(INCREASE, Direction.INCREASE),
                java.util.Map.entry(DECREASE, Direction.DECREASE))) {
            Matcher m = p.getKey().matcher(bridge);
            while (m.find()) {
                out.add(new Signed(m.start(), m.end(), m.group(), p.getValue()));
            }
        }
        for (CueMatch m : lexical) {
            Cue.Sign sign = m.cue().signFor(effect);
            if (sign != Cue.Sign.UNSIGNED) {
                out.add(new Signed(m.start(), m.end(), m.form(), sign == Cue.Sign.INCREASE ? Direction.INCREASE
                        : Direction.DECREASE));
            }
        }
        // a lexicon cue that its form reads differently for this effect ("worsened" a good thing) wins over the
        // patterns' literal reading of the same words
        List<Signed> lexicalOnes = out.stream().filter(w -> lexical.stream().anyMatch(m -> m.start() == w.start
                && m.end() == w.end)).toList();
        out.removeIf(w -> !lexicalOnes.contains(w) && lexicalOnes.stream().anyMatch(l -> l.start < w.end
                && w.start < l.end));
        out.sort(java.util.Comparator.comparingInt(Signed::start));
        return out;
    }

    private static final Pattern CONTRAST = Pattern.compile("\\b(?:rather than|instead of|not so much)\\b");

    /** "to" and the verb right after a mention ("prices to go up"), and what follows it. */
    private static final Pattern INFINITIVE = Pattern.compile("^\\s*to\\s+(\\p{L}+(?:\\s+(?:up|down))?)(.*)$");
    /** Cues whose object takes an infinitive ("causes prices to rise", "led firms to cut hiring"). */
    private static final Pattern CAUSATIVE = Pattern.compile("\\b(?:caus(?:e|es|ed|ing)|forc(?:e|es|ed|ing)"
            + "|prompt(?:s|ed|ing)?|push(?:es|ed|ing)?|driv(?:e|es|en|ing)|drove|le(?:ad|ads|d)|encourag(?:e|es|ed|ing)"
            + "|enabl(?:e|es|ed|ing)|allow(?:s|ed|ing)?)\\b");
    /** What may follow an intransitive change verb: the clause's end, an adverb, a measure ("by 5 %", "sharply"). */
    private static final Pattern INTRANSITIVE_END = Pattern.compile("\\s*(?:$|[,;.)]|(?:by|to|from|in|again|further"
            + "|even|still|\\p{L}+ly)\\b)");

    private static final Pattern COORDINATION = Pattern.compile("(?<![\\w-])(?:and|but|while|whereas|yet)"
            + "(?![\\w-])");

    /**
     * Whether the last polarity word opens a verb coordinated with the earlier ones ("raises incomes <i>and</i>
     * lowers"): a coordination stands between it and the last word of the other sign.
     */
    private static boolean coordinated(String bridge, List<Signed> signed) {
        Signed last = signed.getLast();
        int otherEnd = -1;
        for (Signed w : signed) {
            if (w.sign != last.sign) {
                otherEnd = Math.max(otherEnd, w.end);
            }
        }
        return otherEnd >= 0 && otherEnd <= last.start
                && COORDINATION.matcher(bridge.substring(otherEnd, last.start)).find();
    }

    /** Between an effect noun and its cause: "from", a determiner and up to two modifiers of the cause's phrase. */
    private static final Pattern EFFECT_FROM = Pattern.compile("^\\s+from\\s+(?:(?:the|a|an|this|that|his|her|its"
            + "|their|our|my|your)\\s+)?((?:[\\p{L}][\\p{L}-]*\\s+){0,2})$");

    private static boolean effectFrom(String bridge, String firstMention, String secondMention) {
        Matcher m = EFFECT_FROM.matcher(bridge);
        return m.matches() && EndValence.modifiers(m.group(1)) && EffectNoun.statesCause(firstMention, secondMention);
    }

    private static int clauseEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.' || c == '!' || c == '?' || c == ';' || c == ',') {
                return i;
            }
        }
        return text.length();
    }

    private static Direction flip(Direction d) {
        return d == Direction.INCREASE ? Direction.DECREASE : Direction.INCREASE;
    }

    private static CueMatch first(List<CueMatch> matches, Predicate<CueMatch> test) {
        return matches.stream().filter(test).findFirst().orElse(null);
    }

    private CueCheck() {
    }
}
