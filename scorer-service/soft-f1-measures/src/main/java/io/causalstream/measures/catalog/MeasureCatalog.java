package io.causalstream.measures.catalog;

import io.causalstream.measures.EdgeSetMeasure;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.TripleMatch;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.bleu.NltkBleu;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.measures.reference.ReferenceMeasure;
import io.causalstream.measures.reference.ReferenceSimilarities;
import io.causalstream.measures.rouge.Rouge;
import io.causalstream.measures.rouge.RougeSimilarity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Supplier;

/**
 * The measures a configuration can name, and the parser of measure lists such as
 * {@code exact,bleu:0.5,rouge1:0.6,meteor:0.5} ({@code name} or {@code name:threshold}, comma-separated; a name
 * without a threshold takes the measure's default).
 *
 * <p>Built in (default thresholds in brackets, see {@link #DEFAULT_SPEC} for why):
 * <ul>
 *   <li>paper-faithful soft F1 ({@link EdgeSetScorer}): {@code exact} [1.0], {@code bleu} [0.35] (sacrebleu
 *       sentence BLEU), {@code bleu-nltk} [0.2] (NLTK sentence BLEU, smoothing method 1), {@code rouge1} [0.7],
 *       {@code rouge2} [0.65], {@code rougeL} [0.7], {@code meteor} [0.55];</li>
 *   <li>reference-compatible soft F1 ({@link ReferenceMeasure}), at the thresholds the authors' notebook selected:
 *       {@code ref-verbatim} [0.5], {@code ref-bleu} [0.2], {@code ref-meteor} [0.005], {@code ref-rouge} [0.5].</li>
 * </ul>
 * More can be added with {@link #withSimilarity} (e.g. the neural similarities) or {@link #with}. Immutable.
 */
public final class MeasureCatalog {

    /**
     * The stream's default measure list: exact match (the classical F1) and one measure of each text family.
     * Default thresholds are the paper's own procedure (appendix D.3) applied to these measures: the threshold
     * with the best mean Spearman correlation between E* and the human Elo ranking on the paper's 20 passages, in
     * a grid 0.05, 0.10 .. 0.95 (mean rho 0.358 bleu, 0.399 bleu-nltk, 0.401 rouge1/rougeL, 0.395 rouge2,
     * 0.394 meteor; exact match 0.080). With 20 passages the curves are noisy (one step of 0.05 can move the
     * mean by 0.05 to 0.07), so these are reasonable defaults, not precise optima. The paper's thresholds (BLEU 0.352, METEOR 0.01, ROUGE 0.45) belong to its notebook's different
     * BLEU and METEOR ({@code ref-*}) and do not carry over. The neural measures are not in the default: they
     * need the encoder model loaded.
     */
    public static final String DEFAULT_SPEC = "exact,bleu,rouge1,meteor";

    /**
     * One item of a measure list, {@code name[:threshold]}: the project's one syntax for naming a measure (the last
     * colon separates the threshold, which must be a finite number; blanks around either part are ignored).
     */
    public record Spec(String name, OptionalDouble threshold) {

        public static Spec parse(String item) {
            String s = item.strip();
            int colon = s.lastIndexOf(':');
            if (colon < 0) {
                return new Spec(s, OptionalDouble.empty());
            }
            String name = s.substring(0, colon).strip();
            String t = s.substring(colon + 1).strip();
            double threshold;
            try {
                threshold = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("threshold of '" + name + "' is not a number: '" + t + "'");
            }
            if (!Double.isFinite(threshold)) {
                throw new IllegalArgumentException("threshold of '" + name + "' must be finite, got " + t);
            }
            return new Spec(name, OptionalDouble.of(threshold));
        }
    }

