package io.causalstream.validation;

import io.causalstream.extractor.backend.model.TunedReader;
import java.util.ArrayList;
import java.util.List;

/** The learned reader's part of {@link EdgeValidation}: what each sentence naming both ends of an edge states. */
final class EdgeReadings {

    /**
     * The reader's reading of every kept edge in each sentence that names both its ends: the annotator's evidence
     * sentences when the triple gives them, else every sentence where both are grounded to words (an embedding
     * match names a whole sentence, no span to read). The sentences needed are encoded in one call.
     */
    static List<CheckedEdge> read(PairReader reader, PassageText passage, List<CheckedEdge> checked) {
        List<List<Mention[]>> pairs = new ArrayList<>();
        java.util.Set<Integer> needed = new java.util.TreeSet<>();
        for (CheckedEdge c : checked) {
            List<Mention[]> inSentences = new ArrayList<>();
            if (c.edge().kept() && c.evidence().found()) {
                List<Integer> sentences = new ArrayList<>();
                if (c.evidence().fromSpans()) {
                    sentences.addAll(c.evidence().sentences());
                } else {
                    for (Mention m : c.grounding().mentions(c.edge().source())) {
                        sentences.add(m.sentence());
                    }
                }
                for (int k : sentences) {
                    Mention s = c.grounding().in(c.edge().source(), k);
                    Mention t = c.grounding().in(c.edge().target(), k);
                    if (spanned(s) && spanned(t) && (s.end() <= t.start() || t.end() <= s.start())) {
                        inSentences.add(new Mention[] {s, t});
                        needed.add(k);
                    }
                }
            }
            pairs.add(inSentences);
        }
        passage.encode(needed);
        List<CheckedEdge> out = new ArrayList<>(checked.size());
        for (int i = 0; i < checked.size(); i++) {
            CheckedEdge c = checked.get(i);
            List<SentenceReading> readings = new ArrayList<>();
            for (Mention[] st : pairs.get(i)) {
                readings.add(reading(reader, passage, st[0], st[1], c.edge().source(), c.edge().target()));
            }
            out.add(new CheckedEdge(c.edge(), c.source(), c.target(), c.evidence(), c.cue(), c.grounding(), readings));
        }
        return out;
    }

    private static boolean spanned(Mention m) {
        return m.level().found() && m.level() != GroundingLevel.EMBEDDING;
    }

    /** One sentence's reading of (source, target), kept with the passage. */
    private static SentenceReading reading(PairReader reader, PassageText passage, Mention source, Mention target,
                                           String sourceLabel, String targetLabel) {
        int k = source.sentence();
        int offset = passage.sentences().get(k).start();
        String sentence = passage.sentences().get(k).text();
        List<String> flips = new ArrayList<>();
        // "Lower interest rates reduced house prices": before a cause that comes first, the head reads a change word
        // inconsistently (often the verb's sign, not the net one); read the sentence without it, and let it turn
        // the bare reading once, as the extractor's decoding does (ChangeWordMask)
        int cut = source.start() < target.start()
                ? EndValence.beforeStart(sentence.substring(0, source.start() - offset)) : -1;
        TunedReader.PairReading p;
        if (cut >= 0) {
            String bare = sentence.substring(0, cut) + sentence.substring(source.start() - offset);
            int shift = source.start() - offset - cut;
            List<Integer> key = List.of(k, -1, source.start(), source.end(), target.start(), target.end());
            p = passage.readings.computeIfAbsent(key, x -> java.util.Optional.ofNullable(reader.read(bare,
                    reader.encoder().encode(List.of(bare)).getFirst(), cut, cut + source.end() - source.start(),
                    target.start() - offset - shift, target.end() - offset - shift))).orElse(null);
            flips.add("'" + passage.text().substring(source.start(), source.end()) + "' without '"
                    + sentence.substring(cut, source.start() - offset).strip() + "'");
        } else {
            List<Integer> key = List.of(k, source.start(), source.end(), target.start(), target.end());
            p = passage.readings.computeIfAbsent(key, x -> java.util.Optional.ofNullable(
                    reader.read(sentence, passage.embeddings(k), source.start() - offset,
                            source.end() - offset, target.start() - offset, target.end() - offset))).orElse(null);
        }
        double claim = passage.claims.computeIfAbsent(k, x -> reader.claim(passage.embeddings(k)));
        String s = EndValence.negatedForm(sourceLabel, passage.text().substring(source.start(), source.end()));
        String t = EndValence.negatedForm(targetLabel, passage.text().substring(target.start(), target.end()));
        if (s != null) {
            flips.add("'" + s + "' for '" + sourceLabel + "'");
        }
        if (t != null) {
            flips.add("'" + t + "' for '" + targetLabel + "'");
        }
        // each turns the reading once: an even number cancels
        return new SentenceReading(k, p, claim, flips.size() % 2 == 0 ? null : String.join(", ", flips));
    }

    private EdgeReadings() {
    }
}
