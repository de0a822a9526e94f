package io.causalstream.extractor.backend.djl;

import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.backend.choice.BackendConfig;
import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.choice.ExtractorBackends;
import io.causalstream.extractor.generator.BackendMeters;
import io.causalstream.extractor.generator.Generation;
import io.causalstream.extractor.llm.LlmExtractor;
import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.prompt.Prompt;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DJL backend through real engines (PyTorch and ONNX Runtime, native libraries from the Maven artifacts,
 * offline) with the toy bigram model of src/test/resources/djl: loading, tokenizing, greedy and beam decoding,
 * detokenizing, parsing. What this cannot show: the quality or speed of a real 7B model (no weights here).
 */
class DjlBackendTest {

    private static Path toyModel() throws URISyntaxException {
        return Path.of(DjlBackendTest.class.getResource("/djl/toy-bigram/tokenizer.json").toURI()).getParent();
    }

    private static Map<String, String> settings(Path dir, String... more) {
        Map<String, String> m = new HashMap<>(Map.of("extractor.djl.model.dir", dir.toString(),
                "extractor.prompt.format", "triplet-instruct", "extractor.cache.enabled", "false"));
        for (int i = 0; i < more.length; i += 2) {
            m.put(more[i], more[i + 1]);
        }
        return m;
    }

    private static DjlSettings djl(Map<String, String> settings) {
        return BackendConfig.djl(settings::get);
    }

    private static Passage passage(String text) {
        return new Passage("p1", text, null, null, null, Map.of(), Instant.EPOCH);
    }

    @Test
    void pytorchEngineGeneratesOfflineOnTheCpuAndTheAnswerIsParsed() throws Exception {
        String text = "Heavy rainfall causes flooding.";
        try (LlmExtractor e = (LlmExtractor) ExtractorBackends.create(
                BackendConfig.read(ExtractorBackends.DJL, settings(toyModel())::get))) {
            ExtractionOutcome o = e.extract(passage(text));
            assertThat(o.rawOutput()).isEqualTo("<triplet> heavy rainfall <subj> positive <obj> flooding");
            assertThat(o.triples()).extracting(Triple::getSource, Triple::getTarget, Triple::getDirection,
                    Triple::getEvidence).containsExactly(tuple("heavy rainfall", "flooding", INCREASE,
                    List.of(new EvidenceSpan(0, 14), new EvidenceSpan(22, 30))));
            assertThat(o.completionTokens()).isEqualTo(7); // <triplet> heavy rainfall <subj> positive <obj> flooding
            assertThat(o.promptTokens()).isPositive();
            assertThat(e.annotator().getModel()).isEqualTo("toy-bigram");
            assertThat(e.annotator().getId()).isEqualTo("toy-bigram-triplet-instruct");
        }
    }

    @Test
    void onnxRuntimeEngineRunsTheSameModel() throws Exception {
        // a directory with only the ONNX export: auto picks OnnxRuntime
        DjlSettings onnx = djl((settings(onnxOnly(toyModel()), "extractor.djl.chat.template",
                "plain")));
        try (DjlGenerator g = new DjlGenerator(onnx, BackendMeters.discarding())) {
            assertThat(g.engineName()).isEqualTo("OnnxRuntime");
            assertThat(g.device()).isEqualTo("cpu");
            Generation out = g.generate(prompt("[/INST]"));
            assertThat(out.text()).isEqualTo("<triplet> heavy rainfall <subj> positive <obj> flooding");
            assertThat(out.truncated()).isFalse();
        }
    }

    @TempDir
    Path tmp;

