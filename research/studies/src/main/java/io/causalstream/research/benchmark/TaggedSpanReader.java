package io.causalstream.research.benchmark;

import io.causalstream.encoder.TokenEncoder;
import io.causalstream.extractor.backend.model.ClaimHead;
import io.causalstream.extractor.backend.model.SpanTagger;
import io.causalstream.extractor.backend.model.WordTagging;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tuned model's own span reading: its argument tagger marks the cause and the effect, its signal tagger the cue
 * words (a sentence read here is one known to be causal, so it reads with at least one of each:
 * {@link SpanTagger#decodeEveryKind}), on the sentence's words (the benchmark's tokenisation, as the taggers were trained); its claim detector
 * answers subtask 1 on the sentence in ordinary spacing, as it was trained. The k-th cause the tagger marks with the
 * k-th effect is a relation; one relation takes every signal, several each the signals inside their words. The links between concepts are the extractor's triples
 * ({@code links}: a reader over the same model).
 */
public final class TaggedSpanReader implements CausalSpanReader {

    private final TokenEncoder encoder;
    private final SpanTagger arguments;
    private final Optional<SpanTagger> signals;
    private final ClaimHead claims;
    private final CausalSpanReader links;

    /** @param links the reader of the same model's triples; closing this reader closes it */
    public TaggedSpanReader(TokenEncoder encoder, SpanTagger arguments, Optional<SpanTagger> signals,
                            ClaimHead claims, CausalSpanReader links) {
        this.encoder = encoder;
        this.arguments = arguments;
        this.signals = signals;
        this.claims = claims;
        this.links = links;
    }

    @Override
    public List<Relation> links(String sentence) {
        return links.links(sentence);
    }

    @Override
    public List<Relation> read(String sentence) {
        List<CharSpan> words = CausalNewsSpans.words(sentence);
        if (words.isEmpty()) {
            return List.of();
        }
        List<List<String>> asWords = List.of(words.stream().map(w -> w.of(sentence)).toList());
        List<SpanTagger> taggers = signals.map(t -> List.of(arguments, t)).orElse(List.of(arguments));
        // subtask 2 gives sentences known to be causal: each reads with a cause, an effect and a signal
        List<List<SpanTagger.Span>> read = WordTagging.readAll(encoder, taggers, asWords, t -> true).getFirst();
        List<CharSpan> causes = new ArrayList<>();
        List<CharSpan> effects = new ArrayList<>();
        for (SpanTagger.Span s : read.getFirst()) {
            CharSpan c = new CharSpan(words.get(s.from()).start(), words.get(s.to()).end());
            (s.kind() == 0 ? causes : effects).add(c);
        }
        List<CharSpan> cues = new ArrayList<>();
        for (SpanTagger.Span s : read.size() > 1 ? read.get(1) : List.<SpanTagger.Span>of()) {
            cues.add(new CharSpan(words.get(s.from()).start(), words.get(s.to()).end()));
        }
        return relations(causes, effects, cues);
    }

    /**
     * The relations of a sentence from the causes, effects and signals tagged, each in sentence order: the k-th cause
     * with the k-th effect; one relation takes every signal, several each the signals inside their words (a signal
     * outside all of them goes to the first). The scoring keeps as many as the sentence has, in this order.
     */
    static List<Relation> relations(List<CharSpan> causes, List<CharSpan> effects, List<CharSpan> cues) {
        int n = Math.min(causes.size(), effects.size());
        if (n == 0) {
            return List.of();
        }
        if (n == 1) {
            return List.of(new Relation(causes.getFirst(), effects.getFirst(), cues));
        }
        List<List<CharSpan>> signals = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            signals.add(new ArrayList<>());
        }
        for (CharSpan cue : cues) {
            int owner = 0;
            for (int k = 0; k < n; k++) {
                int from = Math.min(causes.get(k).start(), effects.get(k).start());
                int to = Math.max(causes.get(k).end(), effects.get(k).end());
                if (cue.start() >= from && cue.end() <= to) {
                    owner = k;
                    break;
                }
            }
            signals.get(owner).add(cue);
        }
        List<Relation> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            out.add(new Relation(causes.get(k), effects.get(k), signals.get(k)));
        }
        return out;
    }

    @Override
    public boolean causal(String sentence) {
        String text = Detokenised.sentence(sentence);
        return !text.isBlank() && claims.asserts(encoder.encode(List.of(text)).getFirst().meanPooled());
    }

    @Override
    public void close() {
        links.close();
    }
}
