package io.causalstream.research.benchmark;

import io.causalstream.extractor.backend.Extractor;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.schemas.graph.EvidenceSpan;
import io.causalstream.schemas.graph.Triple;
import io.causalstream.schemas.passage.Passage;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Today's extractor backends as a {@link CausalSpanReader}: the sentence (in ordinary spacing, {@link Detokenised})
 * goes through the backend, and each triple becomes one relation by locating its source label (the cause) and its
 * target label (the effect) in the sentence ({@link #locate}); a triple whose labels cannot both be located gives
 * nothing. The backends name no cue, so a relation's signals are the cue-lexicon words ({@link CueLexicon#DEFAULT},
 * the rules' own cues) that lie between its cause and its effect. Subtask 1 is, by default, "at least one triple";
 * a backend with a claim detector passes its decision instead.
 */
public final class ExtractorSpanReader implements CausalSpanReader {

    private final Extractor extractor;
    private final Predicate<String> claims;
    private final AutoCloseable resources;
    private final Map<String, List<Relation>> cache = new HashMap<>();
    private int passages;

    /** A backend whose subtask-1 answer is "at least one triple". */
    public ExtractorSpanReader(Extractor extractor) {
        this(extractor, null, extractor);
    }

    /**
     * A backend with its own claim decision, on the text as the backend reads it (ordinary spacing); {@code
     * resources} are closed with this reader (the backend and what it runs on).
     */
    public ExtractorSpanReader(Extractor extractor, Predicate<String> claims, AutoCloseable resources) {
        this.extractor = extractor;
        this.claims = claims;
        this.resources = resources;
    }

    @Override
    public List<Relation> read(String sentence) {
        return cache.computeIfAbsent(sentence, this::extract);
    }

    @Override
    public boolean causal(String sentence) {
        return claims == null ? !read(sentence).isEmpty() : claims.test(Detokenised.of(sentence).text());
    }

    private List<Relation> extract(String sentence) {
        Detokenised d = Detokenised.of(sentence);
        List<Triple> triples = extractor.extract(new Passage("benchmark-" + (passages++), d.text(), null, null, null,
                Map.of(), Instant.EPOCH)).triples();
        Set<Relation> out = new LinkedHashSet<>();
        List<CueMatch> cues = CueLexicon.DEFAULT.find(d.text());
        for (Triple t : triples) {
            List<CharSpan> evidence = new ArrayList<>();
            for (EvidenceSpan e : t.getEvidence()) {
                int start = Math.max(0, Math.min(e.getStart(), d.text().length()));
                evidence.add(new CharSpan(start, Math.max(start, Math.min(e.getEnd(), d.text().length()))));
            }
            Optional<CharSpan> cause = locate(d.text(), t.getSource(), evidence);
            Optional<CharSpan> effect = locate(d.text(), t.getTarget(), evidence);
            if (cause.isEmpty() || effect.isEmpty() || cause.get().overlap(effect.get()) > 0) {
                continue;
            }
            int gapStart = Math.min(cause.get().end(), effect.get().end());
            int gapEnd = Math.max(cause.get().start(), effect.get().start());
            List<CharSpan> signals = cues.stream().filter(c -> c.start() >= gapStart && c.end() <= gapEnd)
                    .map(c -> d.toOriginal(new CharSpan(c.start(), c.end()))).toList();
            out.add(new Relation(d.toOriginal(cause.get()), d.toOriginal(effect.get()), signals));
        }
        return List.copyOf(out);
    }

    /**
     * Where a triple's label stands in the text: the label itself (case ignored, on word boundaries), first inside
     * the triple's evidence, then anywhere; else the shortest run of words that holds most of the label's words (a
     * word matching when one is the other's prefix and the shorter has 4 letters or more, so "prices" finds
     * "price"), at most a few words longer than the label; evidence first again. Empty when no word of the label is
     * in the text.
     */
    static Optional<CharSpan> locate(String text, String label, List<CharSpan> evidence) {
        String lower = text.toLowerCase(Locale.ROOT);
        String l = label.toLowerCase(Locale.ROOT).strip().replaceAll("\\s+", " ");
        if (l.isEmpty()) {
            return Optional.empty();
        }
        List<CharSpan> exact = new ArrayList<>();
        for (int at = lower.indexOf(l); at >= 0; at = lower.indexOf(l, at + 1)) {
            if (boundary(lower, at - 1) && boundary(lower, at + l.length())) {
                exact.add(new CharSpan(at, at + l.length()));
            }
        }
        Optional<CharSpan> found = preferEvidence(exact, evidence);
        if (found.isPresent()) {
            return found;
        }
        List<String> labelWords = words(l);
        List<CharSpan> textWords = new ArrayList<>();
        java.util.regex.Matcher m = WORD.matcher(lower);
        while (m.find()) {
            textWords.add(new CharSpan(m.start(), m.end()));
        }
        int best = 0;
        List<CharSpan> windows = new ArrayList<>();
        int reach = labelWords.size() + 3;
        for (int i = 0; i < textWords.size(); i++) {
            Set<Integer> matched = new java.util.HashSet<>();
            int last = -1;
            for (int j = i; j < Math.min(textWords.size(), i + reach); j++) {
                String w = textWords.get(j).of(lower);
                for (int k = 0; k < labelWords.size(); k++) {
                    if (!matched.contains(k) && similar(w, labelWords.get(k))) {
                        matched.add(k);
                        last = j;
                        break;
                    }
                }
            }
            if (last < 0 || !similarToAny(textWords.get(i).of(lower), labelWords)) {
                continue;
            }
            CharSpan window = new CharSpan(textWords.get(i).start(), textWords.get(last).end());
            if (matched.size() > best) {
                best = matched.size();
                windows.clear();
            }
            if (matched.size() == best) {
                windows.add(window);
            }
        }
        windows.sort(java.util.Comparator.comparingInt(CharSpan::length));
        return preferEvidence(windows, evidence);
    }

    private static final java.util.regex.Pattern WORD = java.util.regex.Pattern.compile("[\\p{L}\\p{N}]+");

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = WORD.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static boolean similarToAny(String w, List<String> words) {
        return words.stream().anyMatch(x -> similar(w, x));
    }

    private static boolean similar(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        String shorter = a.length() <= b.length() ? a : b;
        String longer = shorter == a ? b : a;
        return shorter.length() >= 4 && longer.startsWith(shorter);
    }

    private static boolean boundary(String s, int i) {
        return i < 0 || i >= s.length() || !Character.isLetterOrDigit(s.charAt(i));
    }

    /** The first candidate inside an evidence span, else the first candidate. */
    private static Optional<CharSpan> preferEvidence(List<CharSpan> candidates, List<CharSpan> evidence) {
        for (CharSpan c : candidates) {
            if (evidence.stream().anyMatch(e -> e.start() <= c.start() && c.end() <= e.end())) {
                return Optional.of(c);
            }
        }
        return candidates.stream().findFirst();
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("cannot close " + extractor.annotator().getId(), e);
        }
    }
}
