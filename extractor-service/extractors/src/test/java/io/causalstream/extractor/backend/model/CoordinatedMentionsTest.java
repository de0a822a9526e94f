package io.causalstream.extractor.backend.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.extractor.backend.rules.SentenceChunker;
import io.causalstream.schemas.graph.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which mentions are conjuncts of an edge's end, and the pairs they are given. */
class CoordinatedMentionsTest {

    private static final SentenceChunker CHUNKER = new SentenceChunker();

    private static ChunkedSentence sentence(String text) {
        return CHUNKER.analyse(text).getFirst();
    }

    private static int at(ChunkedSentence s, String mention) {
        List<ConceptSpan> spans = CandidateSpans.of(s);
        for (int k = 0; k < spans.size(); k++) {
            if (spans.get(k).text().equals(mention)) {
                return k;
            }
        }
        throw new AssertionError(mention + " is no candidate: " + spans.stream().map(ConceptSpan::text).toList());
    }

    private static boolean coordinated(String text, String end, String other) {
        ChunkedSentence s = sentence(text);
        List<ConceptSpan> spans = CandidateSpans.of(s);
        return CoordinatedMentions.coordinated(s, spans.get(at(s, end)), spans.get(at(s, other)));
    }

    @Test
    void mentionsJoinedByACoordinatorAloneAreConjuncts() {
        assertThat(coordinated("The drought reduced crop yields and farm incomes.", "crop yields", "farm incomes"))
                .isTrue();
        assertThat(coordinated("The drought reduced crop yields and farm incomes.", "farm incomes", "crop yields"))
                .isTrue();
        assertThat(coordinated("Subsidies boosted exports, jobs and wages.", "exports", "jobs and wages")).isTrue();
        assertThat(coordinated("The storm caused power outages and rising insurance claims.", "power outages",
                "rising insurance claims")).isTrue();
    }

    @Test
    void aCauseAndItsEffectOrTheSubjectOfAClauseAreNot() {
        assertThat(coordinated("The drought reduced crop yields and farm incomes.", "drought", "crop yields"))
                .isFalse();
        // "food prices" opens a clause of its own: its verb follows it
        assertThat(coordinated("The drought cut farm incomes, and food prices soared.", "farm incomes", "food prices"))
                .isFalse();
    }

    @Test
    void theCauseOfAnEdgeGoesToItsEffectsConjunctWithTheHeadsSignAndConfidence() {
        ChunkedSentence f = sentence("The drought reduced crop yields and farm incomes.");
        List<ConceptSpan> spans = CandidateSpans.of(f);
        int drought = at(f, "drought");
        int yields = at(f, "crop yields");
        int incomes = at(f, "farm incomes");
        int n = spans.size();
        float[][][] p = new float[n][n][];
        p[drought][yields] = new float[] {0.06f, 0.04f, 0.90f};
        p[drought][incomes] = new float[] {0.80f, 0.05f, 0.15f};
        p[yields][incomes] = new float[] {0.99f, 0.005f, 0.005f};
        List<PairDecoder.Decoded> read = List.of(new PairDecoder.Decoded(drought, yields, Direction.DECREASE, 0.94f));
        List<PairDecoder.Decoded> added = CoordinatedMentions.pairs(f, spans, p, read);
        assertThat(added).hasSize(1);
        assertThat(added.getFirst().cause()).isEqualTo(drought);
        assertThat(added.getFirst().effect()).isEqualTo(incomes);
        assertThat(added.getFirst().direction()).isEqualTo(Direction.DECREASE);
        assertThat(added.getFirst().confidence()).isCloseTo(0.20f, org.assertj.core.data.Offset.offset(1e-6f));
        // below the conjunct threshold the head reads no link: nothing added
        p[drought][incomes] = new float[] {0.97f, 0.01f, 0.02f};
        assertThat(CoordinatedMentions.pairs(f, spans, p, read)).isEmpty();
    }
}
