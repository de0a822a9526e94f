package io.causalstream.validation;

import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What grounding refuses as a concept (guideline 2 asks for concepts of the text, not its glue): a label made of
 * function words only ("it", "this", "however"), and a label whose words occur in the passage only inside a
 * connective phrase or a causal cue ("turn" read off "in turn", "result" off "as a result", "cause" off "causes").
 * Such words hold the text together; an extractor that takes them for concepts has misread the sentence.
 */
final class NotConcepts {

    /** The project's stop words and the connectives, modals and degree words that name no concept either. */
    private static final Set<String> FUNCTION_WORDS;

    static {
        Set<String> words = new HashSet<>(Tokens.STOP_WORDS);
        words.addAll(Set.of("however", "therefore", "thus", "hence", "because", "since", "while", "although",
                "though", "whereas", "so", "but", "if", "when", "whenever", "yet", "moreover", "furthermore",
                "thereby", "consequently", "accordingly", "meanwhile", "not", "no", "nor", "neither", "either",
                "can", "could", "may", "might", "will", "would", "shall", "should", "must", "very", "more", "most",
                "less", "least", "many", "much", "other", "another", "same", "what", "where", "why", "how", "all",
                "only", "even", "still", "just", "too", "about", "through", "via", "after", "before", "during",
                "under", "over", "between", "among", "up", "down", "out", "off", "again", "further", "once", "one",
                "ones", "something", "anything", "thing", "things", "way", "ways"));
        FUNCTION_WORDS = Set.copyOf(words);
    }

    /** Fixed phrases that link clauses or arguments: their words are no concepts of the passage. */
    private static final Pattern CONNECTIVES = Pattern.compile("(?<![\\w-])(?:in\\s+turn|as\\s+a\\s+(?:result"
            + "|consequence|whole)|in\\s+addition(?:\\s+to)?|in\\s+contrast(?:\\s+to)?|by\\s+contrast|in\\s+fact"
            + "|in\\s+particular|in\\s+order\\s+to|of\\s+course|on\\s+the\\s+(?:other|one)\\s+hand|for\\s+(?:example"
            + "|instance)|in\\s+general|in\\s+short|at\\s+least|as\\s+well(?:\\s+as)?|in\\s+spite\\s+of"
            + "|instead\\s+of|rather\\s+than|so\\s+that|such\\s+as|in\\s+terms\\s+of|with\\s+(?:respect|regard)\\s+to"
            + "|in\\s+response\\s+to|in\\s+other\\s+words|at\\s+the\\s+same\\s+time|in\\s+the\\s+end|after\\s+all"
            + "|in\\s+part|in\\s+effect|on\\s+average|by\\s+means\\s+of|in\\s+light\\s+of|in\\s+the\\s+(?:long"
            + "|short)\\s+(?:run|term)|in\\s+place\\s+of|on\\s+behalf\\s+of|in\\s+favou?r\\s+of|in\\s+case(?:\\s+of)?"
            + "|in\\s+the\\s+first\\s+place|first\\s+of\\s+all|that\\s+is|to\\s+some\\s+extent|by\\s+the\\s+way)"
            + "(?![\\w-])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private NotConcepts() {
    }

    /** Whether every word of the label is a function word (or the label has no word at all). */
    static boolean functionOnly(String label) {
        List<Token> tokens = Tokens.of(label);
        return tokens.stream().allMatch(t -> FUNCTION_WORDS.contains(t.lower()));
    }

    /**
     * For each token of a sentence, the connective phrase or causal cue it belongs to, or null ({@code tokens}
     * carry offsets in the passage, {@code sentenceStart} is the sentence's offset).
     */
    static String[] phrases(String sentence, int sentenceStart, List<Token> tokens) {
        List<int[]> spans = new ArrayList<>();
        List<String> forms = new ArrayList<>();
        Matcher m = CONNECTIVES.matcher(sentence);
        while (m.find()) {
            spans.add(new int[] {m.start() + sentenceStart, m.end() + sentenceStart});
            forms.add(m.group().toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", " "));
        }
        for (CueMatch c : CueLexicon.DEFAULT.find(sentence)) {
            spans.add(new int[] {c.start() + sentenceStart, c.end() + sentenceStart});
            forms.add(c.form());
        }
        String[] out = new String[tokens.size()];
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            for (int k = 0; k < spans.size() && out[i] == null; k++) {
                if (t.start() >= spans.get(k)[0] && t.end() <= spans.get(k)[1]) {
                    out[i] = forms.get(k);
                }
            }
        }
        return out;
    }
}
