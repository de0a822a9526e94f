package io.causalstream.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.extraction.Derivation;
import io.causalstream.schemas.extraction.EdgeChange;
import io.causalstream.schemas.extraction.EdgeChangeKind;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

/**
 * Extraction gained an optional derivation (a curator's correction): BACKWARD compatible with the schema before it
 * (the registry's rule: consumers on the new schema read old records), and records of the new schema that carry no
 * derivation still read under the old one.
 */
class ExtractionCompatibilityTest {

    private static Schema previous() throws IOException {
        try (InputStream in = ExtractionCompatibilityTest.class.getResourceAsStream("/previous/Extraction-v1.avsc")) {
            return new Schema.Parser().parse(in);
        }
    }

    @Test
    void theCurrentSchemaReadsRecordsOfThePreviousOne() throws IOException {
        Schema old = previous();
        assertThat(old.getField("derivation")).isNull();
        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(Extraction.getClassSchema(), old).getType())
                .isEqualTo(SchemaCompatibilityType.COMPATIBLE);

        GenericRecord annotator = new GenericData.Record(old.getField("annotator").schema());
        annotator.put("id", "rules-v1");
        annotator.put("kind", new GenericData.EnumSymbol(annotator.getSchema().getField("kind").schema(), "RULES"));
        GenericRecord written = new GenericData.Record(old);
        written.put("passageId", "p1");
        written.put("annotationId", "rules-v1");
        written.put("annotator", annotator);
        written.put("triples", new GenericData.Array<>(old.getField("triples").schema(), List.of()));
        written.put("parseProblems", new GenericData.Array<>(old.getField("parseProblems").schema(), List.of()));
        written.put("cached", false);
        written.put("createdAt", 1_700_000_000_000L);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericRecord>(old).write(written, encoder);
        encoder.flush();

        Extraction read = new SpecificDatumReader<Extraction>(old, Extraction.getClassSchema())
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
        assertThat(read.getAnnotationId()).isEqualTo("rules-v1");
        assertThat(read.getCreatedAt()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
        assertThat(read.getDerivation()).isNull();
    }

    @Test
    void aCorrectionRoundTripsAndItsDerivationIsInvisibleToTheOldSchema() throws IOException {
        Derivation derivation = Derivation.newBuilder().setFromAnnotationId("model-v3").setFromAnnotatorId("model-v3")
                .setFromVersion("0123456789abcdef").setPassageVersion("fedcba9876543210").setEdges(List.of(
                        EdgeChange.newBuilder().setChange(EdgeChangeKind.FLIPPED).setSourceIndex(0).setIndex(0).build(),
                        EdgeChange.newBuilder().setChange(EdgeChangeKind.DELETED).setSourceIndex(1).build(),
                        EdgeChange.newBuilder().setChange(EdgeChangeKind.ADDED).setIndex(1).build()))
                .build();
        Extraction correction = Extraction.newBuilder().setPassageId("p1").setAnnotationId("curated-ann-x")
                .setAnnotator(Annotator.newBuilder().setId("ann").setKind(AnnotatorKind.HUMAN).build())
                .setTriples(List.of(Triple.newBuilder().setSource("rain").setTarget("floods")
                        .setDirection(Direction.INCREASE).build()))
                .setCreatedAt(Instant.ofEpochMilli(1_700_000_000_000L)).setDerivation(derivation).build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new SpecificDatumWriter<Extraction>(Extraction.getClassSchema()).write(correction, encoder);
        encoder.flush();

        Extraction back = new SpecificDatumReader<Extraction>(Extraction.getClassSchema())
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
        assertThat(back).isEqualTo(correction);
        assertThat(back.getDerivation().getEdges()).extracting(EdgeChange::getChange)
                .containsExactly(EdgeChangeKind.FLIPPED, EdgeChangeKind.DELETED, EdgeChangeKind.ADDED);

        // a consumer still on the previous schema reads the correction and skips its derivation
        Schema old = previous();
        GenericRecord asOld = new GenericDatumReader<GenericRecord>(Extraction.getClassSchema(), old)
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
        assertThat(asOld.get("annotationId").toString()).isEqualTo("curated-ann-x");
        assertThat(asOld.getSchema().getField("derivation")).isNull();
    }
}
