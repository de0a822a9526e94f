package io.causalstream.research.extraction;

import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.extractor.parse.ParseResult;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.extractor.parse.ParsedTriple;
import io.causalstream.extractor.parse.TripletParser;
import io.causalstream.extractor.dataset.ReleasedSplit;
import io.causalstream.measures.NodeText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every target line of the released instruction-tuning test JSONL, parsed and compared with the gold rows of the
 * released test CSV (same data, CC-BY 4.0; see src/test/resources/soft-measures/README.md).
 */
class TripletParserReleasedDataTest {

    private static final Pattern LINE = Pattern.compile("Input Sentence: (.*?) \\[/INST]\\s*(.*)$", Pattern.DOTALL);

    private record Example(String sentence, String target) {
    }

    private static List<Example> examples() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Example> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                TripletParserReleasedDataTest.class.getResourceAsStream("/soft-measures/test.jsonl"),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isBlank()) {
                    continue;
                }
                Matcher m = LINE.matcher(json.readTree(line).get("text").asText());
                assertThat(m.find()).as(line).isTrue();
                out.add(new Example(m.group(1), m.group(2)));
            }
        }
        return out;
    }

    private static List<String> edges(List<ParsedTriple> triples) {
        return triples.stream().map(t -> NodeText.normalise(t.source()) + " -> " + NodeText.normalise(t.target())
                + " " + t.direction()).sorted().toList();
    }

    @Test
    void everyTargetLineParsesCleanlyIntoAsManyTripletsAsItWrites() throws IOException {
        TripletParser parser = new TripletParser();
        List<Example> examples = examples();
        assertThat(examples).hasSize(329);
        int triplets = 0;
        for (Example e : examples) {
            ParseResult r = parser.parse(e.target());
            int written = e.target().split("<triplet>", -1).length - 1;
            long distinct = edges(r.triples()).size();
            long duplicates = r.problems().stream().filter(p -> p.kind() == ParseProblem.Kind.DUPLICATE).count();
            assertThat(distinct + duplicates).as(e.target()).isEqualTo(written);
            assertThat(r.problems()).as(e.target()).allMatch(p -> p.kind() == ParseProblem.Kind.DUPLICATE);
            assertThat(r.format()).isEqualTo("triplet");
            triplets += written;
        }
        assertThat(triplets).isEqualTo(630); // counted independently: the release's 630 <triplet> tokens = its 630 CSV rows
    }

    @Test
    void parsedTargetsEqualTheGoldRowsOfTheReleasedTestSplit() throws IOException {
        Map<String, List<String>> gold = new HashMap<>();
        try (var in = new InputStreamReader(getClass().getResourceAsStream("/soft-measures/test_data.csv"),
                StandardCharsets.UTF_8)) {
            for (GoldPassage p : ReleasedSplit.read(in)) {
                List<ParsedTriple> rows = p.gold().stream().map(t -> new ParsedTriple(t.getSource(), t.getTarget(),
                        t.getDirection())).toList();
                gold.put(NodeText.normalise(p.text()), edges(rows).stream().distinct().toList());
            }
        }
        TripletParser parser = new TripletParser();
        int compared = 0;
        int equal = 0;
        List<String> different = new ArrayList<>();
        for (Example e : examples()) {
            List<String> expected = gold.get(NodeText.normalise(e.sentence()));
            if (expected == null) {
                continue; // 66 lines have the input sentence "nan" in the release: nothing to compare with
            }
            compared++;
            List<String> parsed = edges(parser.parse(e.target()).triples());
            if (parsed.equals(expected)) {
                equal++;
            } else {
                different.add(e.sentence());
                assertThat(expected).as("gold is a superset of the target").containsAll(parsed);
            }
        }
        assertThat(compared).isEqualTo(263);
        // one release inconsistency: the JSONL target of the Billiri passage lacks two of its eight CSV rows
        assertThat(equal).isEqualTo(262);
        assertThat(different).singleElement().asString().startsWith("Major causes of death in the Christian Billiri");
    }
}
