package io.causalstream.fcm.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causalstream.fcm.aggregate.AggregationSettings;
import io.causalstream.fcm.aggregate.ContributedEdge;
import io.causalstream.fcm.aggregate.Contribution;
import io.causalstream.fcm.aggregate.MapAggregator;
import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Export and import round trips: Mental Modeler CSV, GraphML, JSON. */
class MapFormatsTest {

    /** A collective map with a merge, a contradiction, spans and a label that needs CSV quoting. */
    private static CognitiveMap collective() {
        MapAggregator a = new MapAggregator(AggregationSettings.DEFAULT.withAliases(Map.of("precipitation", "rain")));
        a.put(new Contribution("p1", "ann1", "llama3", "MODEL", List.of(
                new ContributedEdge("Rain", "flooding", 1, 0.9, Validation.VALIDATED, List.of(new Span(0, 4))),
                new ContributedEdge("dams, levees", "flooding", -1, 0.7, Validation.HYPOTHESIZED, List.of()))));
        a.put(new Contribution("p2", "ann2", "Human1", "HUMAN", List.of(
                new ContributedEdge("precipitation", "flooding", 1, null, Validation.UNCHECKED, List.of()),
                new ContributedEdge("dams, levees", "flooding", 1, 0.7, Validation.VALIDATED, List.of()))));
        return a.snapshot("collective");
    }

    @Test
    void mentalModelerCsvIsAnAdjacencyMatrixNamedByTheFirstRowAndColumn() throws IOException {
        CognitiveMap map = CognitiveMap.builder("m").edge("a", "b", 0.5).edge("b", "c", -1).build();
        String csv = MentalModelerCsv.write(map);
        assertThat(csv).isEqualTo("""
                ,a,b,c
                a,0,0.5,0
                b,0,0,-1
                c,0,0,0
                """);
        CognitiveMap back = MentalModelerCsv.read("m", new StringReader(csv));
        assertThat(back).isEqualTo(map);
    }

    @Test
    void mentalModelerCsvRoundTripsWeightsOfACollectiveMapByLabel() throws IOException {
        CognitiveMap map = collective();
        CognitiveMap back = MentalModelerCsv.read("collective", new StringReader(MentalModelerCsv.write(map)));
        assertThat(back.concepts()).extracting(Concept::id).containsExactly("Rain", "flooding", "dams, levees");
        // the contradicted dams edge (+0.7 and -0.7 from two passages) has weight 0: not an edge in a matrix
        assertThat(weightsByLabel(map).entrySet().stream().filter(e -> e.getValue() != 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))).isEqualTo(weights(back));
    }

    @Test
    void aMalformedMatrixIsRejectedWithThePlace() {
        assertThatThrownBy(() -> MentalModelerCsv.read("m", new StringReader(",a,b\na,0,x\nb,0,0\n")))
                .hasMessageContaining("row 2 column 3: not a number: x");
        assertThatThrownBy(() -> MentalModelerCsv.read("m", new StringReader(",a,b\na,0,1\n")))
                .hasMessageContaining("not a square matrix");
        assertThatThrownBy(() -> MentalModelerCsv.read("m", new StringReader(",a,b\na,1,0\nb,0,0\n")))
                .hasMessageContaining("self-loop on a");
    }

    @Test
    void graphMlParsesWithAStandardXmlParserAndCarriesWeightSignAndSupport() throws Exception {
        CognitiveMap map = collective();
        String xml = GraphMl.write(map);

        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        var xpath = XPathFactory.newInstance().newXPath();
        xpath.setNamespaceContext(new javax.xml.namespace.NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return "g".equals(prefix) ? GraphMl.NS : null;
            }

            @Override
            public String getPrefix(String uri) {
                return null;
            }

            @Override
            public java.util.Iterator<String> getPrefixes(String uri) {
                return null;
            }
        });
        assertThat(xpath.evaluate("/g:graphml/g:graph/@edgedefault", doc)).isEqualTo("directed");
        assertThat(((NodeList) xpath.evaluate("//g:node", doc, XPathConstants.NODESET)).getLength()).isEqualTo(3);
        assertThat(xpath.evaluate("//g:key[@attr.name='weight']/@attr.type", doc)).isEqualTo("double");
        assertThat(xpath.evaluate("//g:edge[@source='rain' and @target='flooding']/g:data[@key='weight']", doc))
                .isEqualTo(Double.toString(map.edge("rain", "flooding").orElseThrow().weight()));
        assertThat(xpath.evaluate("//g:edge[@source='rain']/g:data[@key='sign']", doc)).isEqualTo("1");
        assertThat(xpath.evaluate("//g:edge[@source='dams, levees']/g:data[@key='sign']", doc)).isEqualTo("0");
        assertThat(xpath.evaluate("//g:edge[@source='dams, levees']/g:data[@key='negative']", doc)).isEqualTo("1");
        assertThat(xpath.evaluate("//g:node[@id='rain']/g:data[@key='aliases']", doc)).isEqualTo("precipitation");

        CognitiveMap back = GraphMl.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertThat(back.concepts()).isEqualTo(map.concepts());
        assertThat(weights(back)).isEqualTo(weights(map));
        assertThat(back.edges()).extracting(e -> e.support().passages())
                .containsExactlyElementsOf(map.edges().stream().map(e -> e.support().passages()).toList());
    }

    @Test
    void graphMlWithoutWeightsReadsAsWeightOneAndADoctypeIsRefused() throws IOException {
        String plain = """
                <graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="directed">
                <node id="x"/><node id="y"/><edge source="x" target="y"/></graph></graphml>""";
        CognitiveMap m = GraphMl.read(new ByteArrayInputStream(plain.getBytes(StandardCharsets.UTF_8)));
        assertThat(m.edges()).containsExactly(MapEdge.of("x", "y", 1));
        String evil = "<!DOCTYPE g [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><graphml><graph>&e;</graph></graphml>";
        assertThatThrownBy(() -> GraphMl.read(new ByteArrayInputStream(evil.getBytes(StandardCharsets.UTF_8))))
                .hasMessageStartingWith("not GraphML");
    }

    @Test
    void jsonKeepsEverythingProvenanceIncluded() throws IOException {
        CognitiveMap map = collective();
        CognitiveMap back = MapJson.read(MapJson.write(map));
        assertThat(back).isEqualTo(map);
        assertThat(back.edge("rain", "flooding").orElseThrow().provenance().getFirst().spans())
                .containsExactly(new Span(0, 4));
        assertThat(back.merges()).hasSize(1);
    }

    @Test
    void jsonThatBreaksAMapsRulesIsRefused() {
        String json = """
                {"id":"m","concepts":[{"id":"a"}],"edges":[{"source":"a","target":"b","weight":0.5}]}""";
        assertThatThrownBy(() -> MapJson.read(json)).hasMessageContaining("names a concept the map does not have");
    }

    private static Map<String, Double> weights(CognitiveMap map) {
        return map.edges().stream().collect(Collectors.toMap(e -> e.source() + "->" + e.target(), MapEdge::weight));
    }

    private static Map<String, Double> weightsByLabel(CognitiveMap map) {
        Map<String, String> label = map.concepts().stream().collect(Collectors.toMap(Concept::id, Concept::label));
        return map.edges().stream().collect(Collectors.toMap(
                e -> label.get(e.source()) + "->" + label.get(e.target()), MapEdge::weight));
    }
}
