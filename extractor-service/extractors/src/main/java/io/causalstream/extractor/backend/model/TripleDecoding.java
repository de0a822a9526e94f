package io.causalstream.extractor.backend.model;

import io.causalstream.extractor.backend.ClaimSet;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.extractor.backend.rules.Polarity;
import io.causalstream.text.cues.ClauseChain;
import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import io.causalstream.text.cues.Negation;
import io.causalstream.text.cues.RelativeChain;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one decoding of the relation head's pair probabilities into triples, for the extractor and the trainers alike:
 * per sentence the pairs above the threshold, the sign as read or as a signed cue between the mentions states it,
 * a change word opening a mention moved into the sign, chains and anaphora read by their rules, a sentence the claim
 * detector refuses left out but for the clauses it asserts when asked about them alone. Stateless.
 */
public final class TripleDecoding {

    /** The triples of one passage's sentences under a head: the extractor's and the trainer's one decoding. */
    public static List<Triple> triples(List<SentenceFeatures> sentences, RelationHead head) {
        return triples(sentences, head, null);
    }

    /** The same, keeping no triple from a sentence the claim detector (if any) says asserts no causation. */
    public static List<Triple> triples(List<SentenceFeatures> sentences, RelationHead head, ClaimHead claimHead) {
        return triples(sentences, sentences.stream().map(head::score).toList(), head.threshold(), claimHead);
    }

    /** The same from pair probabilities already computed (one per sentence), at a threshold. */
    public static List<Triple> triples(List<SentenceFeatures> sentences, List<float[][][]> probabilities,
                                       float threshold) {
        return triples(sentences, probabilities, threshold, null);
    }

    /** The same with a claim detector (null: every sentence may hold a claim). */
    public static List<Triple> triples(List<SentenceFeatures> sentences, List<float[][][]> probabilities,
                                       float threshold, ClaimHead claimHead) {
        return triples(sentences, probabilities, threshold, claimHead, null);
    }

    /**
     * The same, the head's sign of a pair with a change word read by {@code bareSigns} on the sentence without its
     * change words ({@link #readWithoutChangeWords}; null: the head's reading of the sentence as written).
     */
    public static List<Triple> triples(List<SentenceFeatures> sentences, List<float[][][]> probabilities,
                                       float threshold, ClaimHead claimHead, PairSignReader bareSigns) {
        return triples(sentences, probabilities, threshold, claimHead, bareSigns, null);
    }

