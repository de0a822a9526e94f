package io.causalstream.extractor.backend.model;

import io.causalstream.schemas.graph.Direction;
import io.causalstream.text.cues.EffectNoun;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * "Dizziness <b>from</b> sinus pressure", "fever from dehydration", "extinction from hunting": a noun that names a
 * state, a feeling, a process or an event, followed by "from" and a noun phrase, states the phrase as its cause
 * inside one noun phrase, with the effect first. The relation head, trained on claims between a subject and an
 * object, seldom links such a pair. An entity before "from" ("wine from France", "a letter from the mayor") is an
 * origin, not an effect ({@link EffectNoun}).
 */
final class EffectFromCause {

    private static final Pattern FROM = Pattern.compile("(?i)\\s+from\\s+");

    private EffectFromCause() {
    }

    /**
     * The pairs (cause, effect) of the sentence's spans stated so that the head did not already read, INCREASE (an
     * unsigned cue, the released data's convention; decoding turns it for a change word), with the head's P(edge) of
     * the pair as confidence.
     */
    static List<PairDecoder.Decoded> pairs(SentenceFeatures f, float[][][] probabilities,
                                           List<PairDecoder.Decoded> read) {
        String text = f.sentence().text();
        List<ConceptSpan> spans = f.spans();
        List<PairDecoder.Decoded> out = new ArrayList<>();
        for (int e = 0; e < spans.size(); e++) {
            ConceptSpan effect = spans.get(e);
            if (!EffectNoun.names(effect.text())) {
                continue;
            }
            for (int c = 0; c < spans.size(); c++) {
                ConceptSpan cause = spans.get(c);
                if (cause.start() < effect.end() || !FROM.matcher(text.substring(effect.end(), cause.start()))
                        .matches()) {
                    continue;
                }
                int ci = c;
                int ei = e;
                if (read.stream().noneMatch(d -> d.cause() == ci && d.effect() == ei
                        || d.cause() == ei && d.effect() == ci)) {
                    float[] p = probabilities[c][e];
                    out.add(new PairDecoder.Decoded(c, e, Direction.INCREASE,
                            p == null ? 0f : p[RelationHead.INCREASE] + p[RelationHead.DECREASE]));
                }
            }
        }
        return out;
    }
}
