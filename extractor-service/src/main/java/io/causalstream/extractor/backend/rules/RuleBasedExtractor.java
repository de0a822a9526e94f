package io.causalstream.extractor.backend.rules;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded extractor that needs no model: causal cue patterns ("leads to", "reduces", "due to" ...) matched
 * sentence by sentence. Each triple's evidence is the span of the sentence it was read from; a triple stated in
 * several sentences is published once with every span. Stateless, hence safe to call from many threads.
 */
public final class RuleBasedExtractor implements Extractor {

    public static final String ANNOTATOR_ID = "rules-v1";
    /** Names the cue lexicon: bump it with {@link CueLexicon#DEFAULT}. */
    public static final String MODEL = "causal-cues-v1";

    private final CausalSentenceParser parser = new CausalSentenceParser(CueLexicon.DEFAULT);

    @Override
    public Annotator annotator() {
        // a new record each time: Avro records are mutable and this one ends up in many extractions
        return Annotator.newBuilder().setId(ANNOTATOR_ID).setKind(AnnotatorKind.RULES).setModel(MODEL)
                .setPromptFormat(null).build();
    }

    @Override
    public ExtractionOutcome extract(Passage passage) {
        Map<CausalClaim, Triple> triples = new LinkedHashMap<>();
        for (Sentence sentence : Sentence.split(passage.getText())) {
            for (CausalClaim claim : parser.parse(sentence.text())) {
                Triple triple = triples.computeIfAbsent(claim, c -> new Triple(c.cause(), c.effect(), c.direction(),
                        new ArrayList<>(), null));
                EvidenceSpan span = new EvidenceSpan(sentence.start(), sentence.end());
                if (!triple.getEvidence().contains(span)) {
                    triple.getEvidence().add(span);
                }
            }
        }
        return ExtractionOutcome.of(List.copyOf(triples.values()));
    }
}