    /**
     * The same, a sentence the claim detector refuses keeping the pairs whose clause it asserts when asked about
     * alone ({@code clauses}; null: a refused sentence keeps nothing).
     */
    public static List<Triple> triples(List<SentenceFeatures> sentences, List<float[][][]> probabilities,
                                       float threshold, ClaimHead claimHead, PairSignReader bareSigns,
                                       ClauseClaims clauses) {
        ClaimSet claims = new ClaimSet();
        List<SentenceChain.Concept> previous = List.of();
        int previousEnd = Integer.MIN_VALUE;
        for (int k = 0; k < sentences.size(); k++) {
            SentenceFeatures f = sentences.get(k);
            // the concepts of the sentence just before, if it was read: a sentence in between holds no pair
            List<SentenceChain.Concept> before = f.sentence().start() - previousEnd <= ADJACENT ? previous : List.of();
            previous = List.of();
            previousEnd = f.sentence().start() + f.sentence().text().length();
            String text = f.sentence().text();
            // a question keeps nothing; a sentence the detector refuses only the clauses it asserts alone
            boolean refused = detectorRefuses(claimHead, f);
            if (AssertionFilter.openQuestion(text) || refused && clauses == null) {
                continue;
            }
            List<Read> read = new ArrayList<>();
            List<PairDecoder.Decoded> decoded = new ArrayList<>(PairDecoder.decode(f, probabilities.get(k), threshold));
            if (before.stream().anyMatch(SentenceChain.Concept::effect)) {
                statedFromAnaphor(f, probabilities.get(k), decoded).ifPresent(decoded::add);
            }
            // "reduced crop yields and farm incomes": one edge per conjunct, where the head reads the first
            decoded.addAll(CoordinatedMentions.pairs(f, probabilities.get(k), decoded));
            // "fever from dehydration": the effect first, inside one noun phrase, where the head seldom links
            List<PairDecoder.Decoded> fromPairs = EffectFromCause.pairs(f, probabilities.get(k), decoded);
            decoded.addAll(fromPairs);
            if (refused) {
                decoded.retainAll(statedInAClause(f, decoded, clauses));
            }
            for (PairDecoder.Decoded e : decoded) {
                ConceptSpan cause = f.spans().get(e.cause());
                ConceptSpan effect = f.spans().get(e.effect());
                // the words between an effect and its cause are only "from": no verb for the filters to read
                if (!fromPairs.contains(e) && (acrossAChain(text, cause, effect)
                        || AssertionFilter.unasserted(text, cause, effect) || anaphor(effect))) {
                    continue;
                }
                SentenceChain.Resolution named = SentenceChain.resolve(text, cause, before);
                if (named.dropped()) {
                    continue;
                }
                Direction direction = chained(text, cause, effect) ? Polarity.flip(e.direction())
                        : statedBetween(text, cause, effect)
                        .or(() -> readWithoutChangeWords(text, cause, effect, bareSigns)).orElse(e.direction());
                if (named.reversed()) {
                    direction = Polarity.flip(direction);
                }
                // one convention for every edge: the label is the bare concept, the sign the net one (a change
                // word that opens a mention is in the sign, never also in the label: Polarity)
                String source = Polarity.of(named.labelOr(cause.text())).name();
                String target = Polarity.of(effect.text()).name();
                if (source.isBlank() || target.isBlank() || source.equalsIgnoreCase(target)) {
                    continue;
                }
                int base = f.sentence().start();
                EvidenceSpan span = new EvidenceSpan(base + Math.min(cause.start(), effect.start()),
                        base + Math.max(cause.end(), effect.end()));
                claims.add(List.of(source, target, direction), source, target,
                        direction, List.of(span), (double) e.confidence());
                read.add(new Read(cause.start(), source, false));
                read.add(new Read(effect.start(), target, true));
            }
            previous = read.stream().sorted(java.util.Comparator.comparingInt(Read::at))
                    .map(r -> new SentenceChain.Concept(r.label(), r.effect())).toList();
        }
        return claims.triples();
    }

    /**
     * The edge from a sentence's opening anaphor ({@link SentenceChain#anaphor}) that its words state, when the head
     * read none from it: the relation head was trained on concepts, and gives a pronoun or "This decline" no edge.
     * The effect is the concept right after the anaphor, the longest where several start there, with exactly one
     * signed cue between them ("This, in turn, <b>lowers</b> consumer spending"; in "This is the case where conflict
     * diminishes trade" the anaphor is no cause); the direction is the head's reading of the pair (the larger of
     * P(increase) and P(decrease)), which decoding then sets to the stated sign, its confidence the head's P(edge).
     */
    static Optional<PairDecoder.Decoded> statedFromAnaphor(SentenceFeatures f, float[][][] probabilities,
                                                            List<PairDecoder.Decoded> decoded) {
        String text = f.sentence().text();
        List<ConceptSpan> spans = f.spans();
        for (int a = 0; a < spans.size(); a++) {
            ConceptSpan anaphor = spans.get(a);
            int cause = a;
            if (!SentenceChain.anaphor(text, anaphor) || decoded.stream().anyMatch(d -> d.cause() == cause)) {
                continue;
            }
            // the concept right after the anaphor, the longest of those starting there; its cue must stand between
            int best = -1;
            for (int j = 0; j < spans.size(); j++) {
                ConceptSpan s = spans.get(j);
                if (s.start() >= anaphor.end() && (best < 0 || s.start() < spans.get(best).start()
                        || s.start() == spans.get(best).start() && s.end() > spans.get(best).end())) {
                    best = j;
                }
            }
            if (best < 0 || probabilities[a][best] == null
                    || statedBetween(text, anaphor, spans.get(best)).isEmpty()) {
                continue;
            }
            return Optional.of(PairDecoder.Decoded.of(a, best, probabilities[a][best]));
        }
        return Optional.empty();
    }

