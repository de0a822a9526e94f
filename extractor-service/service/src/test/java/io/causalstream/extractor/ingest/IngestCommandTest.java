package io.causalstream.extractor.ingest;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causalstream.extractor.dataset.PassageIds;
import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI end to end, with a publisher that keeps what it is given. */
class IngestCommandTest {

    private final List<Passage> passages = new ArrayList<>();
    private final List<Extraction> annotations = new ArrayList<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    private class Keeping implements Publisher {
        @Override
        public void passage(Passage passage) {
            passages.add(passage);
        }

        @Override
        public void annotation(Extraction extraction) {
            annotations.add(extraction);
        }

        @Override
        public long flush() {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    private int run(String stdin, String... args) {
        IngestCommand.Io io = new IngestCommand.Io(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), c -> new Keeping());
        return IngestCommand.commandLine(io).execute(args);
    }

    private String resource(String name) throws Exception {
        return Path.of(getClass().getResource("/soft-measures/" + name).toURI()).toString();
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainTextBySentencesWithIdsFromTheText() throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "Drought reduces yields. Irrigation helps.\n\nPrices rose.\n");
        assertThat(run("", "text", f.toString(), "--unit", "sentences", "--dataset", "notes")).isZero();

        assertThat(passages).extracting(Passage::getText)
                .containsExactly("Drought reduces yields.", "Irrigation helps.", "Prices rose.");
        assertThat(passages.get(0).getId()).isEqualTo("p-" + PassageIds.hash("Drought reduces yields."));
        assertThat(passages.get(0).getId()).hasSize(18);
        assertThat(passages.get(0).getMetadata()).containsEntry("dataset", "notes").containsEntry("unit", "sentences")
                .containsEntry("source", "notes.txt");
        assertThat(stderr()).contains("3 passages published, 0 skipped, 0 failed in ");
    }

    @Test
    void aDryRunSaysWhatWouldBePublishedAndAFailureNamesItsRecord() {
        IngestCommand.Io io = new IngestCommand.Io(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream("one\ntwo\n".getBytes(StandardCharsets.UTF_8)),
                c -> new DryRunPublisher(new PrintStream(new ByteArrayOutputStream())));
        assertThat(IngestCommand.commandLine(io).execute("stdin", "--dry-run")).isZero();
        assertThat(stderr()).contains("dry run: would publish 2 passages, 0 skipped").doesNotContain("published");

        err.reset();
        Publisher failing = new Keeping() {
            @Override
            public long flush() {
                return 1;
            }

            @Override
            public List<String> failures() {
                return List.of("passage 'p-1' (9 characters) not published: larger than the broker accepts");
            }
        };
        IngestCommand.Io io2 = new IngestCommand.Io(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream("one\n".getBytes(StandardCharsets.UTF_8)), c -> failing);
        assertThat(IngestCommand.commandLine(io2).execute("stdin")).isEqualTo(1);
        assertThat(stderr()).contains("passage 'p-1' (9 characters) not published: larger than the broker accepts")
                .contains("0 passages published, 0 skipped, 1 failed");
    }

