package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The model file: a model with taggers round-trips them; a file of the former format reads without taggers. */
class TunedExtractorModelTest {

    @Test
    void taggersRoundTripAndTheFormerFormatReadsWithout() throws IOException {
        TunedExtractorModel shipped = TunedReader.shipped();
        int d = shipped.head().dimension();
        float[] weights = new float[5 * d];
        Arrays.fill(weights, 0.25f);
        SpanTagger arguments = new SpanTagger(SpanTagger.ARGUMENT_KINDS, d, weights, new float[] {0, 1, 2, 3, 4});
        TunedExtractorModel withTaggers = new TunedExtractorModel(shipped.name(), shipped.baseEncoder(),
                shipped.head(), shipped.claims(), shipped.delta(), Arrays.asList(null, arguments, null));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        withTaggers.write(bytes);
        TunedExtractorModel read = TunedExtractorModel.read(new ByteArrayInputStream(bytes.toByteArray()));

        assertThat(read.tagger(SpanTagger.CONCEPTS)).isEmpty();
        assertThat(read.tagger(SpanTagger.SIGNALS)).isEmpty();
        assertThat(read.tagger(SpanTagger.ARGUMENTS)).hasValueSatisfying(t -> {
            assertThat(t.kinds()).isEqualTo(List.of("cause", "effect"));
            assertThat(t.logProbabilities(new float[d])).containsExactly(arguments.logProbabilities(new float[d]));
        });
        assertThat(read.deltaId()).isEqualTo(shipped.deltaId());

        TunedExtractorModel former = new TunedExtractorModel(shipped.name(), shipped.baseEncoder(), shipped.head(),
                shipped.claims(), shipped.delta());
        assertThat(former.taggers()).isEmpty();
        assertThat(former.tagger(SpanTagger.ARGUMENTS)).isEmpty();
    }
}