    /**
     * The sign of a pair whose mentions carry a change word, where no rule states it: the head's reading of the
     * sentence without the change words (the verb's sign: "fuel taxes drove down car trips"), turned by each change
     * word that reverses ("Lower fuel taxes drove down car trips" is fuel taxes -> car trips INCREASE). The head
     * read as written gave the verb's sign for some verbs and the net sign for others ({@code LiteralReadingTest}).
     * Empty without a reader or a change word: the head's sign of the sentence as written stands.
     */
    static Optional<Direction> readWithoutChangeWords(String sentence, ConceptSpan cause, ConceptSpan effect,
                                                      PairSignReader reader) {
        if (reader == null) {
            return Optional.empty();
        }
        return ChangeWordMask.of(sentence, cause, effect).flatMap(m -> reader.read(m.text(), m.causeStart(),
                m.causeEnd(), m.effectStart(), m.effectEnd()).map(d -> Polarity.combine(d, m.cause(), m.effect())));
    }

    /**
     * The pairs of a sentence the claim detector refused whose clause, the words from the first mention to the last
     * read alone, it asserts ({@link ClauseClaims}): "the pain caused by the crisis" in "Asia feels the pain caused by
     * the crisis but could recover fast". Each clause is asked about once.
     */
    static List<PairDecoder.Decoded> statedInAClause(SentenceFeatures f, List<PairDecoder.Decoded> decoded,
                                                     ClauseClaims clauses) {
        String text = f.sentence().text();
        java.util.Map<String, Boolean> asked = new java.util.HashMap<>();
        return decoded.stream().filter(d -> {
            ConceptSpan a = f.spans().get(d.cause());
            ConceptSpan b = f.spans().get(d.effect());
            String clause = text.substring(Math.min(a.start(), b.start()), Math.max(a.end(), b.end()));
            return asked.computeIfAbsent(clause, clauses::asserts);
        }).toList();
    }

    /** At most this many characters between two sentences read as one after the other. */
    private static final int ADJACENT = 3;

    /** A concept an edge of a sentence names, where it is written in the sentence. */
    private record Read(int at, String label, boolean effect) {
    }

    /** Whether a span is a bare anaphor ("This" opening a sentence): a cause to resolve, never an effect. */
    private static boolean anaphor(ConceptSpan span) {
        return SentenceChain.BARE_ANAPHORS.contains(span.text().toLowerCase(Locale.ROOT));
    }

    /**
     * Whether a sentence keeps none of its pairs: the claim detector (if any) says it asserts no causation, or it
     * asks or leaves open what it says ({@link AssertionFilter#openQuestion}).
     */
    static boolean refuses(ClaimHead claimHead, SentenceFeatures f) {
        return detectorRefuses(claimHead, f) || AssertionFilter.openQuestion(f.sentence().text());
    }

    /** Whether the claim detector (if any) says the sentence, read whole, asserts no causation. */
    private static boolean detectorRefuses(ClaimHead claimHead, SentenceFeatures f) {
        return claimHead != null && !claimHead.asserts(f.sentenceVector());
    }

    /**
     * "X curbs Y, which lowers Z": the head reads the cue next to the pair ("lowers") and so gives Y DECREASE Z, but
     * "which" is the curbing of Y, so the chained edge Y -> Z takes the opposite sign ({@link RelativeChain}).
     */
    static boolean chained(String sentence, ConceptSpan cause, ConceptSpan effect) {
        return cause.end() <= effect.start() && RelativeChain.flips(sentence.substring(0, cause.start()),
                sentence.substring(cause.end(), effect.start()));
    }

