package io.causalstream.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tartarus.snowball.ext.PorterStemmer;

/**
 * Word tokens with Porter stems (Lucene's Snowball Porter stemmer, the algorithm NLTK and rouge_score use) and a
 * small English stop-word list. Words are runs of letters and digits, joined by inner hyphens or apostrophes
 * ("long-term", "children's").
 */
public final class Tokens {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*");

    /** Function words that carry no concept of their own; "no"/"not" are kept (they change meaning). */
    public static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "of", "in", "on", "at", "to", "for",
            "from", "by", "with", "as", "and", "or", "its", "it", "their", "his", "her", "this", "that", "these",
            "those", "is", "are", "was", "were", "be", "been", "being", "which", "who", "whom", "whose", "into",
            "onto", "than", "then", "also", "both", "such", "some", "any", "each", "there", "here", "they", "them",
            "we", "our", "us", "you", "your", "he", "she", "i", "my", "has", "have", "had", "do", "does", "did");

    public static List<Token> of(String text) {
        List<Token> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        PorterStemmer stemmer = new PorterStemmer();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            String lower = m.group().toLowerCase(Locale.ROOT).replace('’', '\'');
            out.add(new Token(lower, stem(stemmer, lower), STOP_WORDS.contains(lower), m.start(), m.end()));
        }
        return out;
    }

    /** The tokens that are not stop words. */
    public static List<Token> content(List<Token> tokens) {
        return tokens.stream().filter(t -> !t.stop()).toList();
    }

    private static String stem(PorterStemmer stemmer, String word) {
        if (word.length() <= 2) {
            return word;
        }
        stemmer.setCurrent(word);
        stemmer.stem();
        return stemmer.getCurrent();
    }

    private Tokens() {
    }
}