    /** One nameable measure: its default threshold and how to build it at a threshold. */
    public record Entry(String name, double defaultThreshold, DoubleFunction<EdgeSetMeasure> factory) {

        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(factory, "factory");
        }
    }

    private final Map<String, Entry> entries;

    private MeasureCatalog(Map<String, Entry> entries) {
        this.entries = Map.copyOf(entries);
    }

    public static MeasureCatalog builtIn() {
        Map<String, Entry> m = new LinkedHashMap<>();
        soft(m, ExactMatch.NAME, 1.0, ExactMatch::new);
        soft(m, BleuSimilarity.NAME, 0.35, BleuSimilarity::sacrebleu);
        soft(m, BleuSimilarity.NLTK_NAME, 0.2, () -> BleuSimilarity.nltk(NltkBleu.Smoothing.METHOD1));
        soft(m, "rouge1", 0.7, () -> RougeSimilarity.stemmed(Rouge.Type.ROUGE1));
        soft(m, "rouge2", 0.65, () -> RougeSimilarity.stemmed(Rouge.Type.ROUGE2));
        soft(m, "rougeL", 0.7, () -> RougeSimilarity.stemmed(Rouge.Type.ROUGE_L));
        soft(m, MeteorSimilarity.NAME, 0.55, MeteorSimilarity::nltk);
        reference(m, ReferenceSimilarities.VERBATIM, 0.5, ReferenceSimilarities::verbatim);
        reference(m, ReferenceSimilarities.BLEU, 0.2, ReferenceSimilarities::bleu);
        reference(m, ReferenceSimilarities.METEOR, 0.005, ReferenceSimilarities::meteor);
        reference(m, ReferenceSimilarities.ROUGE, 0.5, ReferenceSimilarities::rouge);
        return new MeasureCatalog(m);
    }

    private static void soft(Map<String, Entry> m, String name, double t, Supplier<NodeSimilarity> similarity) {
        m.put(name, new Entry(name, t, threshold -> new EdgeSetScorer(similarity.get(), threshold)));
    }

    private static void reference(Map<String, Entry> m, String name, double t, Supplier<NodeSimilarity> similarity) {
        m.put(name, new Entry(name, t, threshold -> new ReferenceMeasure(similarity.get(), threshold)));
    }

    /** This catalog plus (or with a replaced) entry. */
    public MeasureCatalog with(Entry entry) {
        Map<String, Entry> m = new LinkedHashMap<>(entries);
        m.put(entry.name(), entry);
        return new MeasureCatalog(m);
    }

    /** This catalog plus the paper-faithful soft F1 over {@code similarity}, under its name. */
    public MeasureCatalog withSimilarity(NodeSimilarity similarity, double defaultThreshold) {
        return with(new Entry(similarity.name(), defaultThreshold, t -> new EdgeSetScorer(similarity, t)));
    }

    public Set<String> names() {
        return entries.keySet();
    }

    public Entry entry(String name) {
        Entry e = entries.get(name);
        if (e == null) {
            throw new IllegalArgumentException("unknown measure '" + name + "'; known: "
                    + String.join(", ", entries.keySet().stream().sorted().toList()));
        }
        return e;
    }

    /**
     * Parses a measure list. Whitespace around items is ignored; a threshold must be a finite number; the same
     * name twice at the same threshold is an error (the records could not be told apart).
     */
    public List<EdgeSetMeasure> parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("the measure list is empty");
        }
        List<EdgeSetMeasure> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String raw : spec.split(",", -1)) {
            String item = raw.strip();
            if (item.isEmpty()) {
                throw new IllegalArgumentException("empty item in measure list '" + spec + "'");
            }
            Spec parsed = Spec.parse(item);
            String name = parsed.name();
            Entry entry = entry(name);
            double threshold = parsed.threshold().orElse(entry.defaultThreshold());
            if (!seen.add(name + "@" + threshold)) {
                throw new IllegalArgumentException("measure '" + name + "' at threshold " + threshold
                        + " is listed twice");
            }
            out.add(entry.factory().apply(threshold));
        }
        return out;
    }

    /**
     * Triples matched as the held-out tables count them: both nodes ROUGE-1 F &ge; 0.5 (stemmed, as {@code rouge1}
     * everywhere in the project) and the same direction.
     */
    public static TripleMatch rouge1Triples() {
        return new TripleMatch(RougeSimilarity.stemmed(Rouge.Type.ROUGE1), TripleMatch.ROUGE1_THRESHOLD);
    }
}
