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
        int s0 = source.start() - offset;
        int s1 = source.end() - offset;
        int t0 = target.start() - offset;
        int t1 = target.end() - offset;
        // the words the reader reads the sentence without, [start, end) of the sentence, in order
        List<int[]> cuts = new ArrayList<>();
        String reread = null;
        if (s0 < t0) {
            // "Lower interest rates reduced house prices": before a cause that comes first, the head reads a change
            // word inconsistently (often the verb's sign, not the net one); read the sentence without it, and let it
            // turn the bare reading once, as the extractor's decoding does (ChangeWordMask)
            int cut = EndValence.beforeStart(sentence.substring(0, s0));
            if (cut >= 0) {
                cuts.add(new int[] {cut, s0});
                flips.add("'" + sentence.substring(s0, s1) + "' without '" + sentence.substring(cut, s0).strip() + "'");
            }
            int verb = SecondVerb.start(sentence.substring(s1, t0));
            if (verb >= 0) {
                int from = s1 + 1;
                cuts.add(new int[] {from, s1 + verb});
                reread = "'" + sentence.substring(from, s1 + verb).strip() + "'";
            }
            // "The drought hampered crop yields and farm incomes": the other conjunct taken out, the pair alone
            int[] conjunct = Conjunct.cut(sentence, s0, s1, t0);
            // after the change word's cut before the source, if any: the cuts stay in order
            if (reread == null && conjunct != null && (cuts.isEmpty() || conjunct[0] >= s1)) {
                cuts.add(conjunct);
                reread = "'" + sentence.substring(conjunct[0], conjunct[1]).strip() + "'";
            }
        }
        // as written, the sentence's vectors are the passage's; with words cut, the bare sentence is encoded alone
        String text = cuts.isEmpty() ? sentence : without(sentence, cuts);
        int[] b = {shifted(s0, cuts), shifted(s1, cuts), shifted(t0, cuts), shifted(t1, cuts)};
        List<Integer> key = cuts.isEmpty() ? List.of(k, source.start(), source.end(), target.start(), target.end())
                : List.of(k, -1, source.start(), source.end(), target.start(), target.end());
        TunedReader.PairReading p = passage.readings.computeIfAbsent(key, x -> java.util.Optional.ofNullable(
                reader.read(text, cuts.isEmpty() ? passage.embeddings(k)
                        : reader.encoder().encode(List.of(text)).getFirst(), b[0], b[1], b[2], b[3]))).orElse(null);
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
        return new SentenceReading(k, p, claim, flips.size() % 2 == 0 ? null : String.join(", ", flips), reread);
    }

    /** The sentence with the cuts ([start, end), in order) taken out. */
    private static String without(String sentence, List<int[]> cuts) {
        StringBuilder bare = new StringBuilder();
        int at = 0;
        for (int[] c : cuts) {
            bare.append(sentence, at, c[0]);
            at = c[1];
        }
        return bare.append(sentence.substring(at)).toString();
    }

    /** Where a position of the sentence is once the cuts before it are taken out. */
    private static int shifted(int position, List<int[]> cuts) {
        int out = position;
        for (int[] c : cuts) {
            if (c[1] <= position) {
                out -= c[1] - c[0];
            }
        }
        return out;
    }

    private EdgeReadings() {
    }
}
