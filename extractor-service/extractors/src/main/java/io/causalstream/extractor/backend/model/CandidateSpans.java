package io.causalstream.extractor.backend.model;

import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The candidate concepts of a sentence, from its noun-phrase chunks: every chunk on its own ("low levels",
 * "rainfall"), a chunk with one or two attached "of/for/in/to/on" phrases ("low levels of rainfall"), and a gerund
 * with its object ("reducing poverty"). Leading determiners and possessives are dropped; pronouns, spans without a
 * letter, a lone function word, spans of time words and numbers only ("each year") and the population a claim holds
 * in ("among older adults") are no concept, and a causal verb the tagger put inside a noun chunk is taken out of it
 * ({@link #withVerbsOutOfNounChunks}). At most {@link #MAX} per sentence, in sentence order, each character range
 * once.
 */
public final class CandidateSpans {

    /** Candidates per sentence, so the pairs stay at most MAX * (MAX - 1). */
    public static final int MAX = 14;
    private static final Set<String> ATTACHMENTS = Set.of("of", "for", "in", "to", "on");
    private static final Set<String> LEADING_DROPS = Set.of("DT", "PDT", "PRP$", "WDT", "WP$", "EX", "CC", "POS");
    private static final Set<String> PRONOUNS = Set.of("it", "this", "that", "these", "those", "they", "them",
            "which", "who", "we", "he", "she", "there", "one", "i", "you", "us", "him", "her", "its", "their", "what",
            "such", "some", "all", "both", "each", "other", "others");
    /** Verbs of change the cue lexicon leaves out (it lists no bare "lower": mostly the adjective), by form. */
    private static final Set<String> EXTRA_VERBS = Set.of("lower", "kill", "kills", "killed", "shrink", "shrinks",
            "shrank", "deplete", "depletes", "depleted", "cut", "cuts", "protect", "protects", "protected",
            "worsen", "worsens", "worsened");
    /** Function words the chunker may leave alone in a noun chunk ("of"). */
    private static final Set<String> FUNCTION_WORDS = Set.of("of", "in", "on", "for", "to", "at", "by", "with", "from",
            "into", "about", "per", "via", "as", "than", "and", "or", "but", "nor", "so", "then", "thus", "also",
            "not", "very", "however", "whether", "if", "a", "an", "the", "turn");
    /** Words that only say when or how often. */
    private static final Set<String> TIME_WORDS = Set.of("year", "years", "month", "months", "week", "weeks", "day",
            "days", "decade", "decades", "century", "centuries", "season", "seasons", "time", "times", "period",
            "periods", "today", "yesterday", "annually", "quarter", "quarters", "hour", "hours", "morning",
            "evening", "night");

    public static List<ConceptSpan> of(ChunkedSentence s) {
        String[] tags = withVerbsOutOfNounChunks(s);
        java.util.Optional<ConceptSpan> anaphor = openingAnaphor(s);
        anaphor.ifPresent(a -> verbAfterAnaphor(s, tags, a.to() + 1));
        List<int[]> chunks = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (tags[i].endsWith("NP") && !tags[i].startsWith("I-") && !population(s, i)) {
                int j = i;
                while (j + 1 < s.size() && tags[j + 1].startsWith("I-")) {
                    j++;
                }
                chunks.add(new int[] {i, j});
                i = j;
            }
        }
        Map<Long, ConceptSpan> out = new LinkedHashMap<>();
        for (int c = 0; c < chunks.size(); c++) {
            int from = chunks.get(c)[0];
            int to = chunks.get(c)[1];
            if (quantity(s, from, to)) {
                continue; // "2% of body mass", "27 to 18 percent": the measure of a concept, not one
            }
            if (!possessor(s, to, chunks, c)) {
                add(s, from, to, out);
            }
            if (from > 0 && s.pos()[from - 1].equals("VBG")) {
                add(s, from - 1, to, out);
            }
            int end = to;
            for (int k = c + 1; k < chunks.size() && k <= c + 2; k++) {
                int p = end + 1;
                if (p >= s.size() || chunks.get(k)[0] != p + 1
                        || !ATTACHMENTS.contains(s.token(p).toLowerCase(Locale.ROOT))) {
                    break;
                }
                end = chunks.get(k)[1];
                add(s, from, end, out);
            }
        }
        anaphor.ifPresent(a -> out.putIfAbsent(((long) a.start() << 32) | a.end(), a));
        List<ConceptSpan> list = new ArrayList<>(out.values());
        list.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start())
                : Integer.compare(a.end(), b.end()));
        return list.size() > MAX ? List.copyOf(list.subList(0, MAX)) : list;
    }

    /**
     * The chunk tags with a causal verb the tagger read as part of a noun phrase taken out of it: "Statins
     * <b>lower</b> LDL cholesterol" (lower/JJR), "nitrate runoff <b>raised</b> algae growth" (raised/VBN), "low oxygen
     * <b>kills</b> fish" (kills/NNS) are one chunk each, so neither end was a concept. A token inside a noun chunk, a
     * noun before it and a noun after it in the same chunk, is a verb when it is a verb form of the cue lexicon or of
     * {@link #EXTRA_VERBS} that agrees with the noun before it: a past form after any noun, an -s form after a
     * singular noun ("oxygen kills"), a base form after a plural one ("statins lower"). The verb leaves the chunk and
     * the next token opens a new one.
     */
    static String[] withVerbsOutOfNounChunks(ChunkedSentence s) {
        String[] tags = s.chunks().clone();
        for (int k = 1; k + 1 < s.size(); k++) {
            if (!tags[k].equals("I-NP") || !tags[k + 1].equals("I-NP") || !s.pos()[k - 1].startsWith("NN")
                    || !s.pos()[k + 1].matches("NN.*|JJ.*|VBG|VBN")) {
                continue;
            }
            if (agreesAsVerb(s.token(k).toLowerCase(Locale.ROOT), s.pos()[k - 1]) && nounFollows(s, tags, k + 1)) {
                tags[k] = "B-VP";
                tags[k + 1] = "B-NP";
            }
        }
        withTheOnlyVerbOutOfNounChunks(s, tags);
        return tags;
    }

    /**
     * A sentence whose noun chunks hold every word the tagger read as a verb has its verb inside one of them: "Lower
     * interest rates <b>amplified</b> house prices" (amplified/VBN opens the second chunk), "Rates <b>push up</b>
     * prices" (a particle opens it). Without a word list: a past or present verb form (VBD, VBN, VBZ, VBP) that
     * (or a cue verb's form read as an adjective: "limited") follows a noun of a noun chunk and is followed by a noun
     * in its own chunk is the verb, and a particle (RP)
     * right after it goes with it. Only when no verb stands outside the noun chunks, so "Rates rose on limited
     * supplies" keeps "limited supplies".
     */
    private static void withTheOnlyVerbOutOfNounChunks(ChunkedSentence s, String[] tags) {
        for (int k = 0; k < s.size(); k++) {
            if (!tags[k].endsWith("NP") && s.pos()[k].startsWith("VB")) {
                return;
            }
        }
        for (int k = 1; k + 1 < s.size(); k++) {
            if (!tags[k].endsWith("NP") || !tags[k - 1].endsWith("NP") || !s.pos()[k - 1].startsWith("NN")
                    || !(s.pos()[k].matches("VBD|VBN|VBZ|VBP")
                    || s.pos()[k].startsWith("JJ") && verbForm(s.token(k).toLowerCase(Locale.ROOT)))) {
                continue;
            }
            int next = k + 1;
            boolean particle = s.pos()[next].equals("RP") && next + 1 < s.size();
            if (particle) {
                next++;
            }
            if (!tags[next].endsWith("NP") || !nounFollows(s, withChunkStart(tags, next), next)) {
                continue;
            }
            tags[k] = "B-VP";
            if (particle) {
                tags[k + 1] = "B-PRT";
            }
            tags[next] = "B-NP";
            return;
        }
    }

    private static String[] withChunkStart(String[] tags, int at) {
        String[] copy = tags.clone();
        copy[at] = "B-NP";
        return copy;
    }

    /** Whether the word alone is a verb form of a cue (the lexicon's or {@link #EXTRA_VERBS}). */
    private static boolean verbForm(String word) {
        if (EXTRA_VERBS.contains(word)) {
            return true;
        }
        List<CueMatch> m = CueLexicon.DEFAULT.find(word);
        return m.size() == 1 && m.getFirst().cue().kind() == Cue.Kind.VERB && m.getFirst().start() == 0
                && m.getFirst().end() == word.length();
    }

    private static boolean agreesAsVerb(String word, String nounBefore) {
        if (!verbForm(word)) {
            return false;
        }
        boolean plural = nounBefore.equals("NNS") || nounBefore.equals("NNPS");
        if (word.endsWith("ed") || word.equals("drove") || word.equals("shrank")) {
            return true;
        }
        if (word.endsWith("s") && !word.endsWith("ss")) {
            return !plural;
        }
        return plural;
    }

    private static boolean nounFollows(ChunkedSentence s, String[] tags, int from) {
        for (int i = from; i < s.size() && (i == from || tags[i].equals("I-NP")); i++) {
            if (s.pos()[i].startsWith("NN")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pronoun that opens a sentence and stands for what the sentence before said ("This, in turn, raises food
     * prices", "In turn, these lower ..."): a concept of its own, so the relation head reads its pair; decoding names
     * it after the sentence before ({@link SentenceChain}). A determiner of a noun ("This decline") is none.
     */
    static java.util.Optional<ConceptSpan> openingAnaphor(ChunkedSentence s) {
        int i = 0;
        if (s.size() > 2 && s.token(0).equalsIgnoreCase("in") && s.token(1).equalsIgnoreCase("turn")) {
            i = s.token(2).equals(",") ? 3 : 2;
        } else if (s.size() > 1 && s.token(0).matches("(?i)thus|therefore|consequently|subsequently|then")) {
            i = s.token(1).equals(",") ? 2 : 1;
        }
        if (i >= s.size() || !SentenceChain.BARE_ANAPHORS.contains(s.token(i).toLowerCase(Locale.ROOT))
                || i + 1 < s.size() && s.pos()[i + 1].matches("NN.*|JJ.*|CD|VBG") && !verbAfter(s, i)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new ConceptSpan(i, i, s.tokenStarts()[i], s.tokenEnds()[i], s.token(i)));
    }

    /**
     * "This, in turn, <b>lowers</b> consumer spending": after an opening pronoun the tagger may read the verb as the
     * first noun of the next chunk (lowers/NNS). A verb form of a cue that opens a noun chunk there, a noun after it
     * in the chunk, leaves the chunk, and the next token opens a new one.
     */
    private static void verbAfterAnaphor(ChunkedSentence s, String[] tags, int from) {
        int k = from;
        while (k < s.size() && s.token(k).matches("(?i),|in|turn|also|further|then|directly|indirectly")) {
            k++;
        }
        if (k + 1 < s.size() && tags[k].endsWith("-NP") && tags[k + 1].equals("I-NP")
                && verbForm(s.token(k).toLowerCase(Locale.ROOT)) && nounFollows(s, tags, k + 1)) {
            tags[k] = "B-VP";
            tags[k + 1] = "B-NP";
        }
    }

    /**
     * "This <b>lowers</b> air pollution": the tagger reads the pronoun and the verb as one noun phrase. The word
     * after the pronoun is a verb when it is a cue's verb form that agrees with it: an -s or past form after "this",
     * "that" or "which", a base or past form after "these".
     */
    private static boolean verbAfter(ChunkedSentence s, int i) {
        String w = s.token(i + 1).toLowerCase(Locale.ROOT);
        if (!verbForm(w)) {
            return false;
        }
        boolean plural = s.token(i).equalsIgnoreCase("these");
        return w.endsWith("ed") || (plural ? !w.endsWith("s") : w.endsWith("s") && !w.endsWith("ss"));
    }

    /**
     * A chunk that names the population a claim holds in, not a concept of it: "among older adults", "in a sample
     * of 900 nurses", "aged 40 to 65".
     */
    private static boolean population(ChunkedSentence s, int chunkStart) {
        if (chunkStart == 0) {
            return false;
        }
        String before = s.token(chunkStart - 1).toLowerCase(Locale.ROOT);
        return before.equals("among") || before.equals("aged")
                || chunkStart >= 3 && before.equals("of") && s.token(chunkStart - 2).equalsIgnoreCase("sample");
    }

    /**
     * A span that is no concept however the chunker grouped it: one function word ("of", the "turn" of "in
     * turn"), or only time words and numbers ("each year", "two decades", "2019").
     */
    static boolean functionOrTime(ChunkedSentence s, int from, int to) {
        if (from == to && FUNCTION_WORDS.contains(s.token(from).toLowerCase(Locale.ROOT))) {
            return true;
        }
        for (int i = from; i <= to; i++) {
            String w = s.token(i).toLowerCase(Locale.ROOT);
            boolean timeOrNumber = TIME_WORDS.contains(w) || s.pos()[i].equals("CD") || w.matches("each|every|"
                    + "last|next|this|that|these|those|early|late|mid|first|second|third|several|few|many");
            if (!timeOrNumber) {
                return false;
            }
        }
        return true;
    }

    /** Words that only say how much: units and multipliers beside numbers. */
    private static final Set<String> QUANTITY_WORDS = Set.of("percent", "per", "cent", "%", "percentage", "point",
            "points", "fold", "million", "billion", "thousand", "hundred", "dozen", "half", "third", "quarter",
            "units", "unit", "to", "and", "from", "about", "around", "roughly", "nearly", "almost", "some", "over",
            "under", "by", "than", "more", "less", "up", "a", "an", "tonnes", "tons", "kg", "km", "mg", "g", "ml",
            "litres", "liters", "metres", "meters", "miles", "hectares", "ha", "acres", "dollars", "euros", "pounds",
            "usd", "mw", "gw", "kwh", "twh", "cm", "mm", "m", "kilometres", "kilograms", "basis", "standard",
            "deviations", "deviation", "sd", "x");

    /**
     * A chunk of numbers and units only ("27 to 18 percent", "2%", "1.1 million units"), with at least one number:
     * the size of a change, never a concept, and not the head of "2% of body mass" either.
     */
    static boolean quantity(ChunkedSentence s, int from, int to) {
        boolean number = false;
        for (int i = from; i <= to; i++) {
            String w = s.token(i).toLowerCase(Locale.ROOT);
            boolean n = s.pos()[i].equals("CD") || w.matches("[\\d.,]+%?");
            number |= n;
            if (!n && !QUANTITY_WORDS.contains(w) && !TIME_WORDS.contains(w) && !s.pos()[i].equals("DT")) {
                return false;
            }
        }
        return number;
    }

    /**
     * "children's receptive vocabulary", "the service's connection pool": a chunk that ends in a possessive marker
     * right before the next noun chunk names whose the concept is; alone it is no concept.
     */
    static boolean possessor(ChunkedSentence s, int to, List<int[]> chunks, int c) {
        boolean marked = s.pos()[to].equals("POS") || to + 1 < s.size() && s.pos()[to + 1].equals("POS");
        if (!marked) {
            return false;
        }
        int next = c + 1 < chunks.size() ? chunks.get(c + 1)[0] : -1;
        return next == to + 1 || !s.pos()[to].equals("POS") && next == to + 2;
    }

    /**
     * The candidates of a sentence from the chunks ({@link #of}, when {@code chunks} is given) and from the concept
     * mentions a tagger marked (words {@code [from, to]}), each mention trimmed and refused as a chunk is (a leading
     * article, a pronoun, a function word, time words, numbers and units only); a mention that is also a chunk's span
     * counts once. The opening anaphor stays a candidate either way, as sentence chains read it. Sorted by position;
     * the mentions are kept beyond {@link #MAX}.
     */
    public static List<ConceptSpan> withMentions(ChunkedSentence s, List<ConceptSpan> chunks, List<int[]> mentions) {
        Map<Long, ConceptSpan> out = new LinkedHashMap<>();
        for (ConceptSpan c : chunks) {
            out.putIfAbsent(((long) c.start() << 32) | c.end(), c);
        }
        openingAnaphor(s).ifPresent(a -> out.putIfAbsent(((long) a.start() << 32) | a.end(), a));
        for (int[] m : mentions) {
            if (m[0] < 0 || m[1] >= s.size() || m[0] > m[1] || quantity(s, m[0], m[1])) {
                continue;
            }
            add(s, m[0], m[1], out);
        }
        List<ConceptSpan> list = new ArrayList<>(out.values());
        list.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start())
                : Integer.compare(a.end(), b.end()));
        return list;
    }

    private static void add(ChunkedSentence s, int from, int to, Map<Long, ConceptSpan> out) {
        int b = from;
        while (b <= to && LEADING_DROPS.contains(s.pos()[b])) {
            b++;
        }
        int e = to;
        while (e >= b && (s.pos()[e].equals("POS") || !s.token(e).matches("(?s).*[\\p{L}\\p{N}].*"))) {
            e--;
        }
        if (b > e) {
            return;
        }
        int start = s.tokenStarts()[b];
        int end = s.tokenEnds()[e];
        String text = s.text().substring(start, end).strip();
        if (text.isEmpty() || !text.matches("(?s).*\\p{L}.*") || PRONOUNS.contains(text.toLowerCase(Locale.ROOT))
                || functionOrTime(s, b, e)) {
            return;
        }
        out.putIfAbsent(((long) start << 32) | end, new ConceptSpan(b, e, start, end, text));
    }

    private CandidateSpans() {
    }
}
