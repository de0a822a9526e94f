package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.encoder.TokenEmbeddings;
import io.causalstream.extractor.backend.rules.SentenceChunker;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sentence the claim detector refuses keeps the pairs whose clause it asserts when asked about alone. The head's
 * readings and both answers of the detector are given by hand, so the test reads the decoding alone.
 */
class ClauseClaimsTest {

    private static final SentenceChunker CHUNKER = new SentenceChunker();
    /** A detector that refuses every sentence it reads whole. */
    private static final ClaimHead REFUSING = new ClaimHead(new float[] {0f, 0f}, -50f, 0.5f);

    private final List<String> asked = new ArrayList<>();

    /** Asserts the clauses that hold "caused by" and not "is" (the main verb), and notes each one asked about. */
    private final ClauseClaims causedBy = words -> {
        asked.add(words);
        return words.contains("caused by") && !words.contains(" is ");
    };

    private static List<String> edges(String sentence, ClauseClaims clauses, String[]... pairs) {
        ChunkedSentence s = CHUNKER.analyse(sentence).getFirst();
        List<ConceptSpan> spans = CandidateSpans.of(s);
        float[][][] p = new float[spans.size()][spans.size()][];
        for (int i = 0; i < spans.size(); i++) {
            for (int j = 0; j < spans.size(); j++) {
                p[i][j] = i == j ? null : new float[] {1f, 0f, 0f};
            }
        }
        for (String[] pair : pairs) {
            p[index(spans, pair[0])][index(spans, pair[1])] = new float[] {0.1f, 0.8f, 0.1f};
        }
        SentenceFeatures f = new SentenceFeatures(s, spans, new TokenEmbeddings(new String[] {"[CLS]"},
                new int[] {0}, new boolean[] {true}, new float[][] {{0f, 0f}}));
        List<Triple> triples = TripleDecoding.triples(List.of(f), List.<float[][][]>of(p), 0.5f, REFUSING, null,
                clauses);
        return triples.stream().map(t -> t.getSource() + " -> " + t.getTarget()).toList();
    }

    private static int index(List<ConceptSpan> spans, String text) {
        for (int k = 0; k < spans.size(); k++) {
            if (spans.get(k).text().equals(text)) {
                return k;
            }
        }
        throw new AssertionError("no span " + text + " in " + spans.stream().map(ConceptSpan::text).toList());
    }

    @Test
    void aPairWhoseClauseIsAClaimStandsInARefusedSentence() {
        assertThat(edges("The damage caused by the hailstorm is visible from the road.", causedBy,
                new String[] {"hailstorm", "damage"}, new String[] {"road", "damage"}))
                .containsExactly("hailstorm -> damage");
        assertThat(asked).containsExactlyInAnyOrder("damage caused by the hailstorm",
                "damage caused by the hailstorm is visible from the road");
    }

    @Test
    void withoutAClauseReaderARefusedSentenceKeepsNothing() {
        assertThat(edges("The damage caused by the hailstorm is visible from the road.", null,
                new String[] {"hailstorm", "damage"})).isEmpty();
    }

    @Test
    void aQuestionKeepsNothingWhateverItsClausesSay() {
        assertThat(edges("Is the damage caused by the hailstorm visible from the road?", causedBy,
                new String[] {"hailstorm", "damage"})).isEmpty();
        assertThat(asked).isEmpty();
    }
}
