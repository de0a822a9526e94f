package io.causalstream.research.bench;

import io.causalstream.measures.RawEdge;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.testkit.TestResources;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Benchmark inputs from the 20 Elo passages (test resource copy): every (annotation label, winner label) pair the
 * Table 3 computation compares — sources with sources, targets with targets — and every (annotation, winner)
 * graph pair.
 */
final class BenchData {

    record Pair(String candidate, String reference) {
    }

    record GraphPair(List<RawEdge> annotation, List<RawEdge> gold) {
    }

    final List<Pair> labelPairs = new ArrayList<>();
    final List<GraphPair> graphPairs = new ArrayList<>();

    BenchData() throws IOException {
        SoftMeasuresData data = SoftMeasuresData.load(TestResources.path("soft-measures"));
        for (int p = 0; p < data.passages(); p++) {
            List<RawEdge> gold = data.annotation(data.rankings().rows().get(p).winner(), p).edges();
            for (String annotator : data.annotators()) {
                List<RawEdge> annotation = data.annotation(annotator, p).edges();
                graphPairs.add(new GraphPair(annotation, gold));
                addPairs(nodes(annotation, true), nodes(gold, true));
                addPairs(nodes(annotation, false), nodes(gold, false));
            }
        }
    }

    private void addPairs(Set<String> candidates, Set<String> references) {
        for (String c : candidates) {
            for (String r : references) {
                labelPairs.add(new Pair(c, r));
            }
        }
    }

    private static Set<String> nodes(List<RawEdge> edges, boolean sources) {
        Set<String> out = new LinkedHashSet<>();
        edges.forEach(e -> out.add(sources ? e.source() : e.target()));
        return out;
    }
}
