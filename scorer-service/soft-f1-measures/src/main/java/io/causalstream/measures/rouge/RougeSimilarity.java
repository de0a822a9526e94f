package io.causalstream.measures.rouge;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.text.CachedStemmer;
import io.causalstream.measures.text.TokenCache;
import java.util.Objects;

/**
 * ROUGE F-measure between a predicted node label and the gold label (the gold is rouge_score's target, the
 * prediction its prediction), with Porter stemming of tokens longer than 3 characters as the paper used it
 * ({@code RougeScorer(['rouge1'], use_stemmer=True)}). Named after the type: {@code rouge1}, {@code rouge2},
 * {@code rougeL}. Symmetric for ROUGE-N and ROUGE-L F (swapping target and prediction swaps P and R).
 */
public final class RougeSimilarity implements NodeSimilarity {

    private final Rouge.Type type;
    private final Rouge rouge;
    private final TokenCache tokens;

    public RougeSimilarity(Rouge.Type type, Rouge rouge) {
        this.type = Objects.requireNonNull(type, "type");
        this.rouge = Objects.requireNonNull(rouge, "rouge");
        this.tokens = new TokenCache(rouge.tokenizer()::tokenize);
    }

    /** The given type with NLTK-compatible Porter stemming. */
    public static RougeSimilarity stemmed(Rouge.Type type) {
        return new RougeSimilarity(type, new Rouge(new RougeTokenizer(CachedStemmer.nltkPorter())));
    }

    @Override
    public String name() {
        return type.id();
    }

    @Override
    public double similarity(String predicted, String gold) {
        if (type.equals(Rouge.Type.ROUGE_LSUM)) {
            return rouge.score(type, gold, predicted).fmeasure();
        }
        return rouge.scoreTokens(type, tokens.tokens(gold), tokens.tokens(predicted)).fmeasure();
    }

    @Override
    public String toString() {
        return name();
    }
}
