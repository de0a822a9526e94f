package io.causalstream.research.cesar;

import io.causalstream.cesar.CesarScorer;
import io.causalstream.cesar.CesarSettings;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.TextPair;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.schemas.graph.Triple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Research probe (never run by tests): does conditioning CESAR's strength on the passage help it tell a stated edge
 * from a wrong one? On a released split's gold triples (positives) against the same edge reversed and against the
 * cause paired with another passage's effect (negatives), the AUC and the share above 0.5 of the strength on
 * source -> target alone and on source [SEP] passage -> target, with the scorer's default head and encoder:
 * <pre>java -cp ... io.causalstream.research.cesar.EvidenceStrengthProbe SPLIT.csv [ENCODER]</pre>
 */
public final class EvidenceStrengthProbe {

    public static void main(String[] args) {
        List<GoldPassage> passages = ReleasedSplit.read(Path.of(args[0]));
        String encoder = args.length > 1 ? args[1] : CesarSettings.DEFAULT_ENCODER;
        // as the scorer runs an int8 model: one sequence a batch, a pass per core
        EncoderSettings base = EncoderSettings.bundledMiniLm();
        CesarSettings settings = new CesarSettings(null, new EncoderSettings(null, null, encoder, base.maxTokens(), 1,
                0, base.cacheDir()).withPasses(Runtime.getRuntime().availableProcessors()));
        Random random = new Random(3);
        List<String[]> positives = new ArrayList<>();
        List<String[]> reversed = new ArrayList<>();
        List<String[]> foreign = new ArrayList<>();
        for (int p = 0; p < passages.size(); p++) {
            for (Triple t : passages.get(p).gold()) {
                String text = passages.get(p).text();
                positives.add(new String[] {t.getSource(), t.getTarget(), text});
                reversed.add(new String[] {t.getTarget(), t.getSource(), text});
                GoldPassage other = passages.get((p + 1 + random.nextInt(passages.size() - 1)) % passages.size());
                foreign.add(new String[] {t.getSource(), other.gold().getFirst().getTarget(), text});
            }
        }
        CesarScorer scorer = settings.open();
        try {
            for (boolean evidence : new boolean[] {false, true}) {
                double[] pos = strengths(scorer, positives, evidence);
                double[] rev = strengths(scorer, reversed, evidence);
                double[] oth = strengths(scorer, foreign, evidence);
                System.out.printf(Locale.ROOT, "%-34s AUC vs reversed %.3f, vs another passage's effect %.3f; "
                        + "above 0.5: gold %.3f, reversed %.3f, foreign %.3f (%d gold edges)%n",
                        evidence ? "CS(source [SEP] passage -> target)" : "CS(source -> target)", auc(pos, rev),
                        auc(pos, oth), above(pos), above(rev), above(oth), pos.length);
            }
        } finally {
            scorer.encoder().close();
        }
    }

    private static double[] strengths(CesarScorer scorer, List<String[]> edges, boolean evidence) {
        List<TextPair> pairs = edges.stream().map(e -> new TextPair(
                evidence ? CesarScorer.concatenate(e[0], e[2]) : e[0], e[1])).toList();
        return scorer.strengths(pairs);
    }

    private static double auc(double[] pos, double[] neg) {
        double wins = 0;
        for (double p : pos) {
            for (double n : neg) {
                wins += p > n ? 1 : p == n ? 0.5 : 0;
            }
        }
        return wins / ((double) pos.length * neg.length);
    }

    private static double above(double[] v) {
        return java.util.Arrays.stream(v).filter(x -> x >= 0.5).count() / (double) v.length;
    }

    private EvidenceStrengthProbe() {
    }
}
