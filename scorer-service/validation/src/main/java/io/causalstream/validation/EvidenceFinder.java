package io.causalstream.validation;

import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.text.Sentence;
import java.util.ArrayList;
import java.util.List;

/**
 * Stage 3: the sentence(s) of the passage that support an edge. The annotator's evidence spans when the triple has
 * them; else the sentence that names both ends (best grounded first); else up to {@code validation.evidence.window}
 * consecutive sentences with the source in one and the target in another.
 */
final class EvidenceFinder {

    private final PassageText passage;
    private final Grounding grounding;
    private final int window;

    EvidenceFinder(PassageText passage, Grounding grounding, int window) {
        this.passage = passage;
        this.grounding = grounding;
        this.window = window;
    }

    Evidence find(String source, String target, Triple original) {
        List<Sentence> sentences = passage.sentences();
        if (original.getEvidence() != null && !original.getEvidence().isEmpty()) {
            List<Integer> chosen = new ArrayList<>();
            for (Sentence s : sentences) {
                for (EvidenceSpan span : original.getEvidence()) {
                    if (s.overlaps(passage.offset(span.getStart()), passage.offset(span.getEnd()))
                            && !chosen.contains(s.index())) {
                        chosen.add(s.index());
                    }
                }
            }
            if (!chosen.isEmpty()) {
                chosen.sort(Integer::compare);
                return new Evidence(chosen, join(chosen), within(source, chosen), within(target, chosen), true);
            }
        }
        Evidence best = Evidence.NONE;
        int bestRank = Integer.MAX_VALUE;
        for (Mention s : grounding.mentions(source)) {
            Mention t = grounding.in(target, s.sentence());
            if (t.level().found()) {
                int rank = s.level().ordinal() + t.level().ordinal();
                if (rank < bestRank) {
                    bestRank = rank;
                    best = new Evidence(List.of(s.sentence()), sentences.get(s.sentence()).text(), s, t, false);
                }
            }
        }
        if (best.found()) {
            return best;
        }
        for (Mention s : grounding.mentions(source)) {
            for (Mention t : grounding.mentions(target)) {
                int from = Math.min(s.sentence(), t.sentence());
                int to = Math.max(s.sentence(), t.sentence());
                if (to - from + 1 <= window) {
                    int rank = (to - from) * 10 + s.level().ordinal() + t.level().ordinal();
                    if (rank < bestRank) {
                        bestRank = rank;
                        List<Integer> span = new ArrayList<>();
                        for (int k = from; k <= to; k++) {
                            span.add(k);
                        }
                        best = new Evidence(span, join(span), s, t, false);
                    }
                }
            }
        }
        return best;
    }

    private Mention within(String label, List<Integer> chosen) {
        Mention best = Mention.NONE;
        for (int s : chosen) {
            Mention m = grounding.in(label, s);
            if (m.betterThan(best)) {
                best = m;
            }
        }
        return best;
    }

    private String join(List<Integer> indices) {
        return String.join(" ", indices.stream().map(i -> passage.sentences().get(i).text()).toList());
    }
}
