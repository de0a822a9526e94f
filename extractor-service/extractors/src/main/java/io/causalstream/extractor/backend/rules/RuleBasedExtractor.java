package io.causalstream.extractor.backend.rules;

import io.causalstream.extractor.backend.ExtractionOutcome;
import io.causalstream.extractor.backend.ClaimSet;
import io.causalstream.extractor.backend.Extractor;
import io.causalstream.extractor.backend.LineBreakRepair;
import io.causalstream.extractor.backend.NodeNames;
import io.causalstream.schemas.graph.Annotator;
import io.causalstream.schemas.graph.AnnotatorKind;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.cues.CueLexicon;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The embedded extractor that needs no model server: causal cue patterns ("leads to", "reduces", "due to",
 * "barriers to" ...) matched sentence by sentence, with sentence splitting, POS tags and noun-phrase chunks from
 * Apache OpenNLP deciding where the cause and the effect begin and end. Each triple's evidence is the span of the
 * sentence it was read from; a triple stated in several sentences is published once with every span. Safe to call
 * from many threads: each call borrows a set of OpenNLP taggers (not thread-safe) from this extractor's pool; the
 * models are shared.
 */
public final class RuleBasedExtractor implements Extractor {

    public static final String ANNOTATOR_ID = "rules-v1";
    /** Names the cue lexicon and the phrase rules: bump it with {@link CueLexicon#DEFAULT} or {@link NounPhrases}. */
    public static final String MODEL = "causal-cues-v5+opennlp-1.5";

    private final CausalSentenceParser parser = new CausalSentenceParser(CueLexicon.DEFAULT);
    /** Idle taggers, borrowed per passage; grows to the number of passages extracted at the same time. */
    private final ConcurrentLinkedQueue<TaggedSentence.Taggers> idle = new ConcurrentLinkedQueue<>();

    public RuleBasedExtractor() {
        OpenNlpModels.get(); // load the models now: a missing model fails at startup, not on the first passage
    }

    @Override
    public Annotator annotator() {
        // a new record each time: Avro records are mutable and this one ends up in many extractions
        return Annotator.newBuilder().setId(ANNOTATOR_ID).setKind(AnnotatorKind.RULES).setModel(MODEL)
                .setPromptFormat(null).build();
    }

    @Override
    public ExtractionOutcome extract(Passage passage) {
        return LineBreakRepair.extract(passage, this::extractRepaired);
    }

    private ExtractionOutcome extractRepaired(Passage passage) {
        ClaimSet claims = new ClaimSet();
        TaggedSentence.Taggers taggers = idle.poll();
        List<TaggedSentence> sentences;
        try {
            if (taggers == null) {
                taggers = TaggedSentence.Taggers.create();
            }
            sentences = TaggedSentence.analyse(passage.getText(), taggers);
        } finally {
            if (taggers != null) {
                idle.offer(taggers);
            }
        }
        for (TaggedSentence sentence : sentences) {
            for (CausalClaim claim : parser.parse(sentence)) {
                claims.add(claim, claim.cause(), claim.effect(), claim.direction(),
                        List.of(new EvidenceSpan(sentence.start(), sentence.end())), null);
            }
        }
        return ExtractionOutcome.of(NodeNames.unified(passage.getText(), claims.triples()));
    }
}