    /**
     * "Drought reduces crop yields, and lower yields raise food prices": the head also pairs the first clause's cause
     * with the second clause's effect (and reads the sign off the nearer cue). The text links them only through the
     * middle concept ({@link ClauseChain}), and the guidelines leave such transitive edges out: not emitted.
     */
    static boolean acrossAChain(String sentence, ConceptSpan cause, ConceptSpan effect) {
        ConceptSpan first = cause.start() <= effect.start() ? cause : effect;
        ConceptSpan second = first == cause ? effect : cause;
        return first.end() <= second.start()
                && ClauseChain.in(sentence.substring(first.end(), second.start())).isPresent();
    }

    /**
     * The sign the text states between the two mentions, when it states exactly one: "Better drainage
     * <b>reduces</b> urban flooding" is DECREASE whatever the head read (it gave INCREASE, at 0.45). Only one signed
     * cause-first cue of the shared lexicon between cause and effect, nothing negated or denied; a change word
     * opening a mention ("lower yields") turns the sign as in the rules ({@link Polarity}). Otherwise empty: the
     * head's sign stands. Where several cues stand between them, the one that governs the effect states the sign
     * ({@link #governs}). A sign the text states outright is more reliable than the head's reading of it (chosen on
     * the validation split, docs/extractor-model.md).
     */
    static Optional<Direction> statedBetween(String sentence, ConceptSpan cause, ConceptSpan effect) {
        if (cause.end() > effect.start()) {
            return Optional.empty();
        }
        String bridge = sentence.substring(cause.end(), effect.start());
        // a change word right before a mention is the mention's ("caused lower car trips", "Declining rates raise"),
        // whether or not the chunker put it inside the mention
        String causeText = withChangeWordBefore(sentence, cause);
        String effectText = withChangeWordBefore(sentence, effect);
        if (effectText.length() > effect.text().length()) {
            String rest = bridge.substring(0, Math.max(0, bridge.length() - (effectText.length()
                    - effect.text().length())));
            if (CueLexicon.DEFAULT.find(rest).isEmpty() || coordinatedVerb(rest, effectText)) {
                // the word is the verb itself: "X lowered Y", "X displaced farmers and reduced Y"
                effectText = effect.text();
            } else {
                bridge = rest;
            }
        } else if (coordinatedVerb(bridge, effect.text())) {
            // the chunker put the second verb inside the effect ("reduced incomes and [increased food prices]"): that
            // verb gives the sign, a cue of the lexicon or not ("elevated")
            if (negated(bridge, sentence.substring(0, effect.start()))) {
                return Optional.empty();
            }
            // the effect opens with the verb: Polarity reads its sign off it, and the effect is the rest, unchanged
            Polarity.Node afterVerb = Polarity.of(effect.text());
            Direction said = afterVerb.reversed() ? Direction.DECREASE : Direction.INCREASE;
            return Optional.of(Polarity.combine(said, Polarity.of(causeText),
                    new Polarity.Node(afterVerb.name(), false)));
        }
        List<CueMatch> cues = CueLexicon.DEFAULT.find(bridge);
        if (cues.isEmpty() || cues.size() > 1 && !governs(bridge, cues)) {
            return Optional.empty();
        }
        CueMatch only = cues.getLast();
        Polarity.Node effectNode = Polarity.of(effectText);
        Polarity.Node causeNode = Polarity.of(causeText);
        // an unsigned cue ("caused", "led to") states a sign only through a change word ("caused lower car trips"),
        // and only when nothing follows it before the effect: a particle makes it another verb ("drove down")
        boolean changeWord = (effectNode.name().length() < effectText.length()
                || causeNode.name().length() < causeText.length()) && bridge.substring(only.end()).isBlank();
        if (only.cue().orientation() != Cue.Orientation.FORWARD
                || only.cue().sign() == Cue.Sign.UNSIGNED && !changeWord
                || negated(bridge, sentence.substring(0, cause.end() + only.start()))) {
            return Optional.empty();
        }
        return Optional.of(Polarity.combine(Polarity.direction(only.cue().signFor(effectNode.name())),
                causeNode, effectNode));
    }

