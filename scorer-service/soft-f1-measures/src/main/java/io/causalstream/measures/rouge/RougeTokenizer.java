package io.causalstream.measures.rouge;

import io.causalstream.measures.text.PyText;
import io.causalstream.measures.text.Stemmer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code rouge_score}'s default tokenizer: lower-case, every run of characters outside {@code [a-z0-9]} becomes a
 * space, split, stem tokens longer than 3 characters (when a stemmer is given), keep only {@code [a-z0-9]+}
 * tokens. Text in another script therefore has no tokens at all (ROUGE 0 against anything, itself included):
 * that is the reference's behaviour, kept on purpose; the other measures handle such text.
 */
public final class RougeTokenizer {

    private static final Pattern NON_ALPHANUM = Pattern.compile("[^a-z0-9]+");
    private static final Pattern VALID_TOKEN = Pattern.compile("[a-z0-9]+");

    private final Stemmer stemmer;

    /** @param stemmer null for no stemming */
    public RougeTokenizer(Stemmer stemmer) {
        this.stemmer = stemmer;
    }

    public List<String> tokenize(String text) {
        String cleaned = NON_ALPHANUM.matcher(PyText.lower(text)).replaceAll(" ");
        List<String> out = new ArrayList<>();
        for (String token : cleaned.split(" ", -1)) {
            String t = stemmer != null && token.length() > 3 ? stemmer.stem(token) : token;
            if (VALID_TOKEN.matcher(t).matches()) {
                out.add(t);
            }
        }
        return out;
    }
}
