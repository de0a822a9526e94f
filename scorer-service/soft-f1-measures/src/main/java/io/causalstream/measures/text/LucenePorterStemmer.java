package io.causalstream.measures.text;

/**
 * The Porter stemmer of Lucene's analysis library (Snowball's {@code porter}), for users who want a library
 * stemmer rather than {@link NltkPorterStemmer}. It is not what the Python references use: on the 89,814 distinct
 * words of WordNet 3.0's indexes and the soft-measures data it stems 1,354 (1.5%) differently from NLTK 3.8's
 * default {@code PorterStemmer()} (e.g. always: alwai vs alway, aging: ag vs age, analogy: analogi vs analog), so
 * the ROUGE/METEOR test vectors and the paper's numbers are reproduced with {@link NltkPorterStemmer} only.
 * The word is lower-cased first, as NLTK does.
 */
public final class LucenePorterStemmer implements Stemmer {

    // Snowball stemmers keep per-call state: one per thread.
    private final ThreadLocal<org.tartarus.snowball.ext.PorterStemmer> stemmers =
            ThreadLocal.withInitial(org.tartarus.snowball.ext.PorterStemmer::new);

    @Override
    public String stem(String word) {
        org.tartarus.snowball.ext.PorterStemmer s = stemmers.get();
        s.setCurrent(word.toLowerCase(java.util.Locale.ROOT));
        s.stem();
        return s.getCurrent();
    }
}