    /** Whether the words between the mentions negate the verb, or the words up to the verb deny the claim. */
    private static boolean negated(String bridge, String upToTheVerb) {
        return Negation.occursIn(bridge.toLowerCase(Locale.ROOT)) || Negation.denied(upToTheVerb);
    }

    private static final java.util.regex.Pattern COORDINATOR = java.util.regex.Pattern.compile(
            "(?i)\\p{L}.*[\\s,](and|or|but)\\s*$");

    /**
     * Whether the change word opening {@code changed} (a mention with the change word before it) is the verb of a
     * second predicate of the sentence's subject: a past form ("reduced", "increased") right after "and" / "or" /
     * "but" that closes words after the other mention ({@code between}): "Drought reduced incomes and
     * <b>increased</b> food prices", "The conflict displaced farmers and <b>reduced</b> maize production". A past
     * form there reads as the verb; as the mention's change word it would turn the first verb's sign.
     */
    static boolean coordinatedVerb(String between, String changed) {
        String first = changed.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        return first.endsWith("ed") && Polarity.isChangeModifier(first) && COORDINATOR.matcher(between).find();
    }

    /**
     * A mention's text with the change word that stands right before it ("lower" of "caused lower car trips", "a
     * decline in" of "fuelled a decline in river flooding"), when the mention does not open with one of its own;
     * otherwise the mention's text. A change noun's phrase counts as {@link Polarity} reads it: one to four words
     * ending in "in" or "of" that it takes off whole.
     */
    static String withChangeWordBefore(String sentence, ConceptSpan mention) {
        if (Polarity.of(mention.text()).name().length() < mention.text().length()) {
            return mention.text();
        }
        int[] word = wordBefore(sentence, mention.start());
        String last = sentence.substring(word[0], word[1]);
        if (!last.isEmpty() && Polarity.isChangeModifier(last)) {
            return sentence.substring(word[0], mention.start()) + mention.text();
        }
        if (!last.equalsIgnoreCase("in") && !last.equalsIgnoreCase("of")) {
            return mention.text();
        }
        String longest = mention.text();
        for (int words = 2; words <= 4; words++) {
            word = wordBefore(sentence, word[0]);
            if (word[0] == word[1]) {
                break;
            }
            String phrase = sentence.substring(word[0], mention.start()) + mention.text();
            if (Polarity.of(phrase).name().equals(mention.text())) {
                longest = phrase;
            }
        }
        return longest;
    }

    /** The word ending before {@code at} (spaces between skipped) as {@code [start, end)}; empty when none. */
    private static int[] wordBefore(String sentence, int at) {
        int end = at;
        while (end > 0 && sentence.charAt(end - 1) == ' ') {
            end--;
        }
        int start = end;
        while (start > 0 && Character.isLetter(sentence.charAt(start - 1))) {
            start--;
        }
        return new int[] {start, end};
    }

    /**
     * Whether the last of several cues between the mentions is the verb of the effect: "Higher tariffs raised import
     * prices and, within a year, curbed consumer demand" (the cause's second verb, its object the effect). At most two
     * words stand between that cue and the effect, and the cue before it has an object of its own ("drought reduces
     * and raises yields" states no one sign for yields).
     */
    static boolean governs(String bridge, List<CueMatch> cues) {
        CueMatch last = cues.getLast();
        String rest = bridge.substring(last.end()).strip();
        String between = bridge.substring(cues.get(cues.size() - 2).end(), last.start())
                .replaceAll("(?i)[,;]|\\b(and|or|but|then|also|both)\\b", " ").strip();
        return !between.isEmpty() && (rest.isEmpty() || rest.split("\\s+").length <= 2);
    }

    private TripleDecoding() {
    }
}
