package io.causalstream.measures.reference;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.bleu.NltkBleu;
import io.causalstream.measures.meteor.Meteor;
import io.causalstream.measures.meteor.WordNetSynonyms;
import io.causalstream.measures.rouge.Rouge;
import io.causalstream.measures.rouge.RougeSimilarity;
import io.causalstream.measures.text.CachedStemmer;
import io.causalstream.measures.text.PyText;
import java.util.List;

/**
 * The node similarities of the authors' notebook ({@code Metrics}), argument for argument: {@code candidate} is
 * the node of the side the notebook calls "predicted", {@code reference} the other. Each is a
 * {@link NodeSimilarity} whose {@code similarity(candidate, reference)} is the notebook's value.
 *
 * <ul>
 *   <li>{@link #verbatim()}: {@code candidate == reference} (exact, case-sensitive, untrimmed) as 1 or 0.</li>
 *   <li>{@link #bleu()}: {@code sentence_bleu(reference.split(), candidate)}, NLTK, default weights, no smoothing.
 *       The candidate is a plain string, so NLTK iterates its CHARACTERS: this is character n-gram BLEU of the
 *       whole candidate (spaces included) against each single reference WORD as a separate reference. NLTK
 *       >= 3.2.x method0 (a zero precision is {@code sys.float_info.min}). 0 for a blank candidate.</li>
 *   <li>{@link #meteor()}: NLTK's pre-3.6.6 string API {@code meteor_score(reference.split(), candidate)}: the
 *       maximum over the single reference words of METEOR(word, candidate); stem stage of NLTK &lt; 3.6.2 (see
 *       {@link Meteor.StemStage#LEGACY_UNFILTERED}, which gives the 0.7398 of NLTK's old docstring; the 3.6.2-3.6.5
 *       stage gives the same Table 3 numbers). 0 for a blank candidate.</li>
 *   <li>{@link #rouge()}: {@code RougeScorer(['rouge1'], use_stemmer=True).score(reference, candidate)} F.</li>
 * </ul>
 * An empty reference (no words), which makes NLTK raise, scores 0 here.
 */
public final class ReferenceSimilarities {

    public static final String VERBATIM = "ref-verbatim";
    public static final String BLEU = "ref-bleu";
    public static final String METEOR = "ref-meteor";
    public static final String ROUGE = "ref-rouge";

    public static NodeSimilarity verbatim() {
        return named(VERBATIM, (candidate, reference) -> candidate.equals(reference) ? 1.0 : 0.0);
    }

    public static NodeSimilarity bleu() {
        NltkBleu bleu = new NltkBleu(NltkBleu.Smoothing.METHOD0);
        return named(BLEU, (candidate, reference) -> {
            List<String> words = PyText.split(reference);
            if (PyText.split(candidate).isEmpty() || words.isEmpty()) {
                return 0.0;
            }
            return bleu.sentenceOfCharacters(words, candidate);
        });
    }

    public static NodeSimilarity meteor() {
        return meteor(Meteor.StemStage.LEGACY_UNFILTERED);
    }

    public static NodeSimilarity meteor(Meteor.StemStage stemStage) {
        Meteor meteor = new Meteor(CachedStemmer.nltkPorter(), word -> WordNetSynonyms.shared().of(word), stemStage);
        return named(METEOR, (candidate, reference) -> {
            List<String> words = PyText.split(reference);
            if (PyText.split(candidate).isEmpty() || words.isEmpty()) {
                return 0.0;
            }
            // meteor_score(words, candidate): single_meteor_score(word, candidate) for each word, the maximum;
            // each call lower-cases and splits both strings, done once here.
            List<String> hypothesis = PyText.split(PyText.lower(candidate));
            double best = Double.NEGATIVE_INFINITY;
            for (String w : words) {
                best = Math.max(best, meteor.alignLowered(hypothesis, PyText.split(PyText.lower(w))));
            }
            return best;
        });
    }

    public static NodeSimilarity rouge() {
        RougeSimilarity rouge1 = RougeSimilarity.stemmed(Rouge.Type.ROUGE1);
        return named(ROUGE, rouge1::similarity);
    }

    private interface Function2 {
        double apply(String candidate, String reference);
    }

    private static NodeSimilarity named(String name, Function2 f) {
        return new NodeSimilarity() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public double similarity(String candidate, String reference) {
                return f.apply(candidate, reference);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    private ReferenceSimilarities() {
    }
}
