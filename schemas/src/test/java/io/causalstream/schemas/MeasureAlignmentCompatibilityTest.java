package io.causalstream.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.alignment.MeasureAlignment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;

/** MeasureAlignment gained optional fields (passages, threshold, ciLevel): records of the first version still read. */
class MeasureAlignmentCompatibilityTest {

    private static Schema previous() throws IOException {
        try (InputStream in = MeasureAlignmentCompatibilityTest.class
                .getResourceAsStream("/previous/MeasureAlignment-v1.avsc")) {
            return new Schema.Parser().parse(in);
        }
    }

    @Test
    void theCurrentSchemaReadsRecordsOfThePreviousOne() throws IOException {
        Schema old = previous();
        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(MeasureAlignment.getClassSchema(), old)
                .getType()).isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);

        GenericRecord written = new GenericData.Record(old);
        written.put("scope", "ALL");
        written.put("measure", "meteor@0.55");
        written.put("spearman", 0.4);
        written.put("n", 12);
        written.put("updatedAt", 1_700_000_000_000L);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericRecord>(old).write(written, encoder);
        encoder.flush();

        MeasureAlignment read = new SpecificDatumReader<MeasureAlignment>(old, MeasureAlignment.getClassSchema())
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
        assertThat(read.getSpearman()).isEqualTo(0.4);
        assertThat(read.getUpdatedAt()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
        assertThat(read.getPassages()).isZero();
        assertThat(read.getThreshold()).isNull();
        assertThat(read.getCiLevel()).isNull();
    }
}