    private Path onnxOnly(Path model) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("onnx-only"));
        Files.copy(model.resolve("model.onnx"), dir.resolve("model.onnx"));
        Files.copy(model.resolve("tokenizer.json"), dir.resolve("tokenizer.json"));
        return dir;
    }

    private static Prompt prompt(String lastWord) {
        return new Prompt(List.of(Message.user("Input Sentence: " + lastWord)), PromptFormat.TRIPLET_INSTRUCT, false);
    }

    @Test
    void greedyAndBeamSearchDifferWhereTheModelSetsATrap() throws Exception {
        // after "drought": "negative" (0.6) then anything (1/15 each) vs "yields" (0.4) then the end for sure
        try (DjlGenerator greedy = new DjlGenerator(djl((settings(toyModel(),
                "extractor.djl.chat.template", "plain", "extractor.djl.max.new.tokens", "3"))),
                BackendMeters.discarding());
             DjlGenerator beam = new DjlGenerator(djl((settings(toyModel(),
                     "extractor.djl.chat.template", "plain", "extractor.djl.search", "beam",
                     "extractor.djl.beams", "3"))), BackendMeters.discarding())) {
            Generation g = greedy.generate(prompt("drought"));
            assertThat(g.text()).startsWith("negative");
            Generation b = beam.generate(prompt("drought"));
            assertThat(b.text()).isEqualTo("yields");
            assertThat(b.truncated()).isFalse();
            assertThat(beam.parameters()).containsEntry("search", "beam").containsEntry("beams", "3");
        }
    }

    @Test
    void aMissingModelDirectoryOrFileIsAClearStartupError(@TempDir Path empty) throws Exception {
        assertThatThrownBy(() -> djl((Map.of())))
                .hasMessageStartingWith("extractor.djl.model.dir (EXTRACTOR_DJL_MODEL_DIR) must name");
        assertThatThrownBy(() -> djl((settings(empty.resolve("nope")))).resolve())
                .hasMessageEndingWith("nope is not a directory");
        assertThatThrownBy(() -> djl((settings(empty))).resolve())
                .hasMessageStartingWith("no tokenizer.json in ");
        Files.copy(toyModel().resolve("tokenizer.json"), empty.resolve("tokenizer.json"));
        assertThatThrownBy(() -> djl((settings(empty))).resolve())
                .hasMessageStartingWith("no model.pt or model.onnx in ");
        assertThatThrownBy(() -> djl((settings(empty, "extractor.djl.engine", "PyTorch")))
                .resolve()).hasMessageStartingWith("no model.pt in ");
    }

    @Test
    void settingsAreValidated() throws Exception {
        assertThatThrownBy(() -> djl((settings(toyModel(), "extractor.djl.search", "top-k"))))
                .hasMessage("extractor.djl.search must be greedy or beam, got 'top-k'");
        assertThatThrownBy(() -> djl((settings(toyModel(), "extractor.djl.device", "tpu"))))
                .hasMessage("extractor.djl.device must be auto, gpu or cpu, got 'tpu'");
        assertThatThrownBy(() -> djl((settings(toyModel(), "extractor.djl.engine",
                "TensorFlow")))).hasMessage("extractor.djl.engine must be auto, PyTorch or OnnxRuntime, got "
                + "'tensorflow'");
        DjlSettings s = djl((settings(toyModel(), "extractor.djl.engine", "onnx")));
        assertThat(s.engine()).isEqualTo("OnnxRuntime");
        assertThat(s.stopTokens()).containsExactly("</s>", "<|eot_id|>", "<|end_of_text|>");
    }

    @Test
    void deviceChoiceFollowsTheGpuCount() {
        assertThat(DeviceChoice.choose("auto", 0)).isEqualTo("cpu");
        assertThat(DeviceChoice.choose("auto", 2)).isEqualTo("gpu");
        assertThat(DeviceChoice.choose("cpu", 2)).isEqualTo("cpu");
        assertThat(DeviceChoice.choose("gpu", 1)).isEqualTo("gpu");
        assertThatThrownBy(() -> DeviceChoice.choose("gpu", 0))
                .hasMessageStartingWith("extractor.djl.device=gpu but the engine sees no GPU");
    }
}
