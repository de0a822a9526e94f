package io.causalstream.research.extraction.train;

import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.TripleDecoding;
import io.causalstream.schemas.graph.Triple;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Research probe (never run by tests): decoding variants of a trained head on the validation split only (Elo
 * passages removed), from the trainer's encoder cache:
 * <pre>java -cp ... io.causalstream.research.extraction.train.DecodeProbe DATA HEAD.bin.gz ENCODER</pre>
 */
public final class DecodeProbe {

    public static void main(String[] args) throws Exception {
        RelationHead head = ValidationProbe.head(args[1]);
        ValidationProbe probe = ValidationProbe.read(Path.of(args[0]), args[2]);
        List<List<SentenceFeatures>> features = probe.features();
        List<List<float[][][]>> probabilities = probe.probabilities(head);
        List<UnaryOperator<List<Triple>>> variants = new ArrayList<>();
        List<String> names = new ArrayList<>();
        names.add("as is");
        variants.add(t -> t);
        names.add("trim change words");
        variants.add(t -> t.stream().map(x -> new Triple(trim(x.getSource()), trim(x.getTarget()),
                x.getDirection(), x.getEvidence(), x.getConfidence())).toList());
        for (int k : new int[] {2, 3, 4}) {
            names.add("top " + k + " per passage");
            variants.add(t -> t.stream().sorted(Comparator.comparingDouble(x -> -x.getConfidence())).limit(k)
                    .toList());
        }
        for (int v = 0; v < variants.size(); v++) {
            for (float t = 0.2f; t < 0.851f; t += 0.1f) {
                float th = Math.round(t * 100) / 100f;
                List<List<Triple>> predicted = new ArrayList<>();
                for (int p = 0; p < features.size(); p++) {
                    predicted.add(variants.get(v).apply(TripleDecoding.triples(features.get(p),
                            probabilities.get(p), th)));
                }
                double m = probe.meteor(predicted);
                double r = probe.rouge(predicted);
                System.out.printf(Locale.ROOT, "%-22s t=%.2f METEOR-E %.4f ROUGE-E %.4f mean %.4f triples %d%n",
                        names.get(v), th, m, r, (m + r) / 2, predicted.stream().mapToInt(List::size).sum());
            }
        }
    }

    private static final java.util.regex.Pattern CHANGE = java.util.regex.Pattern.compile(
            "^(?:(?:higher|high|lower|low|increased|increasing|decreased|decreasing|reduced|rising|growing|"
            + "declining|more|less|greater|better|poor|poorer|improved|large|larger|small|smaller|significant|"
            + "major|severe|limited|strong|weak|new|many|several|various|different)\\s+)+",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    static String trim(String node) {
        String t = CHANGE.matcher(node).replaceFirst("");
        return t.isBlank() ? node : t;
    }

    private DecodeProbe() {
    }
}
