package io.causalstream.fcm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Merge;
import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Aggregation on hand-built graphs; every expected weight is worked out in the comment above its assertion. */
class MapAggregatorTest {

    private static final AggregationSettings SETTINGS = AggregationSettings.DEFAULT; // κ = 1, default strength 0.5

    @Test
    void agreeingPassagesStrengthenAnEdgeAndTheFormulaIsTheDocumentedOne() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(contribution("p1", "llama3", up("rain", "flooding", 1.0)));
        // one passage, strength 1: w = 1 / (1 + 1) = 0.5
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.5, within(1e-12));
        a.put(contribution("p2", "llama3", up("rain", "flooding", 0.8)));
        // two passages: (1 + 0.8) / (2 + 1) = 0.6
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.6, within(1e-12));
        a.put(contribution("p3", "rules-v1", up("rain", "flooding", null)));
        // an unscored edge counts at the default strength 0.5: (1 + 0.8 + 0.5) / (3 + 1) = 0.575
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.575, within(1e-12));
        MapEdge e = edge(a, "rain", "flooding");
        assertThat(e.support().passages()).isEqualTo(3);
        assertThat(e.support().annotators()).isEqualTo(2);
        assertThat(e.support().positive()).isEqualTo(3);
        assertThat(e.provenance()).extracting(ev -> ev.passageId()).containsExactly("p1", "p2", "p3");
    }

    @Test
    void annotatorsOfOnePassageShareOneVote() {
        MapAggregator a = new MapAggregator(SETTINGS);
        for (String annotator : List.of("Human1", "Human2", "llama3")) {
            a.put(contribution("p1", annotator, up("rain", "flooding", 1.0)));
        }
        // three annotators, one passage: v(p1) = mean(1, 1, 1) = 1; w = 1 / (1 + 1) = 0.5, not 3 / 4
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.5, within(1e-12));
        assertThat(edge(a, "rain", "flooding").support().annotators()).isEqualTo(3);
        assertThat(edge(a, "rain", "flooding").support().passages()).isEqualTo(1);
    }

    @Test
    void contradictionsLowerTheWeightAndAreCountedNotHidden() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(contribution("p1", "A", up("dams", "flooding", 1.0)));
        a.put(contribution("p2", "B", down("dams", "flooding", 1.0)));
        a.put(contribution("p3", "C", up("dams", "flooding", 0.5)));
        // votes +1, -1, +0.5: (1 - 1 + 0.5) / (3 + 1) = 0.125
        MapEdge e = edge(a, "dams", "flooding");
        assertThat(e.weight()).isCloseTo(0.125, within(1e-12));
        assertThat(e.support().positive()).isEqualTo(2);
        assertThat(e.support().negative()).isEqualTo(1);
        assertThat(e.support().contradicting(e.weight())).isEqualTo(1);
        assertThat(e.support().negativeMass()).isEqualTo(1.0);
        assertThat(e.provenance()).extracting(ev -> ev.sign()).containsExactly(1, -1, 1);

        // annotators of one passage disagreeing: v(p4) = (0.6 - 1.0) / 2 = -0.2; w = (0.5 - 0.2) / (4 + 1) = 0.06
        a.put(contribution("p4", "A", up("dams", "flooding", 0.6)));
        a.put(contribution("p4", "B", down("dams", "flooding", 1.0)));
        assertThat(weight(a, "dams", "flooding")).isCloseTo(0.06, within(1e-12));
    }

    @Test
    void anEvenSplitKeepsTheEdgeAtWeightZeroWithBothSidesCounted() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(contribution("p1", "A", up("x", "y", 0.7)));
        a.put(contribution("p2", "A", down("x", "y", 0.7)));
        MapEdge e = edge(a, "x", "y");
        assertThat(e.weight()).isEqualTo(0.0);
        assertThat(e.support().contradicting(0)).isEqualTo(1);
        assertThat(e.support().conflict()).isEqualTo(0.5);
    }

    @Test
    void theNormalisedTextResolvesConceptsAcrossPassages() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(contribution("p1", "A", up("The  Rainfall.", "Flooding", 1.0)));
        a.put(contribution("p2", "B", up("rainfall", "flooding!", 1.0)));
        CognitiveMap map = a.snapshot("m");
        assertThat(map.concepts()).extracting(Concept::id).containsExactly("rainfall", "flooding");
        assertThat(map.concepts().getFirst().label()).isEqualTo("The  Rainfall.");
        // (1 + 1) / 3
        assertThat(map.edges()).singleElement().extracting(MapEdge::weight).isEqualTo(2.0 / 3);
        assertThat(map.merges()).isEmpty();
    }

    @Test
    void aSimilarityMergeIsRecordedAndUndoneByConfiguration() {
        // a stand-in for the encoder's cosine: word-set Jaccard, enough to decide "heavy rain" ~ "rain"
        ConceptSimilarity words = new ConceptSimilarity() {
            @Override
            public double similarity(String x, String y) {
                Set<String> a = Set.of(x.split(" "));
                Set<String> b = Set.of(y.split(" "));
                long common = a.stream().filter(b::contains).count();
                return (double) common / (a.size() + b.size() - common);
            }

            @Override
            public String name() {
                return "words";
            }
        };
        AggregationSettings settings = SETTINGS.withSimilarityThreshold(0.5);
        MapAggregator a = new MapAggregator(settings, words);
        a.put(contribution("p1", "A", up("rain", "flooding", 1.0)));
        a.put(contribution("p2", "A", up("heavy rain", "flooding", 1.0)));

        CognitiveMap merged = a.snapshot("m");
        // "heavy rain" vs "rain": 1 common word of 2 -> 0.5 >= 0.5: one edge rain -> flooding from two passages
        assertThat(merged.merges()).containsExactly(new Merge("heavy rain", "rain", 0.5, "similarity:words"));
        assertThat(merged.concepts()).extracting(Concept::id).containsExactly("rain", "flooding");
        assertThat(merged.concepts().getFirst().aliases()).containsExactly("heavy rain");
        assertThat(merged.edges()).singleElement().extracting(MapEdge::weight).isEqualTo(2.0 / 3);
        assertThat(merged.edges().getFirst().provenance()).extracting(ev -> ev.sourceText())
                .containsExactly("rain", "heavy rain");

        CognitiveMap undone = a.rebuild(settings.withKeepSeparate(Set.of("Heavy rain"))).snapshot("m");
        assertThat(undone.merges()).isEmpty();
        assertThat(undone.concepts()).extracting(Concept::id).containsExactly("rain", "flooding", "heavy rain");
        assertThat(undone.edges()).extracting(MapEdge::source, MapEdge::weight)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("rain", 0.5),
                        org.assertj.core.groups.Tuple.tuple("heavy rain", 0.5));
    }

    @Test
    void thePolarityGuardRefusesASimilarityMergeThatWouldFlipSigns() {
        // word Jaccard of "low crop yields" and "crop yields" is 2/3, above the threshold 0.5
        ConceptSimilarity words = (x, y) -> {
            Set<String> a = Set.of(x.split(" "));
            Set<String> b = Set.of(y.split(" "));
            long common = a.stream().filter(b::contains).count();
            return (double) common / (a.size() + b.size() - common);
        };
        AggregationSettings settings = SETTINGS.withSimilarityThreshold(0.5);
        List<Contribution> graphs = List.of(contribution("p1", "A", up("crop yields", "food prices", 1.0)),
                contribution("p2", "A", up("low crop yields", "food prices", 1.0)));

        MapAggregator guarded = new MapAggregator(settings, words);
        graphs.forEach(guarded::put);
        assertThat(guarded.snapshot("m").merges()).isEmpty();
        assertThat(guarded.snapshot("m").concepts()).extracting(Concept::id).contains("low crop yields");

        MapAggregator unguarded = new MapAggregator(settings.withPolarityGuard(false), words);
        graphs.forEach(unguarded::put);
        assertThat(unguarded.snapshot("m").merges()).extracting(Merge::key).containsExactly("low crop yields");
    }

    @Test
    void configuredAliasesMergeWithoutASimilarityAndAMergeThatMakesASelfLoopIsDropped() {
        MapAggregator a = new MapAggregator(SETTINGS.withAliases(Map.of("Precipitation", "rain")));
        a.put(contribution("p1", "A", up("precipitation", "flooding", 1.0), up("rain", "precipitation", 1.0)));
        CognitiveMap map = a.snapshot("m");
        assertThat(map.merges()).containsExactly(new Merge("precipitation", "rain", 1.0, "configured"));
        assertThat(map.edges()).extracting(MapEdge::source).containsExactly("rain");
        assertThat(a.droppedSelfLoops()).isEqualTo(1);
    }

    @Test
    void aReScoredPassageReplacesItsContributionWithoutDoubleCounting() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(contribution("p1", "llama3", up("rain", "flooding", 0.4), down("dams", "flooding", 1.0)));
        a.put(contribution("p2", "Human1", up("rain", "flooding", 1.0)));
        // the same annotation re-scored (new strengths), published again
        a.put(contribution("p1", "llama3", up("rain", "flooding", 0.8), down("dams", "flooding", 1.0)));
        // (0.8 + 1.0) / (2 + 1) = 0.6 — not (0.4 + 0.8 + 1.0) / 4
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.6, within(1e-12));
        assertThat(edge(a, "rain", "flooding").provenance()).hasSize(2);
        // a new extraction by the same annotator drops the dams edge and adds another
        Set<MapAggregator.EdgeKey> changed = a.put(contribution("p1", "llama3", up("rain", "flooding", 0.8),
                up("deforestation", "flooding", 1.0)));
        assertThat(changed).contains(new MapAggregator.EdgeKey("dams", "flooding"),
                new MapAggregator.EdgeKey("deforestation", "flooding"));
        assertThat(a.edge(new MapAggregator.EdgeKey("dams", "flooding"))).isEmpty();
        assertThat(a.snapshot("m").concepts()).extracting(Concept::id).doesNotContain("dams");
        // and it equals a map built from scratch from what is present now
        MapAggregator scratch = new MapAggregator(SETTINGS);
        scratch.put(contribution("p2", "Human1", up("rain", "flooding", 1.0)));
        scratch.put(contribution("p1", "llama3", up("rain", "flooding", 0.8), up("deforestation", "flooding", 1.0)));
        assertThat(weights(a.snapshot("m"))).isEqualTo(weights(scratch.snapshot("m")));
        // removing the passage takes its evidence out
        a.remove("p1", "llama3");
        assertThat(weight(a, "rain", "flooding")).isCloseTo(0.5, within(1e-12));
        assertThat(a.edgeCount()).isEqualTo(1);
    }

    @Test
    void randomPutsReplacementsAndRemovalsAlwaysEqualTheMapBuiltFromScratch() {
        Random random = new Random(15);
        String[] labels = {"rain", "flooding", "dams", "crops", "prices", "migration"};
        String[] annotators = {"A", "B", "C"};
        MapAggregator live = new MapAggregator(SETTINGS);
        Map<String, Contribution> present = new HashMap<>();
        for (int step = 0; step < 2_000; step++) {
            String passage = "p" + random.nextInt(20);
            String annotator = annotators[random.nextInt(annotators.length)];
            if (random.nextInt(5) == 0) {
                live.remove(passage, annotator);
                present.remove(Contribution.key(passage, annotator));
                continue;
            }
            List<ContributedEdge> edges = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
                edges.add(new ContributedEdge(labels[random.nextInt(labels.length)],
                        labels[random.nextInt(labels.length)], random.nextBoolean() ? 1 : -1,
                        random.nextInt(4) == 0 ? null : random.nextDouble(), Validation.VALIDATED, List.of()));
            }
            Contribution c = new Contribution(passage, passage + "/" + annotator + "/" + step, annotator, "MODEL",
                    edges);
            live.put(c);
            present.put(c.key(), c);
        }
        MapAggregator scratch = new MapAggregator(SETTINGS);
        present.values().forEach(scratch::put);
        Map<String, Double> expected = weights(scratch.snapshot("m"));
        Map<String, Double> actual = weights(live.snapshot("m"));
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, w) -> assertThat(actual.get(k)).as(k).isCloseTo(w, within(1e-12)));
        assertThat(live.contributions()).hasSize(present.size());
    }

    @Test
    void filtersSelectAnnotatorKindsValidationStatesAndStrengths() {
        List<Contribution> all = List.of(
                new Contribution("p1", "h", "Human1", "HUMAN", List.of(up("a", "b", 0.9))),
                new Contribution("p1", "m", "llama3", "MODEL", List.of(
                        new ContributedEdge("a", "c", 1, 0.9, Validation.UNCHECKED, List.of()),
                        new ContributedEdge("a", "d", 1, 0.2, Validation.VALIDATED, List.of()),
                        new ContributedEdge("a", "e", 1, 0.9, Validation.REJECTED, List.of()),
                        new ContributedEdge("a", "f", 1, null, Validation.VALIDATED, List.of()))));
        assertThat(targets(all, AggregationFilter.DEFAULT)).containsExactlyInAnyOrder("b", "c", "d", "f");
        assertThat(targets(all, AggregationFilter.DEFAULT.withKinds(Set.of("HUMAN")))).containsExactly("b");
        assertThat(targets(all, AggregationFilter.DEFAULT.withMinimumValidation(Validation.VALIDATED)))
                .containsExactlyInAnyOrder("b", "d", "f");
        assertThat(targets(all, AggregationFilter.DEFAULT.withMinimumStrength(0.5)))
                .containsExactlyInAnyOrder("b", "c", "f");
        assertThat(targets(all, AggregationFilter.DEFAULT.withMinimumValidation(Validation.REJECTED)))
                .contains("e");
        assertThat(targets(all, AggregationFilter.DEFAULT.withAnnotators(Set.of(), Set.of("Human1"))))
                .doesNotContain("b");
    }

    @Test
    void provenanceKeepsPassagesAnnotationsAndEvidenceSpans() {
        MapAggregator a = new MapAggregator(SETTINGS);
        a.put(new Contribution("p1", "ann-7", "llama3", "MODEL", List.of(new ContributedEdge("rain", "flooding", 1,
                0.9, Validation.VALIDATED, List.of(new Span(0, 4), new Span(17, 25))))));
        var ev = edge(a, "rain", "flooding").provenance().getFirst();
        assertThat(ev.annotationId()).isEqualTo("ann-7");
        assertThat(ev.validation()).isEqualTo(Validation.VALIDATED);
        assertThat(ev.spans()).containsExactly(new Span(0, 4), new Span(17, 25));
    }

    @Test
    void aRestoredAggregatorHasTheSameMapAndResolvesNewLabelsTheSameWay() {
        ConceptSimilarity prefix = (x, y) -> x.startsWith(y) || y.startsWith(x) ? 0.9 : 0;
        MapAggregator a = new MapAggregator(SETTINGS, prefix);
        a.put(contribution("p1", "A", up("rain", "flooding", 1.0)));
        a.put(contribution("p2", "A", down("rainfall", "crops", 0.5)));
        MapAggregator restored = MapAggregator.restore(SETTINGS, prefix, a.state());
        assertThat(restored.snapshot("m")).isEqualTo(a.snapshot("m"));
        a.put(contribution("p3", "B", up("floodings", "prices", 1.0)));
        restored.put(contribution("p3", "B", up("floodings", "prices", 1.0)));
        assertThat(restored.snapshot("m")).isEqualTo(a.snapshot("m"));
    }

    private static Set<String> targets(List<Contribution> all, AggregationFilter filter) {
        MapAggregator a = new MapAggregator(SETTINGS.withFilter(filter));
        all.forEach(a::put);
        Set<String> out = new java.util.HashSet<>();
        a.snapshot("m").edges().forEach(e -> out.add(e.target()));
        return out;
    }

    static Map<String, Double> weights(CognitiveMap map) {
        Map<String, Double> w = new HashMap<>();
        map.edges().forEach(e -> w.put(e.source() + " -> " + e.target(), e.weight()));
        return w;
    }

    private static double weight(MapAggregator a, String s, String t) {
        return edge(a, s, t).weight();
    }

    private static MapEdge edge(MapAggregator a, String s, String t) {
        return a.edge(new MapAggregator.EdgeKey(s, t)).orElseThrow(() -> new AssertionError("no edge " + s + " -> "
                + t));
    }

    static ContributedEdge up(String s, String t, Double strength) {
        return new ContributedEdge(s, t, 1, strength, Validation.VALIDATED, List.of());
    }

    static ContributedEdge down(String s, String t, Double strength) {
        return new ContributedEdge(s, t, -1, strength, Validation.VALIDATED, List.of());
    }

    static Contribution contribution(String passage, String annotator, ContributedEdge... edges) {
        return new Contribution(passage, passage + "/" + annotator, annotator,
                annotator.startsWith("Human") ? "HUMAN" : "MODEL", List.of(edges));
    }
}
