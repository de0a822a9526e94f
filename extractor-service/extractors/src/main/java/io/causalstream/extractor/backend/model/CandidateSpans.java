package io.causalstream.extractor.backend.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The candidate concepts of a sentence, from its noun-phrase chunks: every chunk on its own ("low levels",
 * "rainfall"), a chunk with one or two attached "of/for/in/to/on" phrases ("low levels of rainfall"), and a gerund
 * with its object ("reducing poverty"). Leading determiners and possessives are dropped; pronouns and spans without
 * a letter are no concept. At most {@link #MAX} per sentence, in sentence order, each character range once.
 */
public final class CandidateSpans {

    /** Candidates per sentence, so the pairs stay at most MAX * (MAX - 1). */
    public static final int MAX = 14;
    private static final Set<String> ATTACHMENTS = Set.of("of", "for", "in", "to", "on");
    private static final Set<String> LEADING_DROPS = Set.of("DT", "PDT", "PRP$", "WDT", "WP$", "EX", "CC", "POS");
    private static final Set<String> PRONOUNS = Set.of("it", "this", "that", "these", "those", "they", "them",
            "which", "who", "we", "he", "she", "there", "one", "i", "you", "us", "him", "her", "its", "their", "what",
            "such", "some", "all", "both", "each", "other", "others");

    public static List<ConceptSpan> of(ChunkedSentence s) {
        List<int[]> chunks = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (s.noun(i) && s.beginsChunk(i)) {
                int j = i;
                while (j + 1 < s.size() && s.chunks()[j + 1].startsWith("I-")) {
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
            add(s, from, to, out);
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
        List<ConceptSpan> list = new ArrayList<>(out.values());
        list.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start())
                : Integer.compare(a.end(), b.end()));
        return list.size() > MAX ? List.copyOf(list.subList(0, MAX)) : list;
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
        if (text.isEmpty() || !text.matches("(?s).*\\p{L}.*") || PRONOUNS.contains(text.toLowerCase(Locale.ROOT))) {
            return;
        }
        out.putIfAbsent(((long) start << 32) | end, new ConceptSpan(b, e, start, end, text));
    }

    private CandidateSpans() {
    }
}
