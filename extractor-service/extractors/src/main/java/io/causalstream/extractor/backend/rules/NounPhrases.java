package io.causalstream.extractor.backend.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Node names from the OpenNLP chunks around a cue. On the cue's left, the noun phrase that is the cue verb's
 * subject (auxiliaries, modals and adverbs in between are skipped: "deforestation <i>can also</i> lead to"); on its
 * right, the noun phrase that is its object (a gerund before it is kept: "barriers to <i>seeking</i> care").
 * A phrase grows over "of"/"for"/"to"/"in" attachments ("low levels <i>of rainfall</i>") and over coordination
 * ("illiteracy <i>and</i> low levels of education"), then is split back into one node per distinct concept (rater
 * guideline 7): coordinated nouns become separate nodes, coordinated adjectives share their head noun ("ecological
 * and social compensation measures" gives "ecological compensation measures" and "social compensation
 * measures"). Words are kept as written (guidelines 2 and 5); only leading determiners and possessives go.
 */
final class NounPhrases {

    /** Prepositions whose phrase is part of the concept on the object side. */
    static final Set<String> RIGHT_ATTACHMENTS = Set.of("of", "for", "to", "in", "on");
    /** Prepositions whose phrase is part of the concept on the subject side. */
    static final Set<String> LEFT_ATTACHMENTS = Set.of("of", "for", "to");
    private static final Set<String> SKIPPABLE_BEFORE_CUE = Set.of("VP", "ADVP", "PRT");
    private static final Set<String> LEADING_DROPS = Set.of("DT", "PDT", "PRP$", "WDT", "WP$", "EX", "IN", "TO",
            "CC");
    private static final Set<String> LEADING_WORD_DROPS = Set.of("both", "either", "such", "also", "so", "then",
            "thus", "therefore", "hence", "further");
    private static final Set<String> PRONOUNS = Set.of("it", "this", "that", "these", "those", "they", "them",
            "which", "who", "we", "he", "she", "there", "one", "i", "you", "us", "him", "her");

    private final TaggedSentence s;

    NounPhrases(TaggedSentence sentence) {
        this.s = sentence;
    }

    /** The nodes named by the noun phrase that ends right before {@code end} (the cue), within [start, end). */
    List<String> before(int start, int end) {
        return before(start, end, false);
    }

    /**
     * @param nounCue the cue is itself a noun ("a barrier to"): its own determiner and adjectives before it are
     *                skipped, then the verb ("were"), to reach the subject
     */
    List<String> before(int start, int end, boolean nounCue) {
        int first = s.tokenAtOrAfter(start);
        int i = s.tokenEndingAtOrBefore(end);
        if (nounCue) {
            int cueToken = s.tokenAtOrAfter(end);
            if (cueToken < s.size() && s.chunks()[cueToken].startsWith("I-")) {
                while (i >= first && !s.chunks()[i].startsWith("B-")) {
                    i--;
                }
                i--; // the chunk's first token, a determiner or an adjective of the cue noun
            }
            while (i >= first && (s.pos()[i].equals("IN") || s.pos()[i].equals("CC") || s.token(i).equals(","))) {
                i--; // "as a barrier", "and a barrier"
            }
        }
        while (i >= first && !s.isNounPhrase(i) && (SKIPPABLE_BEFORE_CUE.contains(s.chunkType(i))
                || s.pos()[i].equals("RB") || s.pos()[i].equals("MD") || s.pos()[i].equals("TO"))) {
            i--;
        }
        if (i < first || !s.isNounPhrase(i)) {
            return List.of();
        }
        int npEnd = i;
        int npStart = chunkStart(i, first);
        // grow leftwards over every attached phrase and coordination to the clause's subject ...
        while (true) {
            int p = npStart - 1;
            if (p - 1 < first) {
                break;
            }
            String w = s.token(p).toLowerCase(Locale.ROOT);
            boolean preposition = s.pos()[p].equals("IN") || s.pos()[p].equals("TO");
            boolean coordinate = s.pos()[p].equals("CC") || w.equals(",");
            if ((preposition || coordinate) && s.isNounPhrase(p - 1)) {
                npStart = chunkStart(p - 1, first);
            } else {
                break;
            }
        }
        // a change word the chunker left outside the phrase ("and [reduced] [school funding] led to", "[Rising]
        // [sea temperatures] intensify") belongs to it: Polarity moves it into the direction
        if (npStart - 1 >= first && Polarity.isChangeModifier(s.token(npStart - 1))
                && !s.isNounPhrase(npStart - 1)) {
            npStart--;
            if (npStart - 1 >= first && s.token(npStart - 1).toLowerCase(Locale.ROOT).endsWith("ly")) {
                npStart--; // "sharply reduced funding"
            }
        }
        // ... then keep the subject with its concept-forming attachments, up to the first modifier phrase
        // ("illiteracy and low levels of education | among some of the women")
        for (int k = npStart; k <= npEnd; k++) {
            String w = s.token(k).toLowerCase(Locale.ROOT);
            if ((s.pos()[k].equals("IN") || s.pos()[k].equals("TO")) && k > npStart && !LEFT_ATTACHMENTS.contains(w)
                    && !((w.equals("in") || w.equals("of")) && Polarity.isChangeNoun(s.token(k - 1)))) {
                npEnd = k - 1;
                break;
            }
        }
        return nodes(npStart, npEnd);
    }

    /** The nodes named by the noun phrase that starts right after {@code start} (the cue), within [start, end). */
    List<String> after(int start, int end) {
        int i = s.tokenAtOrAfter(start);
        int last = s.tokenEndingAtOrBefore(end);
        while (i <= last && (s.chunkType(i).equals("ADVP") || s.chunkType(i).equals("PRT"))) {
            i++;
        }
        if (i > last) {
            return List.of();
        }
        int npStart = i;
        if (!s.isNounPhrase(i)) {
            // a gerund heading the object: "barriers to seeking skilled care"
            if (s.pos()[i].equals("VBG") && i + 1 <= last && s.isNounPhrase(i + 1)) {
                i++;
            } else {
                return List.of();
            }
        }
        int npEnd = chunkEnd(i, last);
        while (true) {
            int p = npEnd + 1;
            if (p + 1 > last) {
                break;
            }
            String w = s.token(p).toLowerCase(Locale.ROOT);
            boolean attach = (s.pos()[p].equals("IN") || s.pos()[p].equals("TO")) && RIGHT_ATTACHMENTS.contains(w);
            boolean coordinate = s.pos()[p].equals("CC") || w.equals(",");
            if ((attach || coordinate) && s.isNounPhrase(p + 1) && s.chunks()[p + 1].startsWith("B-")) {
                npEnd = chunkEnd(p + 1, last);
            } else if (attach && s.pos()[p + 1].equals("VBG") && p + 2 <= last && s.isNounPhrase(p + 2)) {
                npEnd = chunkEnd(p + 2, last); // "support for managing invasive species"
            } else {
                break;
            }
        }
        // a trailing list comma without a conjunct after it belongs to the clause, not the phrase
        return nodes(npStart, npEnd);
    }

    private int chunkStart(int i, int floor) {
        while (i > floor && s.chunks()[i].startsWith("I-")) {
            i--;
        }
        return i;
    }

    private int chunkEnd(int i, int ceiling) {
        while (i < ceiling && s.chunks()[i + 1].startsWith("I-")) {
            i++;
        }
        return i;
    }

    /** Trims tokens [from, to], splits coordinated concepts, returns the node names. */
    List<String> nodes(int from, int to) {
        // the core is the part before the first preposition: coordination there joins concepts; after it, it
        // belongs to the attached phrase ("competition for grazing lands and water")
        int coreEnd = to;
        for (int i = from; i <= to; i++) {
            if (s.pos()[i].equals("IN") || s.pos()[i].equals("TO")) {
                coreEnd = i - 1;
                break;
            }
        }
        List<int[]> pieces = new ArrayList<>();
        int pieceStart = from;
        boolean list = false;
        for (int i = from; i <= coreEnd; i++) {
            boolean separator = s.pos()[i].equals("CC") || s.token(i).equals(",");
            if (separator) {
                list |= s.pos()[i].equals("CC");
                pieces.add(new int[] {pieceStart, i - 1});
                pieceStart = i + 1;
            }
        }
        pieces.add(new int[] {pieceStart, to});
        if (pieces.size() == 1 || !list) {
            String whole = text(trimStart(from, to), to);
            return whole.isEmpty() ? List.of() : List.of(whole);
        }
        int[] lastPiece = pieces.get(pieces.size() - 1);
        int headStart = headNounStart(lastPiece[0], Math.min(coreEnd, lastPiece[1]));
        List<String> out = new ArrayList<>();
        for (int k = 0; k < pieces.size(); k++) {
            int[] p = pieces.get(k);
            int b = trimStart(p[0], p[1]);
            if (b > p[1]) {
                continue;
            }
            boolean last = k == pieces.size() - 1;
            if (!last && !hasNoun(b, p[1]) && headStart >= 0) {
                // coordinated modifiers share the head: "ecological [and social] compensation measures"
                out.add(text(b, p[1]) + " " + text(headStart, to));
            } else {
                String t = text(b, p[1]);
                if (!t.isEmpty()) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private int headNounStart(int from, int to) {
        int i = to;
        if (i < from || !s.pos()[i].startsWith("NN")) {
            return -1;
        }
        while (i - 1 >= from && s.pos()[i - 1].startsWith("NN")) {
            i--;
        }
        return i;
    }

    /** Noun suffixes: the tagger reads "illiteracy" as an adjective, its shape says otherwise. */
    private static final java.util.regex.Pattern NOUN_SHAPE = java.util.regex.Pattern.compile(
            "(?i)\\p{L}{3,}(?:ity|acy|ness|tion|sion|ment|ism|ance|ence|ship|hood)s?");

    private boolean hasNoun(int from, int to) {
        for (int i = from; i <= to; i++) {
            if (s.pos()[i].startsWith("NN") || s.pos()[i].equals("CD") || s.pos()[i].equals("PRP")
                    || NOUN_SHAPE.matcher(s.token(i)).matches()) {
                return true;
            }
        }
        return false;
    }

    private int trimStart(int from, int to) {
        int b = from;
        while (b <= to && (LEADING_DROPS.contains(s.pos()[b])
                || LEADING_WORD_DROPS.contains(s.token(b).toLowerCase(Locale.ROOT)))) {
            b++;
        }
        return b;
    }

    /** The sentence text of tokens [from, to], or "" when it is no concept (empty, a pronoun, no letter). */
    private String text(int from, int to) {
        if (from > to) {
            return "";
        }
        String t = s.text().substring(s.tokenStarts()[from], s.tokenEnds()[to]).strip();
        t = t.replaceAll("^[\"'“”‘’(\\[]+|[\"'“”‘’)\\],;:.]+$", "").strip();
        if (t.isEmpty() || PRONOUNS.contains(t.toLowerCase(Locale.ROOT)) || !t.matches("(?s).*\\p{L}.*")) {
            return "";
        }
        return t;
    }
}
