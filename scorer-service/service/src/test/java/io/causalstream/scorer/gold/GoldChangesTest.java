package io.causalstream.scorer.gold;

import static io.causalstream.schemas.graph.Direction.DECREASE;
import static io.causalstream.schemas.graph.Direction.INCREASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.gold.GoldGraph;
import io.causalstream.schemas.gold.GoldOrigin;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoldChangesTest {

    private static Triple t(String s, String tgt, Direction d) {
        return Triple.newBuilder().setSource(s).setTarget(tgt).setDirection(d).build();
    }

    private static GoldGraph gold(String id, GoldOrigin origin, long updatedAt, Triple... triples) {
        return GoldGraph.newBuilder().setPassageId("p1").setAnnotationId(id).setOrigin(origin)
                .setTriples(List.of(triples)).setUpdatedAt(Instant.ofEpochMilli(updatedAt)).build();
    }

    private final GoldGraph base = gold("Human1", GoldOrigin.CURATED, 1, t("a", "b", INCREASE), t("c", "d", DECREASE));

    @Test
    void sameAnnotationAndEdgesIsNoChange() {
        GoldGraph republished = gold("Human1", GoldOrigin.CURATED, 99, t("c", "d", DECREASE), t("a", "b", INCREASE));
        GoldGraph withEvidence = gold("Human1", GoldOrigin.CURATED, 1,
                Triple.newBuilder(t("a", "b", INCREASE)).setEvidence(List.of(new EvidenceSpan(0, 3))).build(),
                t("c", "d", DECREASE));

        assertThat(GoldChanges.changesScores(base, republished)).isFalse();
        assertThat(GoldChanges.changesScores(base, withEvidence)).isFalse();
        assertThat(GoldChanges.changesScores(null, null)).isFalse();
    }

    @Test
    void anotherAnnotationOriginOrEdgeSetIsAChange() {
        assertThat(GoldChanges.changesScores(base,
                gold("Human2", GoldOrigin.CURATED, 1, t("a", "b", INCREASE), t("c", "d", DECREASE)))).isTrue();
        assertThat(GoldChanges.changesScores(base,
                gold("Human1", GoldOrigin.TOURNAMENT, 1, t("a", "b", INCREASE), t("c", "d", DECREASE)))).isTrue();
        assertThat(GoldChanges.changesScores(base,
                gold("Human1", GoldOrigin.CURATED, 1, t("a", "b", INCREASE), t("c", "d", INCREASE)))).isTrue();
        assertThat(GoldChanges.changesScores(base, gold("Human1", GoldOrigin.CURATED, 1, t("a", "b", INCREASE))))
                .isTrue();
        assertThat(GoldChanges.changesScores(null, base)).isTrue();
        assertThat(GoldChanges.changesScores(base, null)).isTrue();
    }
}
