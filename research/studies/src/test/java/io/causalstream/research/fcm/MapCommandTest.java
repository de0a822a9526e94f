package io.causalstream.research.fcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.io.MapJson;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.scoring.ScoredEdge;
import io.causalstream.schemas.scoring.ScoredGraph;
import io.causalstream.schemas.scoring.ValidationState;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The map commands end to end on files: scored-graphs lines as read-topic prints them, to a map and back out. */
class MapCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new MapCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path scored() throws Exception {
        Path file = dir.resolve("scored.jsonl");
        Files.write(file, List.of(
                line(graph("p1", "llama3", AnnotatorKind.MODEL,
                        edge("Rainfall", "flooding", Direction.INCREASE, ValidationState.VALIDATED, 1.0),
                        edge("dams", "flooding", Direction.DECREASE, ValidationState.VALIDATED, 0.8))),
                line(graph("p2", "Human1", AnnotatorKind.HUMAN,
                        edge("the rainfall", "Flooding", Direction.INCREASE, ValidationState.HYPOTHESIZED, 0.6),
                        edge("flooding", "crop losses", Direction.INCREASE, ValidationState.REJECTED, 0.9)))));
        return file;
    }

    @Test
    void buildAggregatesScoredGraphsIntoAMapWithProvenance() throws Exception {
        Path map = dir.resolve("map.json");
        assertThat(run("build", "--scored", scored().toString(), "--out", map.toString())).isZero();

        CognitiveMap m = MapJson.read(Files.readString(map));
        // rejected edge left out; rainfall -> flooding from two passages: (1.0 + 0.6) / (2 + 1)
        assertThat(m.edges()).hasSize(2);
        assertThat(m.edge("rainfall", "flooding").orElseThrow().weight()).isCloseTo(1.6 / 3,
                org.assertj.core.api.Assertions.within(1e-12));
        assertThat(m.edge("rainfall", "flooding").orElseThrow().provenance().getFirst().spans()).isNotEmpty();
        assertThat(err.toString()).contains("3 concepts, 2 edges");

        assertThat(run("build", "--scored", scored().toString(), "--min-validation", "VALIDATED", "--kind", "model",
                "--out", map.toString())).isZero();
        assertThat(MapJson.read(Files.readString(map)).edges()).hasSize(2)
                .allSatisfy(e -> assertThat(e.provenance()).allMatch(p -> p.annotatorId().equals("llama3")));
    }

    @Test
    void buildGroupedByKindWritesOneMapPerKind() throws Exception {
        Path maps = dir.resolve("maps");
        assertThat(run("build", "--scored", scored().toString(), "--group-by", "kind", "--out-dir", maps.toString()))
                .isZero();
        assertThat(MapJson.read(Files.readString(maps.resolve("kind_model.json"))).edges()).hasSize(2);
        // the human's only admitted edge: rainfall -> flooding (the REJECTED one is left out)
        assertThat(MapJson.read(Files.readString(maps.resolve("kind_human.json"))).edges()).singleElement()
                .satisfies(e -> assertThat(e.source()).isEqualTo("rainfall"));
        assertThat(run("build", "--scored", scored().toString(), "--group-by", "kind")).isEqualTo(2);
    }

    @Test
    void exportWritesGraphMlThatParsesAndAMentalModelerMatrix() throws Exception {
        Path map = dir.resolve("map.json");
        run("build", "--scored", scored().toString(), "--out", map.toString());
        Path graphml = dir.resolve("map.graphml");
        assertThat(run("export", map.toString(), "--format", "graphml", "--out", graphml.toString())).isZero();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(graphml.toFile());
        assertThat(doc.getElementsByTagName("edge").getLength()).isEqualTo(2);

        assertThat(run("export", "--scored", scored().toString(), "--format", "mental-modeler")).isZero();
        assertThat(out.toString()).startsWith(",Rainfall,flooding,dams\n")
                .contains("\nRainfall,0,0.5333333333333333,0\n");
        // and the GraphML reads back as a map for the other commands
        assertThat(run("analyse", graphml.toString())).isZero();
    }

    @Test
    void simulateClampsAConceptByItsLabelAndReportsTheOutcome() throws Exception {
        Path map = dir.resolve("map.json");
        run("build", "--scored", scored().toString(), "--out", map.toString());
        assertThat(run("simulate", map.toString(), "--clamp", "The Rainfall=1", "--squashing", "trivalent"))
                .isZero();
        // trivalent Kosko from zeros: baseline stays at 0; rainfall clamped 1 -> flooding = t(0.533) = 1
        assertThat(out.toString()).contains("scenario: FIXED_POINT")
                .containsPattern("flooding\\s+0\\.0000\\s+1\\.0000\\s+\\+1\\.0000")
                .contains("(clamped)");
        out.getBuffer().setLength(0);
        assertThat(run("simulate", map.toString(), "--clamp", "rainfall=1", "--squashing", "trivalent", "--json"))
                .isZero();
        var json = io.causalstream.fcm.io.MapJson.mapper().readTree(out.toString());
        assertThat(json.at("/scenario/outcome").asText()).isEqualTo("FIXED_POINT");
        assertThat(json.at("/scenario/finalState/flooding").asDouble()).isEqualTo(1.0);
        assertThat(json.at("/change/flooding").asDouble()).isEqualTo(1.0);
        assertThat(run("simulate", map.toString(), "--clamp", "drought=1")).isEqualTo(2);
        assertThat(err.toString()).contains("no concept 'drought'");
    }

    @Test
    void analyseAndCompare() throws Exception {
        Path all = dir.resolve("all.json");
        Path humans = dir.resolve("humans.json");
        run("build", "--scored", scored().toString(), "--out", all.toString());
        run("build", "--scored", scored().toString(), "--kind", "HUMAN", "--out", humans.toString());
        assertThat(run("analyse", all.toString())).isZero();
        // dams and rainfall only act (transmitters), flooding only receives
        assertThat(out.toString()).contains("transmitters        2   receivers 1")
                .containsPattern("flooding\\s+\\S+\\s+0\\.000\\s+\\S+\\s+RECEIVER");
        out.getBuffer().setLength(0);
        assertThat(run("compare", all.toString(), humans.toString())).isZero();
        // concepts {rainfall, flooding, dams} vs {rainfall, flooding}: 2/3; edges 1/2
        assertThat(out.toString()).contains("concept Jaccard       0.6667").contains("edge Jaccard          0.5000");
    }

    private static String line(ScoredGraph g) {
        return "{\"key\":\"" + g.getPassageId() + "\",\"value\":" + g + "}";
    }

    private static ScoredEdge edge(String s, String t, Direction d, ValidationState v, double strength) {
        return ScoredEdge.newBuilder().setTriple(Triple.newBuilder().setSource(s).setTarget(t).setDirection(d)
                .setEvidence(List.of(new EvidenceSpan(0, 8))).build()).setValidation(v).setStrength(strength).build();
    }

    private static ScoredGraph graph(String passage, String annotator, AnnotatorKind kind, ScoredEdge... edges) {
        return ScoredGraph.newBuilder().setPassageId(passage).setAnnotationId(passage + "/" + annotator)
                .setAnnotator(Annotator.newBuilder().setId(annotator).setKind(kind).build())
                .setEdges(List.of(edges)).setScores(List.of()).setScoredAt(Instant.EPOCH).build();
    }
}
