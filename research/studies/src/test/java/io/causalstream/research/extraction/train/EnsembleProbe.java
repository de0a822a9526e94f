package io.causalstream.research.extraction.train;

import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.TripleDecoding;
import io.causalstream.schemas.graph.Triple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Research probe (never run by tests): the mean class probabilities of several heads (seeds) against each head alone,
 * on the validation split only (Elo passages removed), head-only decoding, from the trainer's encoder cache:
 * <pre>java -cp ... io.causalstream.research.extraction.train.EnsembleProbe DATA ENCODER HEAD.bin.gz...</pre>
 */
public final class EnsembleProbe {

    public static void main(String[] args) throws Exception {
        List<RelationHead> heads = new ArrayList<>();
        for (int k = 2; k < args.length; k++) {
            heads.add(ValidationProbe.head(args[k]));
        }
        ValidationProbe probe = ValidationProbe.read(Path.of(args[0]), args[1]);
        List<List<SentenceFeatures>> features = probe.features();
        List<List<List<float[][][]>>> each = new ArrayList<>();
        for (RelationHead h : heads) {
            each.add(probe.probabilities(h));
        }
        for (int h = 0; h <= heads.size(); h++) {
            List<List<float[][][]>> probabilities = h < heads.size() ? each.get(h) : mean(each);
            for (float t = 0.1f; t < 0.651f; t += 0.05f) {
                float th = Math.round(t * 100) / 100f;
                List<List<Triple>> predicted = new ArrayList<>();
                for (int p = 0; p < features.size(); p++) {
                    predicted.add(TripleDecoding.triples(features.get(p), probabilities.get(p), th));
                }
                double m = probe.meteor(predicted);
                double r = probe.rouge(predicted);
                System.out.printf(Locale.ROOT, "%-10s t=%.2f METEOR-E %.4f ROUGE-E %.4f mean %.4f triples %d%n",
                        h < heads.size() ? "head " + h : "mean", th, m, r, (m + r) / 2,
                        predicted.stream().mapToInt(List::size).sum());
            }
        }
    }

    private static List<List<float[][][]>> mean(List<List<List<float[][][]>>> each) {
        List<List<float[][][]>> out = new ArrayList<>();
        for (int p = 0; p < each.getFirst().size(); p++) {
            List<float[][][]> sentences = new ArrayList<>();
            for (int s = 0; s < each.getFirst().get(p).size(); s++) {
                float[][][] first = each.getFirst().get(p).get(s);
                float[][][] m = new float[first.length][first.length][];
                for (int i = 0; i < first.length; i++) {
                    for (int j = 0; j < first.length; j++) {
                        if (first[i][j] == null) {
                            continue;
                        }
                        float[] v = new float[first[i][j].length];
                        for (List<List<float[][][]>> head : each) {
                            float[] x = head.get(p).get(s)[i][j];
                            for (int c = 0; c < v.length; c++) {
                                v[c] += x[c] / each.size();
                            }
                        }
                        m[i][j] = v;
                    }
                }
                sentences.add(m);
            }
            out.add(sentences);
        }
        return out;
    }

    private EnsembleProbe() {
    }
}
