package io.causalstream.extractor.backend.model;

import io.causalstream.extractor.backend.rules.Polarity;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sentence with the change words of a pair's two mentions taken out ("Lower fuel taxes drove down car trips" ->
 * "fuel taxes drove down car trips"), and where the bare concepts stand in it. The decoding convention puts a change
 * word in the sign and never also in the label ({@link Polarity}); where no rule states the sign, the relation head's
 * reading of the sentence as written may or may not count the change word already, and it does not do so
 * consistently across verbs it has rarely seen. Read on the bare sentence, the head reads the verb alone, and the
 * change words then turn that sign once ({@link Polarity#combine}). A change word belongs to its own mention only: where
 * the effect carries one and follows other objects of the cue, each with a change word of its own ("led to
 * <b>reduced</b> maize harvests and higher food prices"), theirs are taken out too, or the head reads the first one
 * as the whole list's ("led to reduced maize harvests and food prices": DECREASE). Stateless.
 */
public final class ChangeWordMask {

    /**
     * The bare sentence, the bare concepts' character ranges in it, and each mention as {@link Polarity} reads it
     * (whether its change word reverses the sign; not reversed without one), for {@link Polarity#combine}.
     */
    public record Masked(String text, int causeStart, int causeEnd, int effectStart, int effectEnd,
                         Polarity.Node cause, Polarity.Node effect) {
    }

    /** A change noun's phrase, which ends with its preposition: "a decline in", "the growth of", "lack of". */
    private static final Pattern NOUN_PHRASE = Pattern.compile("(?is).*\\s(?:in|of)");

    /** A comma, "and" or "or" (or ", and") closing the text: the end of an object before a coordinated one. */
    private static final Pattern COORDINATOR_AT_END = Pattern.compile("(?i)(?:,\\s*(?:and|or)?|\\s(?:and|or))\\s*$");

    /** A word, as the walk back over an object reads it. */
    private static final Pattern WORD_AT_END = Pattern.compile("([\\p{L}-]+)\\s*$");

    /** The most words an object before a coordinated one has, its change word among them. */
    private static final int OBJECT_WORDS = 5;

    /** A change word of a mention: the characters {@code [start, end)} of the sentence, and the mention read. */
    private record Change(int start, int end, Polarity.Node node) {
    }

    /**
     * The sentence with the change words of both mentions taken out, when at least one has one (opening it or right
     * before it: {@link TripleDecoding#withChangeWordBefore}; not a change noun's phrase before the effect); empty
     * otherwise or when the mentions overlap.
     */
    public static Optional<Masked> of(String sentence, ConceptSpan cause, ConceptSpan effect) {
        if (cause.start() < effect.end() && effect.start() < cause.end()) {
            return Optional.empty();
        }
        Change c = change(sentence, cause, effect);
        Change e = change(sentence, effect, cause);
        // a change noun's phrase before the effect stays: as written the head reads "set off a decline in crop
        // yields" as DECREASE, the net sign, which the noun would turn once more; before the cause it reads the verb
        // ("Lack of food has been the source of conflicts": INCREASE), so there the phrase is taken out
        if (e != null && NOUN_PHRASE.matcher(sentence.substring(e.start(), e.end()).strip()).matches()) {
            e = null;
        }
        if (c == null && e == null) {
            return Optional.empty();
        }
        List<Change> cuts = new ArrayList<>();
        if (c != null) {
            cuts.add(c);
        }
        if (e != null) {
            cuts.add(e);
            if (cause.end() <= e.start()) {
                cuts.addAll(coordinatedChanges(sentence, cause.end(), e.start()));
            }
        }
        // cut the later change words first, so the earlier ones' offsets still hold
        cuts.sort(Comparator.comparingInt(Change::start).reversed());
        StringBuilder text = new StringBuilder(sentence);
        int[] causeRange = {c == null ? cause.start() : c.end(), cause.end()};
        int[] effectRange = {e == null ? effect.start() : e.end(), effect.end()};
        causeRange[0] = skipSpaces(sentence, causeRange[0]);
        effectRange[0] = skipSpaces(sentence, effectRange[0]);
        for (Change cut : cuts) {
            int to = skipSpaces(sentence, cut.end());
            text.delete(cut.start(), to);
            int removed = to - cut.start();
            causeRange = shifted(causeRange, cut.start(), removed);
            effectRange = shifted(effectRange, cut.start(), removed);
        }
        if (causeRange[0] >= causeRange[1] || effectRange[0] >= effectRange[1]) {
            return Optional.empty();
        }
        return Optional.of(new Masked(text.toString(), causeRange[0], causeRange[1], effectRange[0], effectRange[1],
                c == null ? unchanged(cause) : c.node(), e == null ? unchanged(effect) : e.node()));
    }

    /**
     * The change word opening a mention or standing right before it, or null. One before it is the verb itself when
     * nothing else stands between the other mention and it ("Prices weakened demand"), or when it is a second verb
     * ({@link TripleDecoding#coordinatedVerb}).
     */
    private static Change change(String sentence, ConceptSpan mention, ConceptSpan other) {
        String text = TripleDecoding.withChangeWordBefore(sentence, mention);
        int start = mention.start() - (text.length() - mention.text().length());
        Polarity.Node node = Polarity.of(text);
        if (node.name().length() >= text.length() || node.name().isBlank()) {
            return null;
        }
        // a change word before the mention may be the other mention's words, the verb right after it, or the verb of
        // a second predicate after it ("displaced farmers and reduced")
        if (start < mention.start() && other.start() < mention.start() && (start < other.end()
                || sentence.substring(other.end(), start).chars().noneMatch(Character::isLetter))) {
            return null;
        }
        if (other.end() <= start && TripleDecoding.coordinatedVerb(sentence.substring(other.end(), start), text)) {
            return null;
        }
        // the bare concept is the end of the text (Polarity strips from the front)
        return new Change(start, start + text.length() - node.name().length(), node);
    }

    /**
     * The change words opening the objects coordinated before the effect's change word at {@code at} ("reduced" of
     * "led to reduced maize harvests and | higher food prices"), when each of them opens with one and a cue of the
     * lexicon stands right before the first ("led to", "caused"); none otherwise: without the cue the first word may be
     * the verb itself ("Drought reduced incomes and lower ...").
     */
    private static List<Change> coordinatedChanges(String sentence, int from, int at) {
        List<Change> found = new ArrayList<>();
        int end = at;
        while (true) {
            Matcher coordinator = COORDINATOR_AT_END.matcher(sentence).region(from, end);
            if (!coordinator.find()) {
                return List.of();
            }
            end = coordinator.start();
            Change opener = null;
            for (int words = 0; words < OBJECT_WORDS && opener == null; words++) {
                Matcher word = WORD_AT_END.matcher(sentence).region(from, end);
                if (!word.find()) {
                    return List.of();
                }
                end = word.start(1);
                // the object's first word: a change word, not the object's only word
                if (words > 0 && Polarity.isChangeModifier(word.group(1))) {
                    opener = new Change(word.start(1), word.end(1), null);
                }
            }
            if (opener == null) {
                return List.of();
            }
            found.add(opener);
            String before = sentence.substring(from, end);
            List<CueMatch> cues = CueLexicon.DEFAULT.find(before);
            if (!cues.isEmpty() && before.substring(cues.getLast().end()).isBlank()) {
                return found;
            }
        }
    }

    private static Polarity.Node unchanged(ConceptSpan mention) {
        return new Polarity.Node(mention.text(), false);
    }

    private static int skipSpaces(String s, int at) {
        while (at < s.length() && s.charAt(at) == ' ') {
            at++;
        }
        return at;
    }

    private static int[] shifted(int[] range, int at, int removed) {
        return new int[] {range[0] >= at ? range[0] - removed : range[0], range[1] > at ? range[1] - removed
                : range[1]};
    }

    private ChangeWordMask() {
    }
}
