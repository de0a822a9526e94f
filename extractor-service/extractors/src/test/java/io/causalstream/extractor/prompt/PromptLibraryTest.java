package io.causalstream.extractor.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.parse.TripletParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptLibraryTest {

    private final PromptLibrary library = PromptLibrary.defaults();

    @Test
    void tripletInstructRenderedWithInstIsExactlyTheReleasedTrainingPrompt() throws Exception {
        // the first line of the released test JSONL: what the paper's fine-tuned models saw in training
        String line;
        try (var in = new BufferedReader(new InputStreamReader(getClass().getResourceAsStream(
                "/soft-measures/test.jsonl"), StandardCharsets.UTF_8))) {
            line = new ObjectMapper().readTree(in.readLine()).get("text").asText();
        }
        String sentence = line.substring(line.indexOf("Input Sentence: ") + 16, line.indexOf(" [/INST]"));
        String rendered = ChatTemplate.INST.render(library.build(PromptFormat.TRIPLET_INSTRUCT, sentence).messages());
        assertThat(line).startsWith(rendered);
        assertThat(rendered).endsWith(" [/INST]");
    }

    @Test
    void threeShotHoldsThePapersExamplesAsTurnsWhoseAnswersParseBack() {
        Prompt p = library.build(PromptFormat.THREE_SHOT, "Drought reduces yields.");
        assertThat(p.messages()).extracting(Message::role).containsExactly("system", "user", "assistant", "user",
                "assistant", "user", "assistant", "user");
        assertThat(p.messages().get(0).content()).endsWith("Don't add extra sentences.");
        assertThat(p.messages().get(2).content()).isEqualTo("Causal Relation Triplets : <triplet> high cost of oil "
                + "<subj> price of local rice <obj> positive");
        assertThat(p.messages().get(7).content()).isEqualTo("Input Sentence : Drought reduces yields.");
        TripletParser parser = new TripletParser();
        for (int i = 0; i < 3; i++) {
            assertThat(parser.parse(p.messages().get(2 + 2 * i).content()).triples())
                    .hasSize(library.examples().get(i).triplets().size());
        }
    }

    @Test
    void llama3TemplateUsesTheHeaderTokensAndEndsAtTheAssistantHeader() {
        String s = ChatTemplate.LLAMA3.render(List.of(Message.system("sys"), Message.user("Input Sentence : x")));
        assertThat(s).isEqualTo("<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nsys<|eot_id|>"
                + "<|start_header_id|>user<|end_header_id|>\n\nInput Sentence : x<|eot_id|>"
                + "<|start_header_id|>assistant<|end_header_id|>\n\n");
    }

    @Test
    void instTemplateClosesEachAnswerAndOpensTheNextInstruction() {
        String s = ChatTemplate.INST.render(List.of(Message.system("sys"), Message.user("q1"),
                Message.assistant("a1"), Message.user("q2")));
        assertThat(s).isEqualTo("<s>[INST] sys\nq1 [/INST]\na1 </s>[INST] q2 [/INST]");
    }

    @Test
    void zeroShotAndJsonAskForTheirFormats() {
        assertThat(library.build(PromptFormat.ZERO_SHOT, "x").messages().get(0).content())
                .contains("<relation> </relation>");
        Prompt json = library.build(PromptFormat.JSON, "x");
        assertThat(json.structured()).isTrue();
        assertThat(json.messages().get(0).content()).contains("{\"triplets\": [{\"subject\"");
    }

    @Test
    void fewShotExamplesComeFromAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("examples.jsonl");
        Files.writeString(file, "{\"text\": \"Heat lowers yields.\", \"triplets\": [{\"subject\": \"Heat\", "
                + "\"object\": \"yields\", \"relation\": \"Negative\"}]}\n");
        Prompt p = PromptLibrary.withExamples(file).build(PromptFormat.THREE_SHOT, "x");
        assertThat(p.messages()).hasSize(4);
        assertThat(p.messages().get(2).content()).isEqualTo("Causal Relation Triplets : <triplet> Heat <subj> yields "
                + "<obj> negative");
        Files.writeString(file, "{\"text\": \"x\", \"triplets\": [{\"subject\": \"a\", \"object\": \"b\", "
                + "\"relation\": \"sideways\"}]}\n");
        assertThatThrownBy(() -> PromptLibrary.withExamples(file))
                .hasMessage("few-shot example line 1 is invalid: unknown relation \"sideways\"");
    }

    @Test
    void unknownFormatOrTemplateNamesTheValidOnes() {
        assertThatThrownBy(() -> PromptFormat.byId("five-shot"))
                .hasMessage("unknown prompt format 'five-shot'; valid: triplet-instruct, zero-shot, three-shot, json");
        assertThatThrownBy(() -> ChatTemplate.byId("chatml"))
                .hasMessage("unknown chat template 'chatml'; valid: inst, llama3, plain");
    }
}
