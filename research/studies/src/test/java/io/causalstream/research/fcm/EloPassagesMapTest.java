package io.causalstream.research.fcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ConceptKey;
import io.causalstream.fcm.aggregate.ContributedEdge;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.analysis.MapComparison;
import io.causalstream.fcm.analysis.MapIndices;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Validation;
import io.causalstream.measures.Edge;
import io.causalstream.measures.RawEdge;
import io.causalstream.research.study.Annotation;
import io.causalstream.research.study.SoftMeasuresData;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.testkit.TestResources;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The collective map of the soft-measures paper's 20 Elo passages from their 10 released annotations (7 people,
 * llama2, llama3, mistral; no CESAR strengths, so every edge counts at the default strength): the aggregation keeps
 * every annotation edge as provenance exactly once, and its concepts are exactly the distinct normalised labels.
 * Prints the figures and the people-vs-models comparison.
 */
class EloPassagesMapTest {

    @Test
    void everyAnnotatedEdgeIsInTheProvenanceExactlyOnce() throws Exception {
        SoftMeasuresData data = SoftMeasuresData.load(TestResources.path("soft-measures"));
        MapAggregator all = new MapAggregator(AggregationSettings.DEFAULT);
        MapAggregator people = new MapAggregator(AggregationSettings.DEFAULT);
        MapAggregator models = new MapAggregator(AggregationSettings.DEFAULT);
        int kept = 0;
        Set<String> labels = new HashSet<>();
        for (String annotator : data.annotators()) {
            for (int p = 0; p < data.passages(); p++) {
                Annotation a = data.annotation(annotator, p);
                List<ContributedEdge> edges = new ArrayList<>();
                for (RawEdge raw : a.edges()) {
                    Edge e = raw.toEdge();
                    String s = ConceptKey.normalise(e.source());
                    String t = ConceptKey.normalise(e.target());
                    if (!s.isEmpty() && !t.isEmpty() && !s.equals(t)) {
                        kept++;
                        labels.add(s);
                        labels.add(t);
                    }
                    edges.add(new ContributedEdge(e.source(), e.target(),
                            e.direction() == Direction.DECREASE ? -1 : 1, null, Validation.UNCHECKED, List.of()));
                }
                boolean person = annotator.startsWith("Human");
                Contribution c = new Contribution("elo-" + p, annotator + "/" + p, annotator,
                        person ? "HUMAN" : "MODEL", edges);
                all.put(c);
                (person ? people : models).put(c);
            }
        }
        CognitiveMap map = all.snapshot("elo-passages");

        assertThat(map.edges().stream().mapToInt(e -> e.provenance().size()).sum()).isEqualTo(kept);
        assertThat(map.concepts()).hasSize(labels.size());
        assertThat(map.edges()).allSatisfy(e -> assertThat(e.support().passages()).isBetween(1, 20));
        assertThat(map.edges()).allSatisfy(e -> assertThat(Math.abs(e.weight()))
                .isLessThanOrEqualTo(0.5 * e.support().passages() / (e.support().passages() + 1.0) + 1e-12));

        MapIndices x = MapIndices.of(map);
        long contradicted = map.edges().stream().filter(e -> e.support().contradicting(e.weight()) > 0).count();
        MapEdge strongest = map.edges().stream()
                .max((a, b) -> Double.compare(Math.abs(a.weight()), Math.abs(b.weight()))).orElseThrow();
        MapComparison cmp = MapComparison.of(people.snapshot("people"), models.snapshot("models"));
        System.out.printf(Locale.ROOT, "Elo passages collective map: %d annotation edges -> %d concepts, %d edges "
                        + "(%d with contradicting evidence), %d transmitters, %d receivers; strongest %s -> %s %.3f "
                        + "(%d passages, %d annotators)%n", kept, x.concepts(), map.edges().size(), contradicted,
                x.transmitters(), x.receivers(), strongest.source(), strongest.target(), strongest.weight(),
                strongest.support().passages(), strongest.support().annotators());
        System.out.printf(Locale.ROOT, "people vs models: concept Jaccard %.3f, edge Jaccard %.3f, weighted Jaccard "
                + "%.3f, S2-style %.3f%n", cmp.conceptJaccard(), cmp.edgeJaccard(), cmp.weightedJaccard(), cmp.s2());
    }
}
