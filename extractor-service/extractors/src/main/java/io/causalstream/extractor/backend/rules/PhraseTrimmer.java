package io.causalstream.extractor.backend.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the raw text between a cue and a boundary into a node phrase: drops the function words that never start
 * or end a concept (articles, auxiliaries, modal verbs, linking adverbs, "is expected to" ...) and the punctuation
 * around it, and keeps the rest exactly as written (case included). A phrase left with only a pronoun or without
 * any letter is no concept: the result is empty.
 */
final class PhraseTrimmer {

    private static final List<String> AUXILIARIES = List.of(
            "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did",
            "can", "could", "may", "might", "will", "would", "shall", "should", "must");
    private static final List<String> ADVERBS = List.of(
            "also", "often", "further", "directly", "indirectly", "significantly", "substantially",
            "considerably", "greatly", "strongly", "largely", "mainly", "partly", "partially", "generally",
            "usually", "typically", "frequently", "ultimately", "eventually", "likely", "probably", "possibly",
            "potentially", "thus", "therefore", "hence", "then", "consequently", "however", "moreover",
            "furthermore", "in turn", "as a result");

    private static final List<List<String>> LEADING = words(List.of(
            "the", "a", "an", "this", "these", "those", "both", "either", "and", "or", "so",
            "it is expected that", "it is likely that"), AUXILIARIES, ADVERBS);
    private static final List<List<String>> TRAILING = words(List.of(
            "to", "and", "or", "the", "a", "an", "expected", "unlikely", "known", "able", "tend", "tends",
            "tended", "help", "helps", "helped", "seem", "seems", "appear", "appears", "thought", "believed",
            "shown", "found"), AUXILIARIES, ADVERBS);

    private static final Set<String> PRONOUNS = Set.of(
            "it", "this", "that", "these", "those", "they", "them", "which", "who", "we", "he", "she", "there",
            "one", "such");

    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern LETTER = Pattern.compile("\\p{L}");
    private static final String EDGE_PUNCTUATION = ".,;:!?\"'“”‘’()[]";

    private record Word(int start, int end, String norm) {
    }

    static String trim(String raw) {
        List<Word> words = new ArrayList<>();
        Matcher m = WORD.matcher(raw);
        while (m.find()) {
            String norm = strip(m.group()).toLowerCase(Locale.ROOT);
            if (!norm.isEmpty()) {
                words.add(new Word(m.start(), m.end(), norm));
            }
        }
        int from = 0;
        int to = words.size();
        for (boolean changed = true; changed && from < to; ) {
            changed = false;
            for (List<String> seq : LEADING) {
                if (matchesAt(words, from, to, seq, from)) {
                    from += seq.size();
                    changed = true;
                    break;
                }
            }
            for (List<String> seq : TRAILING) {
                if (from < to && matchesAt(words, from, to, seq, to - seq.size())) {
                    to -= seq.size();
                    changed = true;
                    break;
                }
            }
        }
        if (from >= to) {
            return "";
        }
        String phrase = strip(raw.substring(words.get(from).start(), words.get(to - 1).end()));
        if (PRONOUNS.contains(phrase.toLowerCase(Locale.ROOT)) || !LETTER.matcher(phrase).find()) {
            return "";
        }
        return phrase;
    }

    private static boolean matchesAt(List<Word> words, int from, int to, List<String> seq, int at) {
        if (at < from || at + seq.size() > to) {
            return false;
        }
        for (int i = 0; i < seq.size(); i++) {
            if (!words.get(at + i).norm().equals(seq.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static String strip(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && (EDGE_PUNCTUATION.indexOf(s.charAt(b)) >= 0 || Character.isWhitespace(s.charAt(b)))) {
            b++;
        }
        while (e > b && (EDGE_PUNCTUATION.indexOf(s.charAt(e - 1)) >= 0 || Character.isWhitespace(s.charAt(e - 1)))) {
            e--;
        }
        return s.substring(b, e);
    }

    @SafeVarargs
    private static List<List<String>> words(List<String>... lists) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> list : lists) {
            list.forEach(phrase -> out.add(Arrays.asList(phrase.split(" "))));
        }
        // longest first, so "it is expected that" goes as a whole rather than word by word
        out.sort((x, y) -> Integer.compare(y.size(), x.size()));
        return List.copyOf(out);
    }

    private PhraseTrimmer() {
    }
}
