package io.causalstream.research.bench;

import io.causalstream.measures.NodeSimilarity;
import io.causalstream.measures.bleu.BleuSimilarity;
import io.causalstream.measures.bleu.NltkBleu;
import io.causalstream.measures.meteor.Meteor;
import io.causalstream.measures.meteor.MeteorSimilarity;
import io.causalstream.measures.reference.ReferenceSimilarities;
import io.causalstream.testkit.TestResources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The Java measures side by side with the Python reference (Debian's {@code python3-nltk} 3.8 and
 * {@code wordnet-base}, WordNet 3.0) on the same label pairs of the 20 Elo passages: the values must agree, and
 * the throughput ratio is printed (goal: at least 50x). Python's side is {@code bench/nltk_reference.py}. Both
 * sides count CPU time (the Python process, the Java benchmark thread), not wall time: on a machine shared with
 * other work, wall time measures the neighbours.
 *
 * <p>NLTK's WordNet reader needs a {@code lexnames} file that Debian's WordNet lacks: the bench builds an
 * {@code NLTK_DATA} folder with links to {@code /usr/share/wordnet} and the lexicographer file list taken from the
 * WordNet 3.0 data on the classpath (extjwnl-data-wn30). Needs {@code apt-get install python3-nltk wordnet-base}.
 * <pre>
 * mvn -B -q -o -Pbench -pl research/benchmarks -am verify -DskipTests -Dbench=python-reference
 * </pre>
 */
public final class PythonReferenceBench {

    private static final String PYTHON = "/usr/bin/python3";
    private static final Path DEBIAN_WORDNET = Path.of("/usr/share/wordnet");

    public static void main(String[] args) throws Exception {
        BenchData data = new BenchData();
        List<BenchData.Pair> pairs = data.labelPairs.stream()
                .map(p -> new BenchData.Pair(clean(p.candidate()), clean(p.reference()))).toList();
        Path work = Files.createTempDirectory("nltk-bench");
        Path tsv = work.resolve("pairs.tsv");
        Files.write(tsv, pairs.stream().map(p -> p.candidate() + "\t" + p.reference()).toList(),
                StandardCharsets.UTF_8);
        Path nltkData = nltkData(work);

        Path script = TestResources.path("bench/nltk_reference.py");
        ProcessBuilder pb = new ProcessBuilder(PYTHON, "-W", "ignore", script.toString(), tsv.toString(),
                work.resolve("out").toString(), "1");
        pb.environment().put("NLTK_DATA", nltkData.toString());
        pb.redirectOutput(ProcessBuilder.Redirect.INHERIT);
        Process python = pb.start();
        String stderr = new String(python.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (python.waitFor() != 0) {
            throw new IllegalStateException("python failed:\n" + stderr);
        }
        Map<String, double[]> pythonTiming = new LinkedHashMap<>();
        for (String line : stderr.strip().split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 3) {
                pythonTiming.put(f[0], new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
            }
        }

        Map<String, NodeSimilarity> measures = new LinkedHashMap<>();
        measures.put("bleu-nltk", BleuSimilarity.nltk(NltkBleu.Smoothing.METHOD1));
        measures.put("meteor", MeteorSimilarity.nltk());
        measures.put("ref-bleu", ReferenceSimilarities.bleu());
        measures.put("ref-meteor", ReferenceSimilarities.meteor(Meteor.StemStage.NLTK));

        System.out.printf(Locale.ROOT, "%d label pairs of the 20 Elo passages%n%n%-12s %18s %18s %9s %12s%n",
                pairs.size(), "measure", "python pairs/cpu-s", "java pairs/cpu-s", "ratio", "disagreeing");
        for (Map.Entry<String, NodeSimilarity> e : measures.entrySet()) {
            List<Double> expected = Files.readAllLines(work.resolve("out." + e.getKey())).stream()
                    .filter(s -> !s.isBlank()).map(Double::parseDouble).toList();
            NodeSimilarity s = e.getValue();
            int disagreeing = 0;
            List<String> examples = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                double v = s.similarity(pairs.get(i).candidate(), pairs.get(i).reference());
                double x = expected.get(i);
                if (Math.abs(v - x) > 1e-12 * Math.max(1, Math.abs(x))) {
                    disagreeing++;
                    if (examples.size() < 3) {
                        examples.add(pairs.get(i) + " java " + v + " python " + x);
                    }
                }
            }
            double javaPerSecond = MeasureThroughputBench.best(() -> {
                double sink = 0;
                for (BenchData.Pair p : pairs) {
                    sink += s.similarity(p.candidate(), p.reference());
                }
                return sink;
            }, pairs.size());
            double[] py = pythonTiming.get(e.getKey());
            double pythonPerSecond = py[1] / py[0];
            System.out.printf(Locale.ROOT, "%-12s %,18.0f %,18.0f %8.1fx %12d%n", e.getKey(), pythonPerSecond,
                    javaPerSecond, javaPerSecond / pythonPerSecond, disagreeing);
            examples.forEach(x -> System.out.println("    " + x));
        }
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String clean(String label) {
        return label.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    /** NLTK_DATA/corpora/wordnet: links to Debian's WordNet 3.0 files plus the lexnames file it lacks. */
    private static Path nltkData(Path work) throws IOException {
        Path wordnet = Files.createDirectories(work.resolve("nltk_data/corpora/wordnet"));
        try (Stream<Path> files = Files.list(DEBIAN_WORDNET)) {
            for (Path f : files.toList()) {
                Files.createSymbolicLink(wordnet.resolve(f.getFileName()), f);
            }
        }
        try (InputStream lexnames = PythonReferenceBench.class.getResourceAsStream(
                "/net/sf/extjwnl/data/wordnet/wn30/lexnames")) {
            if (lexnames == null) {
                throw new IllegalStateException("extjwnl-data-wn30 is not on the classpath");
            }
            Files.copy(lexnames, wordnet.resolve("lexnames"));
        }
        return work.resolve("nltk_data");
    }

    private PythonReferenceBench() {
    }
}