    @Test
    void aFailureOfTheCommandPrintsItsReasonWithoutAStackTrace() {
        IngestCommand.Io io = new IngestCommand.Io(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]), c -> {
                    throw new org.apache.kafka.common.KafkaException("Failed to construct kafka producer",
                            new java.net.ConnectException("Connection refused"));
                });
        assertThat(IngestCommand.commandLine(io).execute("stdin")).isEqualTo(1);
        assertThat(stderr()).contains("ingest failed: ").contains("Connection refused").doesNotContain("\tat ");
    }

    @Test
    void standardInputOnePassagePerLineBlankLinesSkipped() {
        assertThat(run("first line\n\nsecond line\n", "stdin", "--ids", "index", "--id-prefix", "s-",
                "--id-width", "2")).isZero();
        assertThat(passages).extracting(Passage::getId, Passage::getText)
                .containsExactly(tuple("s-01", "first line"), tuple("s-02", "second line"));
    }

    @Test
    void theReleasedTestSplitOnePassagePerClaimAndItsGoldAsAnAnnotation() throws Exception {
        assertThat(run("", "csv", resource("test_data.csv"), "--with-gold")).isZero();

        assertThat(passages).hasSize(327);
        assertThat(annotations).hasSize(327);
        assertThat(annotations.stream().mapToInt(a -> a.getTriples().size()).sum()).isEqualTo(630);
        Extraction first = annotations.get(0);
        assertThat(first.getPassageId()).isEqualTo(passages.get(0).getId());
        assertThat(first.getAnnotationId()).isEqualTo("released-gold");
        assertThat(first.getAnnotator().getKind()).isEqualTo(AnnotatorKind.HUMAN);
        assertThat(passages.get(0).getMetadata()).containsEntry("split", "test");
        assertThat(stderr()).contains("654 records published");
    }

    @Test
    void wikiCausalFirstSectionsOrParagraphsKeepTheirDocument() throws Exception {
        Path f = dir.resolve("corpus.jsonl");
        Files.writeString(f, """
                {"id": "123", "title": "2010 Haiti earthquake", "url": "https://en.wikipedia.org/wiki/2010_Haiti_earthquake", "text": "The earthquake caused major damage.\\n\\nAid was delayed by damaged roads.", "first_section": "The earthquake caused major damage."}
                not json
                {"id": "456", "title": "Dust Bowl", "url": "https://en.wikipedia.org/wiki/Dust_Bowl", "text": "Drought and poor farming led to dust storms.", "first section": "Drought and poor farming led to dust storms."}
                """);
        assertThat(run("", "wikicausal", f.toString())).isZero();
        assertThat(passages).extracting(Passage::getId, Passage::getDocumentId, Passage::getTitle)
                .containsExactly(tuple("123-first", "123", "2010 Haiti earthquake"),
                        tuple("456-first", "456", "Dust Bowl"));
        assertThat(passages.get(0).getUrl()).isEqualTo("https://en.wikipedia.org/wiki/2010_Haiti_earthquake");
        assertThat(stderr()).contains("line 2 is not JSON, skipped");

        passages.clear();
        assertThat(run("", "wikicausal", f.toString(), "--unit", "paragraphs")).isZero();
        assertThat(passages).extracting(Passage::getId, Passage::getText).containsExactly(
                tuple("123-p1", "The earthquake caused major damage."),
                tuple("123-p2", "Aid was delayed by damaged roads."),
                tuple("456-p1", "Drought and poor farming led to dust storms."));
    }

    @Test
    void anUnknownUnitIsAUsageErrorThatNamesTheUnits() throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "Drought reduces crop yields.");
        assertThat(run("", "text", f.toString(), "--unit", "passages")).isEqualTo(2);
        assertThat(stderr()).contains("--unit must be paragraphs, sentences, lines or whole, got 'passages'")
                .doesNotContain("No enum constant");
        assertThat(run("Drought reduces crop yields.", "stdin", "--unit", "Sentences")).isZero();
        assertThat(passages).extracting(Passage::getText).containsExactly("Drought reduces crop yields.");
    }

    @Test
    void releasedAnnotationJsonBecomesHumanExtractionsOnTheirPassagesIds() throws Exception {
        assertThat(run("", "annotations", resource("llama3.json"), "--kind", "MODEL")).isZero();
        assertThat(annotations).hasSize(20);
        assertThat(annotations.stream().mapToInt(a -> a.getTriples().size()).sum()).isEqualTo(130);
        Extraction first = annotations.get(0);
        assertThat(first.getAnnotationId()).isEqualTo("llama3");
        assertThat(first.getAnnotator().getKind()).isEqualTo(AnnotatorKind.MODEL);
        // the same id the text gets as a passage (computed independently with sha256 in Python)
        assertThat(first.getPassageId()).isEqualTo("p-a7667002ce3d7936");
        assertThat(first.getTriples()).extracting(Triple::getSource, Triple::getDirection).containsExactly(
                tuple("ecological compensation measures", INCREASE), tuple("social compensation measures", INCREASE));

        annotations.clear();
        assertThat(run("", "annotations", resource("llama3.json"), "--annotator", "Human9", "--ids", "index",
                "--id-prefix", "elo-", "--id-width", "2")).isZero();
        assertThat(annotations).extracting(Extraction::getPassageId).startsWith("elo-01", "elo-02");
        assertThat(annotations.get(0).getAnnotator().getKind()).isEqualTo(AnnotatorKind.HUMAN);
        assertThat(annotations.get(0).getAnnotationId()).isEqualTo("Human9");
    }

    @Test
    void annotationCsvGroupsRowsByTextAndAnnotatorAndDropsUnknownDirections() throws Exception {
        Path f = dir.resolve("gold.csv");
        Files.writeString(f, """
                text,source,target,direction,annotator
                "Drought reduces yields, and raises prices.",drought,yields,Decrease,Human1
                "Drought reduces yields, and raises prices.",drought,prices,increase,Human1
                "Drought reduces yields, and raises prices.",drought,prices,sideways,Human1
                "Drought reduces yields, and raises prices.",drought,yields,negative,Human2
                """);
        assertThat(run("", "annotations", f.toString())).isZero();
        assertThat(annotations).extracting(Extraction::getAnnotationId).containsExactly("Human1", "Human2");
        assertThat(annotations.get(0).getTriples()).extracting(Triple::getTarget, Triple::getDirection)
                .containsExactly(tuple("yields", DECREASE), tuple("prices", INCREASE));
        assertThat(stderr()).contains("1 relations without a known direction or with a blank node were left out");
    }
}
