package io.causalstream.research.extraction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.measures.Edge;
import io.causalstream.schemas.graph.Direction;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The shipped held-out set keeps the invariants its README promises, and the loader refuses a malformed gold. */
class HeldOutPassagesTest {

    private static final String DIRECTORY = "/io/causalstream/research/extraction/heldout/";

    private final List<HeldOutPassage> passages = HeldOutPassages.shipped();

    @Test
    void theShippedSetHasEnoughPassagesDomainsAndPassagesWithNoClaim() {
        assertThat(passages).hasSizeGreaterThanOrEqualTo(36);
        assertThat(passages.stream().map(HeldOutPassage::domain).distinct().count()).isGreaterThanOrEqualTo(8);
        assertThat(passages.stream().filter(HeldOutPassage::noClaim).count()).isGreaterThanOrEqualTo(5);
        int triples = passages.stream().mapToInt(p -> p.gold().size()).sum();
        assertThat(triples).isBetween(110, 160);
        // at least two passages a domain
        Map<String, Long> perDomain = passages.stream()
                .collect(Collectors.groupingBy(HeldOutPassage::domain, Collectors.counting()));
        assertThat(perDomain.values()).allMatch(n -> n >= 2);
    }

    @Test
    void idsAreUniqueAndEveryNodeAndDomainIsNonBlank() {
        assertThat(passages).extracting(HeldOutPassage::id).doesNotHaveDuplicates().allMatch(id -> !id.isBlank());
        assertThat(passages).allSatisfy(p -> {
            assertThat(p.domain()).isNotBlank();
            assertThat(p.text()).isNotBlank();
            assertThat(p.gold()).allSatisfy(e -> {
                assertThat(e.source()).isNotBlank();
                assertThat(e.target()).isNotBlank();
                assertThat(e.direction()).isNotNull();
            });
            // a passage states each claim once
            assertThat(p.gold()).doesNotHaveDuplicates();
        });
    }

    @Test
    void theFileAsWrittenHasOnlyTheTwoDirectionWordsAndTwoToFiveSentencesAPassage() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Set<String> directions = new HashSet<>();
        try (BufferedReader r = resource(HeldOutPassages.SHIPPED_NAME)) {
            for (String line : r.lines().filter(l -> !l.isBlank()).toList()) {
                JsonNode o = json.readTree(line);
                o.get("triples").forEach(t -> directions.add(t.get("direction").asText()));
                // sentence ends: . ? or ! followed by a space or the end (not the decimal point of "1.2")
                int sentences = o.get("text").asText().split("[.?!](\\s+|$)").length;
                assertThat(sentences).as(o.get("id").asText()).isBetween(2, 5);
            }
        }
        assertThat(directions).containsExactlyInAnyOrder("INCREASE", "DECREASE");
    }

    @Test
    void theReadmeGivesTheCountsOfTheFile() throws Exception {
        String readme;
        try (BufferedReader r = resource("README.md")) {
            readme = r.lines().collect(Collectors.joining("\n"));
        }
        int triples = passages.stream().mapToInt(p -> p.gold().size()).sum();
        long increase = passages.stream().flatMap(p -> p.gold().stream())
                .filter(e -> e.direction() == Direction.INCREASE).count();
        long domains = passages.stream().map(HeldOutPassage::domain).distinct().count();
        long noClaim = passages.stream().filter(HeldOutPassage::noClaim).count();
        assertThat(readme).contains(String.format("%d passages, %d gold triples (%d INCREASE, %d DECREASE), %d "
                + "domains, %d passages with empty gold.", passages.size(), triples, increase, triples - increase,
                domains, noClaim));
        // and the table row of every domain
        Map<String, List<HeldOutPassage>> byDomain = passages.stream()
                .collect(Collectors.groupingBy(HeldOutPassage::domain));
        byDomain.forEach((domain, ps) -> assertThat(readme).contains(String.format("| %s | %d | %d | %d |", domain,
                ps.size(), ps.stream().mapToInt(p -> p.gold().size()).sum(),
                ps.stream().filter(HeldOutPassage::noClaim).count())));
    }

    @Test
    void theLoaderReadsTheFormat() throws Exception {
        List<HeldOutPassage> read = read("""
                {"id": "a", "domain": "energy", "text": "Tariffs curb imports.", "triples": [{"source": "tariffs", "target": "imports", "direction": "DECREASE"}]}

                {"id": "b", "text": "Farmers planted maize in May.", "triples": []}
                """);
        assertThat(read).containsExactly(
                new HeldOutPassage("a", "energy", "Tariffs curb imports.",
                        List.of(new Edge("tariffs", "imports", Direction.DECREASE))),
                new HeldOutPassage("b", "", "Farmers planted maize in May.", List.of()));
    }

    @Test
    void aMalformedGoldFailsWithItsLine() {
        Function<String, String> failure = text -> {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> read(text));
            assertThat(t).isInstanceOf(IllegalArgumentException.class);
            return t.getMessage();
        };
        assertThat(failure.apply("""
                {"id": "a", "text": "x y.", "triples": []}
                {"id": "a", "text": "z w.", "triples": []}
                """)).isEqualTo("test line 2: duplicate id 'a'");
        assertThat(failure.apply("""
                {"id": "a", "text": "x y.", "triples": [{"source": "x", "target": "y", "direction": "Positive"}]}
                """)).isEqualTo("test line 1 (a, triple 1): direction must be INCREASE or DECREASE, got 'Positive'");
        assertThat(failure.apply("""
                {"id": "a", "text": "x y.", "triples": [{"source": " ", "target": "y", "direction": "INCREASE"}]}
                """)).isEqualTo("test line 1 (a, triple 1): 'source' must be a non-blank string");
        assertThat(failure.apply("""
                {"id": "a", "text": "x y."}
                """)).contains("'triples' must be an array");
        assertThatThrownBy(() -> read("{not json\n")).hasMessageStartingWith("test line 1: not JSON");
    }

    private static List<HeldOutPassage> read(String text) throws Exception {
        return HeldOutPassages.read(new BufferedReader(new StringReader(text)), "test");
    }

    private static BufferedReader resource(String name) {
        InputStream in = HeldOutPassagesTest.class.getResourceAsStream(DIRECTORY + name);
        assertThat(in).as(name).isNotNull();
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
