package io.causalstream.measures.meteor;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.text.CachedStemmer;
import io.causalstream.measures.text.PyText;
import io.causalstream.measures.text.TokenCache;
import java.util.Objects;

/**
 * METEOR of a predicted node label (the hypothesis) against the gold label (the reference), NLTK >= 3.6.6
 * conventions: {@code single_meteor_score(gold.split(), predicted.split())} with lower-casing, NLTK's Porter stems,
 * WordNet 3.0 synonyms, alpha 0.9, beta 3, gamma 0.5. In [0, 1); asymmetric.
 */
public final class MeteorSimilarity implements NodeSimilarity {

    public static final String NAME = "meteor";

    private final Meteor meteor;
    private final TokenCache words = new TokenCache(label -> PyText.split(PyText.lower(label)));

    public MeteorSimilarity(Meteor meteor) {
        this.meteor = Objects.requireNonNull(meteor, "meteor");
    }

    /** NLTK 3.8's METEOR over the bundled WordNet 3.0, loaded on the first comparison (about a second). */
    public static MeteorSimilarity nltk() {
        return new MeteorSimilarity(new Meteor(CachedStemmer.nltkPorter(), word -> WordNetSynonyms.shared().of(word),
                Meteor.StemStage.NLTK));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double similarity(String predicted, String gold) {
        // NLTK lower-cases each token of gold.split(); lower-casing first and then splitting gives the same words.
        return meteor.alignLowered(words.tokens(predicted), words.tokens(gold));
    }

    @Override
    public String toString() {
        return NAME;
    }
}
