package io.causalstream.research.study;

import io.causalstream.alignment.TripleAlignment;
import io.causalstream.measures.EdgeSetScore;
import io.causalstream.measures.ExactMatch;
import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.NodeText;
import io.causalstream.measures.RawEdge;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.measures.reference.ReferenceMeasure;
import io.causalstream.measures.reference.ReferenceSimilarities;
import io.causalstream.measures.rouge.Rouge;
import io.causalstream.measures.rouge.RougeSimilarity;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The measures of the agreement study, as {@link MeasureFamily}s over a threshold grid.
 *
 * <p>Table 3 measures, each with ({@code -E}, formula (1)) and without ({@code -E*}) partial positives: exact
 * match (vanilla F1 is {@code F1 = exact-E*}), BLEU (sacrebleu), ROUGE-1, METEOR, the neural cosine and the
 * BERTScore-style greedy token match (all-MiniLM-L6-v2; BLEURT has no obtainable checkpoint), structure-first
 * alignment F1 (EmpiriGraph; E* = direction as edge type, E = direction ignored), and the notebook's own
 * reference-compatible BLEU/METEOR/ROUGE E* at the thresholds it selected (the published E* row).
 *
 * <p>Measures meant to agree better ({@link #candidates}): the paper's future work — TP and PP weighted by fitted
 * scalars, plus a precision/recall balance — and a threshold-free soft match (each edge's best similarity to the
 * other side, averaged, no ties at a cut-off). Their parameters are only ever judged by leave-one-passage-out.
 */
public final class StudyFamilies {

    /** The baseline of Table 4. */
    public static final String F1 = "F1 (exact-E*)";

    /** The paper's thresholds, appendix D.3. */
    public static final double PAPER_BLEU = 0.352;
    public static final double PAPER_METEOR = 0.01;
    public static final double PAPER_ROUGE = 0.45;

    /** PP credit w of the weighted family: 0 = E*, 1 = a direction error costs nothing. */
    public static final List<Double> PP_CREDIT = List.of(0.0, 0.25, 0.5, 0.75, 1.0);
    /** Precision/recall balance λ: FP weighs λ, FN weighs 2 - λ (1 = F1). */
    public static final List<Double> BALANCE = List.of(0.5, 1.0, 1.5);
    /** Direction factor of the soft match: a reversed direction keeps this share of the node similarity. */
    public static final List<Double> DIRECTION_FACTOR = List.of(0.0, 0.5, 1.0);

    private final SoftF1Counts counts = new SoftF1Counts();
    private final List<Double> grid;
    private final Map<String, NodeSimilarity> similarities = new HashMap<>();

    /**
     * @param grid   the threshold grid searched (the paper's thresholds are added to it where they exist)
     * @param neural the neural similarities (cosine, BERTScore-style), or an empty list to leave them out
     */
    public StudyFamilies(List<Double> grid, List<NodeSimilarity> neural) {
        this.grid = List.copyOf(grid);
        put(new ExactMatch());
        put(BleuSimilarity.sacrebleu());
        put(RougeSimilarity.stemmed(Rouge.Type.ROUGE1));
        put(MeteorSimilarity.nltk());
        neural.forEach(this::put);
    }

    private void put(NodeSimilarity s) {
        similarities.put(s.name(), s);
    }

    /** Label and similarity of the text families, in table order. */
    private List<Object[]> texts() {
        List<Object[]> out = new ArrayList<>();
        out.add(new Object[] {"BLEU", similarities.get(BleuSimilarity.NAME), PAPER_BLEU});
        out.add(new Object[] {"ROUGE", similarities.get("rouge1"), PAPER_ROUGE});
        out.add(new Object[] {"METEOR", similarities.get(MeteorSimilarity.NAME), PAPER_METEOR});
        similarities.values().stream().filter(s -> s.name().endsWith("-cosine")).findFirst()
                .ifPresent(s -> out.add(new Object[] {"neural", s, Double.NaN}));
        similarities.values().stream().filter(s -> s.name().endsWith("-bertscore")).findFirst()
                .ifPresent(s -> out.add(new Object[] {"BERTScore", s, Double.NaN}));
        return out;
    }

    /** The Table 3 measures (and the notebook's E* row), baseline first. */
    public List<MeasureFamily> table3() {
        List<MeasureFamily> out = new ArrayList<>();
        NodeSimilarity exact = similarities.get(ExactMatch.NAME);
        out.add(counts.family(F1, exact, List.of(1.0), 1.0, EdgeSetScore::f1Strict));
        out.add(counts.family("exact-E", exact, List.of(1.0), 1.0, EdgeSetScore::f1));
        for (Object[] t : texts()) {
            NodeSimilarity s = (NodeSimilarity) t[1];
            double fixed = (Double) t[2];
            out.add(counts.family(t[0] + "-E*", s, grid, fixed, EdgeSetScore::f1Strict));
            out.add(counts.family(t[0] + "-E", s, grid, fixed, EdgeSetScore::f1));
        }
        TripleAlignment aligner = new TripleAlignment();
        out.add(MeasureFamily.of(new StudyMeasure("alignment-F1*", (gold, a) -> aligner.f1(triples(a, true),
                triples(gold, true))), "—"));
        out.add(MeasureFamily.of(new StudyMeasure("alignment-F1", (gold, a) -> aligner.f1(triples(a, false),
                triples(gold, false))), "—"));
        out.add(reference("notebook exact-E*", ReferenceSimilarities::verbatim, 0.5));
        out.add(reference("notebook BLEU-E*", ReferenceSimilarities::bleu, 0.2));
        out.add(reference("notebook METEOR-E*", ReferenceSimilarities::meteor, 0.005));
        out.add(reference("notebook ROUGE-E*", ReferenceSimilarities::rouge, 0.5));
        return out;
    }

    /** Measures meant to agree better: weighted TP/PP with a precision/recall balance, and the soft match. */
    public List<MeasureFamily> candidates() {
        List<MeasureFamily> out = new ArrayList<>();
        for (Object[] t : texts()) {
            out.add(weighted(t[0] + "-weighted", (NodeSimilarity) t[1]));
        }
        for (Object[] t : texts()) {
            out.add(softMatch(t[0] + "-softmatch", (NodeSimilarity) t[1]));
        }
        out.add(MeasureFamily.of(new StudyMeasure("direction-count", StudyFamilies::directionCount), "—"));
        for (Object[] t : texts()) {
            out.add(blend(t[0] + "-softmatch+direction-count", (NodeSimilarity) t[1]));
        }
        return out;
    }

    /** Weight α of the soft match in the blend with the direction count (1 - α). */
    public static final List<Double> BLEND = List.of(0.0, 0.25, 0.5, 0.75, 1.0);

    /**
     * Structure only: the F1 of the best matching of edges when any two edges of the same direction match, i.e.
     * {@code 2 (min(inc, inc_gold) + min(dec, dec_gold)) / (|E| + |E_gold|)} over usable, de-duplicated edges —
     * how well an annotation's size and mix of increase/decrease edges agree with the gold's, ignoring the text.
     */
    public static double directionCount(List<RawEdge> gold, List<RawEdge> annotation) {
        int[] g = directions(gold);
        int[] a = directions(annotation);
        int total = g[0] + g[1] + a[0] + a[1];
        return total == 0 ? 1.0 : 2.0 * (Math.min(g[0], a[0]) + Math.min(g[1], a[1])) / total;
    }

    private static int[] directions(List<RawEdge> edges) {
        java.util.Set<List<Object>> seen = new java.util.HashSet<>();
        int[] n = new int[2];
        for (RawEdge e : edges) {
            Direction d = e.toEdge().direction();
            if (d == null || !usable(e) || !seen.add(List.of(NodeText.normalise(e.source()),
                    NodeText.normalise(e.target()), d))) {
                continue;
            }
            n[d == Direction.INCREASE ? 0 : 1]++;
        }
        return n;
    }

    /**
     * A learned combination: α · soft match (direction factor d) + (1 - α) · direction count, candidates
     * {@link #BLEND} × {@link #DIRECTION_FACTOR}, chosen by leave-one-passage-out like every other setting.
     */
    public MeasureFamily blend(String name, NodeSimilarity similarity) {
        List<String> labels = new ArrayList<>();
        List<double[]> settings = new ArrayList<>();
        for (double alpha : BLEND) {
            for (double d : DIRECTION_FACTOR) {
                labels.add("α=" + alpha + " d=" + d);
                settings.add(new double[] {alpha, d});
            }
        }
        Map<String, Double> memo = new HashMap<>();
        return new MeasureFamily(name, labels, -1, study -> {
            double[][] rho = new double[settings.size()][];
            for (int c = 0; c < rho.length; c++) {
                double alpha = settings.get(c)[0];
                double d = settings.get(c)[1];
                rho[c] = study.perPassage(new StudyMeasure(name, (gold, a) ->
                        alpha * softMatch(similarity, memo, a, gold, d) + (1 - alpha) * directionCount(gold, a)));
            }
            return rho;
        });
    }

    /**
     * {@code 2(TP + w·PP) / (2TP + 2PP + λ·FP + (2 - λ)·FN)} over the threshold grid × {@link #PP_CREDIT} ×
     * {@link #BALANCE}: w = 0, λ = 1 is E*; the paper's future work fits the TP/PP scalars.
     */
    public MeasureFamily weighted(String name, NodeSimilarity similarity) {
        List<String> labels = new ArrayList<>();
        List<double[]> settings = new ArrayList<>();
        for (double t : grid) {
            for (double w : PP_CREDIT) {
                for (double l : BALANCE) {
                    labels.add("T=" + t + " w=" + w + " λ=" + l);
                    settings.add(new double[] {t, w, l});
                }
            }
        }
        return new MeasureFamily(name, labels, -1, study -> {
            double[][] rho = new double[settings.size()][];
            for (int c = 0; c < rho.length; c++) {
                double[] s = settings.get(c);
                rho[c] = SoftF1Counts.correlations(study, counts.counts(study, similarity, s[0]),
                        x -> weightedScore(x, s[1], s[2]));
            }
            return rho;
        });
    }

    /** The weighted score of one count; 1.0 for two empty sets (as the soft F1). */
    public static double weightedScore(EdgeSetScore x, double w, double lambda) {
        double denominator = 2.0 * x.tp() + 2.0 * x.pp() + lambda * x.fp() + (2 - lambda) * x.fn();
        return denominator == 0 ? 1.0 : 2.0 * (x.tp() + w * x.pp()) / denominator;
    }

    /**
     * Threshold-free soft match: edge similarity = min(S(sources), S(targets)), times the direction factor d when
     * the directions differ; precision = mean over the annotation's edges of the best similarity to a gold edge,
     * recall the same from the gold side; the score is their harmonic mean (0 when either is 0, 1 for two empty
     * sets). Candidates: d in {@link #DIRECTION_FACTOR}.
     */
    public MeasureFamily softMatch(String name, NodeSimilarity similarity) {
        List<String> labels = DIRECTION_FACTOR.stream().map(d -> "d=" + d).toList();
        Map<String, Double> memo = new HashMap<>();
        return new MeasureFamily(name, labels, -1, study -> {
            double[][] rho = new double[DIRECTION_FACTOR.size()][];
            for (int c = 0; c < rho.length; c++) {
                double d = DIRECTION_FACTOR.get(c);
                rho[c] = study.perPassage(new StudyMeasure(name,
                        (gold, a) -> softMatch(similarity, memo, a, gold, d)));
            }
            return rho;
        });
    }

    static double softMatch(NodeSimilarity s, Map<String, Double> memo, List<RawEdge> predicted,
            List<RawEdge> gold, double directionFactor) {
        List<RawEdge> p = predicted.stream().filter(StudyFamilies::usable).toList();
        List<RawEdge> g = gold.stream().filter(StudyFamilies::usable).toList();
        if (p.isEmpty() && g.isEmpty()) {
            return 1.0;
        }
        if (p.isEmpty() || g.isEmpty()) {
            return 0.0;
        }
        double[][] sim = new double[p.size()][g.size()];
        for (int i = 0; i < p.size(); i++) {
            for (int j = 0; j < g.size(); j++) {
                RawEdge e = p.get(i);
                RawEdge f = g.get(j);
                double v = Math.min(node(s, memo, e.source(), f.source()), node(s, memo, e.target(), f.target()));
                boolean same = Objects.equals(e.toEdge().direction(), f.toEdge().direction())
                        && e.toEdge().direction() != null;
                sim[i][j] = same ? v : v * directionFactor;
            }
        }
        double precision = 0;
        for (int i = 0; i < p.size(); i++) {
            double best = 0;
            for (int j = 0; j < g.size(); j++) {
                best = Math.max(best, sim[i][j]);
            }
            precision += best;
        }
        precision /= p.size();
        double recall = 0;
        for (int j = 0; j < g.size(); j++) {
            double best = 0;
            for (int i = 0; i < p.size(); i++) {
                best = Math.max(best, sim[i][j]);
            }
            recall += best;
        }
        recall /= g.size();
        return precision + recall == 0 ? 0.0 : 2 * precision * recall / (precision + recall);
    }

    private static boolean usable(RawEdge e) {
        return !NodeText.isBlank(e.source()) && !NodeText.isBlank(e.target());
    }

    private static double node(NodeSimilarity s, Map<String, Double> memo, String a, String b) {
        if (NodeText.normalise(a).equals(NodeText.normalise(b))) {
            return 1.0;
        }
        String key = s.name() + '\u0000' + a + '\u0000' + b;
        Double hit = memo.get(key);
        if (hit == null) {
            hit = Math.max(0.0, Math.min(1.0, s.similarity(NodeText.bounded(a), NodeText.bounded(b))));
            memo.put(key, hit);
        }
        return hit;
    }

    private MeasureFamily reference(String name, Supplier<NodeSimilarity> similarity, double notebook) {
        List<Double> thresholds = new ArrayList<>(grid);
        if (!thresholds.contains(notebook)) {
            thresholds.add(notebook);
            thresholds.sort(Double::compare);
        }
        NodeSimilarity s = similarity.get();
        return new MeasureFamily(name, thresholds.stream().map(t -> "T=" + t).toList(), thresholds.indexOf(notebook),
                study -> {
                    double[][] rho = new double[thresholds.size()][];
                    for (int c = 0; c < rho.length; c++) {
                        rho[c] = study.perPassage(StudyMeasure.reference(new ReferenceMeasure(s, thresholds.get(c))));
                    }
                    return rho;
                });
    }

    /** Triples of an annotation; {@code typed}: direction as edge type, else every edge the same type. */
    static List<Triple> triples(List<RawEdge> edges, boolean typed) {
        List<Triple> out = new ArrayList<>();
        for (RawEdge e : edges) {
            Direction d = e.toEdge().direction();
            if (d == null) {
                continue;
            }
            out.add(Triple.newBuilder().setSource(e.source()).setTarget(e.target())
                    .setDirection(typed ? d : Direction.INCREASE).build());
        }
        return out;
    }
}
