package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.dataset.PassageIds;
import io.causalstream.research.study.Annotation;
import io.causalstream.research.study.SoftMeasuresData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The offline extract command on temp files, with the rules backend (no Kafka, no server). */
class ExtractCommandTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new CommandLine(new ExtractCommand(new PrintStream(err, true, StandardCharsets.UTF_8), key -> null))
                .execute(args);
    }

    @Test
    void textToTheAuthorsAnnotationJson(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("passages.txt");
        Files.writeString(in, "Drought reduces crop yields.\n\nHeavy rainfall leads to flooding. Farmers moved.\n");
        Path out = dir.resolve("graphs.json");
        assertThat(run("--backend", "rules", "--input", in.toString(), "--format", "text", "--out", out.toString()))
                .isZero();
        // the file reads back with the loader of the authors' files
        List<Annotation> read = SoftMeasuresData.readAnnotations(new ObjectMapper(), out, "rules");
        assertThat(read).extracting(Annotation::text)
                .containsExactly("Drought reduces crop yields.", "Heavy rainfall leads to flooding. Farmers moved.");
        assertThat(read.get(0).edges()).extracting(e -> e.source() + " -> " + e.target() + " " + e.direction())
                .containsExactly("Drought -> crop yields Decrease");
        assertThat(read.get(1).edges()).extracting(e -> e.source() + " -> " + e.target() + " " + e.direction())
                .containsExactly("Heavy rainfall -> flooding Increase");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("extract: 2/2 passages, 2 triples")
                .contains("rules wrote 2 passages, 2 triples to " + out);
    }

    @Test
    void jsonlToExtractionJsonLines(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("passages.jsonl");
        Files.writeString(in, """
                {"id": "a", "text": "Tariffs curb imports."}
                {"text": "Farmers planted maize in May."}
                """);
        Path out = dir.resolve("extractions.jsonl");
        assertThat(run("--backend", "rules", "--input", in.toString(), "--format", "jsonl", "--out",
                out.toString())).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).hasSize(2);
        ObjectMapper json = new ObjectMapper();
        JsonNode a = json.readTree(lines.get(0));
        assertThat(a.get("passageId").asText()).isEqualTo("a");
        assertThat(a.get("annotator").get("id").asText()).isEqualTo("rules-v1");
        assertThat(a.get("annotator").get("kind").asText()).isEqualTo("RULES");
        JsonNode t = a.get("triples").get(0);
        assertThat(List.of(t.get("source").asText(), t.get("target").asText(), t.get("direction").asText()))
                .containsExactly("Tariffs", "imports", "DECREASE");
        // the evidence is the sentence: characters 0..21 of the passage
        assertThat(t.get("evidence").get(0).get("start").asInt()).isZero();
        assertThat(t.get("evidence").get(0).get("end").asInt()).isEqualTo(21);
        JsonNode b = json.readTree(lines.get(1));
        // without an id, the same rule as ingest's: the text's hash
        assertThat(b.get("passageId").asText()).isEqualTo("p-" + PassageIds.hash("Farmers planted maize in May."));
        assertThat(b.get("triples")).isEmpty();
        assertThat(b.get("parseProblems")).isEmpty();
    }

    @Test
    void authorsJsonInputKeepsTheTextsAndReplacesTheRelations(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("assets.json");
        Files.writeString(in, """
                [{"text": "Subsidies boost exports.", "causal relations": [{"src": "a", "tgt": "b", "direction": "Increase"}]}]
                """);
        Path out = dir.resolve("rules.json");
        assertThat(run("--backend", "rules", "--input", in.toString(), "--format", "authors-json", "--out",
                out.toString())).isZero();
        List<Annotation> read = SoftMeasuresData.readAnnotations(new ObjectMapper(), out, "rules");
        assertThat(read).singleElement().satisfies(a -> {
            assertThat(a.text()).isEqualTo("Subsidies boost exports.");
            assertThat(a.edges()).extracting(e -> e.source() + " -> " + e.target() + " " + e.direction())
                    .containsExactly("Subsidies -> exports Increase");
        });
    }

    /** Without --backend the command runs what the service runs by default: the trained model. */
    @Test
    void theDefaultBackendIsTheTrainedModel(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("passages.jsonl");
        Files.writeString(in, "{\"id\": \"a\", \"text\": \"Higher interest rates reduce household borrowing.\"}\n");
        Path out = dir.resolve("extractions.jsonl");
        assertThat(run("--input", in.toString(), "--format", "jsonl", "--out", out.toString())).isZero();
        JsonNode a = new ObjectMapper().readTree(Files.readAllLines(out).getFirst());
        assertThat(a.get("annotator").get("id").asText()).isEqualTo(io.causalstream.extractor.backend.model.ModelExtractor.TUNED_NAME);
        assertThat(a.get("annotator").get("kind").asText()).isEqualTo("MODEL");
    }

    @Test
    void anUnknownBackendIsAClearErrorAndWritesNothing(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("p.txt");
        Files.writeString(in, "Drought reduces crop yields.");
        Path out = dir.resolve("out.json");
        // "model" goes through the same factory: until the trained backend is registered there, it is unknown
        int code = run("--backend", "no-such-backend", "--input", in.toString(), "--out", out.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("unknown extractor.backend 'no-such-backend'").contains("valid backends: rules");
        assertThat(out).doesNotExist();
    }

    @Test
    void aPassageNotInEnglishIsReportedNotSilent(@TempDir Path dir) throws Exception {
        Path in = dir.resolve("mixed.jsonl");
        Files.writeString(in, """
                {"id": "de", "text": "Die Dürre führt zu geringeren Ernteerträgen, und die steigenden Preise verschärfen die Not."}
                """);
        Path out = dir.resolve("extractions.jsonl");
        assertThat(run("--backend", "rules", "--input", in.toString(), "--format", "jsonl", "--out",
                out.toString())).isZero();
        JsonNode line = new ObjectMapper().readTree(Files.readAllLines(out).get(0));
        assertThat(line.get("triples")).isEmpty();
        assertThat(line.get("parseProblems").get(0).asText()).startsWith("UNSUPPORTED_LANGUAGE: language 'de'");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("extract: passage de: UNSUPPORTED_LANGUAGE");
    }
}
