package io.causalstream.scorer.maps;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.EdgeSupport;
import io.causalstream.fcm.model.Evidence;
import io.causalstream.fcm.model.MapEdge;
import io.causalstream.fcm.model.Span;
import io.causalstream.fcm.model.Validation;
import io.causalstream.schemas.maps.CollectiveEdge;
import io.causalstream.schemas.maps.CollectiveMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

/** The library's map as a causal-maps record: counts complete, provenance capped, the record kept under its limit. */
class CollectiveMapsTest {

    private static CognitiveMap bigMap(int edges, int evidencePerEdge) {
        CognitiveMap.Builder b = CognitiveMap.builder("big");
        for (int i = 0; i < edges; i++) {
            List<Evidence> evidence = new ArrayList<>();
            for (int k = 0; k < evidencePerEdge; k++) {
                evidence.add(new Evidence("passage-" + k, "annotation-" + k, "annotator-" + k, "MODEL",
                        "a fairly long cause label number " + i, "a fairly long effect label number " + i,
                        k == 0 ? -1 : 1, 0.5, Validation.VALIDATED, List.of(new Span(0, 10))));
            }
            double weight = (i % 100) / 100.0;
            b.edge(new MapEdge("cause " + i, "effect " + i, weight,
                    new EdgeSupport(evidencePerEdge, evidencePerEdge, evidencePerEdge - 1, 1, 1, 0.5), evidence));
        }
        return b.build();
    }

    private static int encodedSize(CollectiveMap m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<>(CollectiveMap.class).write(m, encoder);
        encoder.flush();
        return out.size();
    }

    @Test
    void capsProvenanceContradictingFirstAndKeepsTheCounts() {
        CognitiveMap map = bigMap(3, 20);
        CollectiveMap record = CollectiveMaps.toAvro(map, 7, "f", 1_000, 5);
        CollectiveEdge e = record.getEdges().get(2);
        assertThat(e.getProvenance()).hasSize(5);
        assertThat(e.getProvenanceCount()).isEqualTo(20);
        assertThat(e.getProvenance().get(0).getSign()).isEqualTo(-1);
        assertThat(e.getContradicting()).isEqualTo(1);
        assertThat(record.getEdgeCount()).isEqualTo(3);
        assertThat(record.getProvenancePerEdge()).isEqualTo(5);
        assertThat(record.getContributions()).isEqualTo(7);
        CognitiveMap back = CollectiveMaps.fromAvro(record);
        assertThat(back.concepts()).isEqualTo(map.concepts());
        assertThat(back.edges().get(2).support()).isEqualTo(map.edges().get(2).support());
    }

    @Test
    void aMapTooLargeForOneRecordLosesEvidenceThenItsWeakestEdgesAndSaysSo() throws IOException {
        CognitiveMap map = bigMap(2_000, 10);
        CollectiveMap whole = CollectiveMaps.toAvro(map, 1, "f", 1_000, 10);
        assertThat(encodedSize(whole)).isGreaterThan(900_000);

        CollectiveMap fewer = CollectiveMaps.toAvro(map, 1, "f", 1_000, 10, 600_000);
        assertThat(encodedSize(fewer)).isLessThanOrEqualTo(600_000);
        assertThat(fewer.getProvenancePerEdge()).isBetween(1, 9);
        assertThat(fewer.getEdges()).hasSize(2_000);

        CollectiveMap strongest = CollectiveMaps.toAvro(map, 1, "f", 1_000, 10, 60_000);
        assertThat(encodedSize(strongest)).isLessThanOrEqualTo(60_000);
        assertThat(strongest.getProvenancePerEdge()).isZero();
        assertThat(strongest.getEdgeCount()).isEqualTo(2_000);
        assertThat(strongest.getEdges()).hasSizeBetween(100, 1_999);
        double weakestKept = strongest.getEdges().stream().mapToDouble(x -> Math.abs(x.getWeight())).min()
                .orElseThrow();
        assertThat(map.edges().stream().filter(x -> Math.abs(x.weight()) > weakestKept).count())
                .isLessThanOrEqualTo(strongest.getEdges().size());
        assertThat(strongest.getConcepts()).hasSize(2 * strongest.getEdges().size());
    }
}
