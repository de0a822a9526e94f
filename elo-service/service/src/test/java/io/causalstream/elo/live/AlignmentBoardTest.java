package io.causalstream.elo.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.causalstream.schemas.alignment.MeasureAlignment;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlignmentBoardTest {

    private static MeasureAlignment value(String scope, String measure, double rho, Double low, Double high,
                                          int passages) {
        return MeasureAlignment.newBuilder().setScope(scope).setMeasure(measure).setSpearman(rho).setCiLow(low)
                .setCiHigh(high).setCiLevel(low == null ? null : 0.95).setN(3).setPassages(passages)
                .setUpdatedAt(Instant.EPOCH).build();
    }

    @Test
    void onePerMeasureRowWithItsOverallFigureAndPassagesBestFirst() {
        AlignmentBoard board = new AlignmentBoard();
        board.take("p1|bleu@0.35", value("p1", "bleu@0.35", 0.2, null, null, 0));
        board.take("p2|bleu@0.35", value("p2", "bleu@0.35", 0.6, null, null, 0));
        board.take("ALL|bleu@0.35", value("ALL", "bleu@0.35", 0.4, -2.1, 2.9, 2));
        board.take("p1|exact@1", value("p1", "exact@1", 0.9, null, null, 0));
        board.take("ALL|exact@1", value("ALL", "exact@1", 0.9, null, null, 1));
        board.take("p1|meteor@0.55", value("p1", "meteor@0.55", -0.5, null, null, 0));
        board.take("p1|bleu@0.35", value("p1", "bleu@0.35", 0.3, null, null, 0)); // a newer value replaces
        board.take("no-bar", value("x", "y", 1, null, null, 0)); // not a scope|measure key: ignored

        assertThat(board.rows()).extracting(AlignmentBoard.Row::measure)
                .containsExactly("exact@1", "bleu@0.35", "meteor@0.55");
        AlignmentBoard.Row bleu = board.rows().get(1);
        assertThat(bleu.spearman()).isEqualTo(0.4);
        assertThat(bleu.ciLow()).isEqualTo(-2.1);
        assertThat(bleu.passages()).isEqualTo(2);
        assertThat(bleu.perPassage()).containsExactly(Map.entry("p1", 0.3), Map.entry("p2", 0.6));
        AlignmentBoard.Row meteor = board.rows().get(2);
        assertThat(meteor.spearman()).as("no ALL record yet").isNull();
        assertThat(meteor.perPassage()).containsExactly(Map.entry("p1", -0.5));

        board.take("p2|bleu@0.35", null);
        board.take("ALL|exact@1", null);
        assertThat(board.rows().get(1).perPassage()).containsOnlyKeys("p1");
        assertThat(board.rows()).extracting(AlignmentBoard.Row::measure)
                .containsExactly("bleu@0.35", "exact@1", "meteor@0.55");
    }
}
