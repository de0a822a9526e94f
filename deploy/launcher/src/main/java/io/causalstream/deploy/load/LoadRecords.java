package io.causalstream.deploy.load;

import io.causalstream.schemas.extraction.Extraction;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.Direction;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.judgment.Judgment;
import io.causalstream.schemas.judgment.Outcome;
import io.causalstream.schemas.passage.Passage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The records a load run publishes: passages, the tournaments' annotations, and judgments of their pairs. */
final class LoadRecords {

    /** The annotators of every tournament. */
    static final List<String> ANNOTATORS = List.of("load-a", "load-b", "load-c");

    /** A judgment of a random pair of one random tournament ({@code load-t-<n>}), by a rater of its own. */
    static Judgment judgment(long n, Random random, int tournaments) {
        String passage = "load-t-" + random.nextInt(tournaments);
        int l = random.nextInt(3);
        int r = (l + 1 + random.nextInt(2)) % 3;
        Outcome o = Outcome.values()[random.nextInt(Outcome.values().length)];
        return Judgment.newBuilder().setJudgmentId("load-j-" + n).setPassageId(passage)
                .setRaterId("load-rater-" + n).setLeft(ANNOTATORS.get(l) + "@" + passage)
                .setRight(ANNOTATORS.get(r) + "@" + passage).setOutcome(o).setTime(Instant.now()).build();
    }

    static Passage passage(String id, String text) {
        return Passage.newBuilder().setId(id).setText(text).setPublishedAt(Instant.now()).build();
    }

    /** The annotation of tournament {@code t} by {@code annotator}: one edge, two for all but the first. */
    static Extraction annotation(String passageId, String annotator, int t) {
        List<Triple> triples = new ArrayList<>();
        triples.add(Triple.newBuilder().setSource("factor " + annotator).setTarget("outcome " + t)
                .setDirection(Direction.INCREASE).build());
        if (!annotator.equals("load-a")) {
            triples.add(Triple.newBuilder().setSource("outcome " + t).setTarget("effect of " + annotator)
                    .setDirection(Direction.DECREASE).build());
        }
        return Extraction.newBuilder().setPassageId(passageId).setAnnotationId(annotator + "@" + passageId)
                .setAnnotator(Annotator.newBuilder().setId(annotator).setKind(AnnotatorKind.HUMAN).build())
                .setTriples(triples).setCreatedAt(Instant.now()).build();
    }

    private LoadRecords() {
    }
}
