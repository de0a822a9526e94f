package io.causalstream.validation;

import io.causalstream.schemas.graph.Triple;
import io.causalstream.text.Levenshtein;
import io.causalstream.text.Token;
import io.causalstream.text.Tokens;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Stage 2: within one graph, split "A and B" nodes into distinct concepts (guideline 7), merge near-duplicate
 * nodes (same content-word stems in any order, or an edit-distance ratio at or above the merge threshold) into one
 * canonical label — the best grounded, then the longest (guideline 6 prefers verbose names), then the first seen —
 * and drop what is then an exact duplicate (same source, target and direction) or a self-loop.
 */
final class Normalisation {

    private final ValidationSettings settings;
    private final Function<String, Mention> grounding;

    Normalisation(ValidationSettings settings, Function<String, Mention> grounding) {
        this.settings = settings;
        this.grounding = grounding;
    }

    List<NormalisedEdge> normalise(List<Triple> triples) {
        List<Draft> drafts = new ArrayList<>();
        for (int i = 0; i < triples.size(); i++) {
            Triple t = triples.get(i);
            String source = clean(t.getSource());
            String target = clean(t.getTarget());
            if (source.isEmpty() || target.isEmpty()) {
                drafts.add(new Draft(i, t, source, target, false,
                        "dropped: empty " + (source.isEmpty() ? "source" : "target") + " label"));
                continue;
            }
            List<String> sources = settings.splitConjunctions() ? ConjunctionSplitter.split(source) : List.of(source);
            List<String> targets = settings.splitConjunctions() ? ConjunctionSplitter.split(target) : List.of(target);
            StringBuilder note = new StringBuilder();
            if (sources.size() > 1) {
                note.append("split source '").append(source).append("' into ").append(quoted(sources)).append("; ");
            }
            if (targets.size() > 1) {
                note.append("split target '").append(target).append("' into ").append(quoted(targets)).append("; ");
            }
            for (String s : sources) {
                for (String g : targets) {
                    drafts.add(new Draft(i, t, s, g, true, note.toString()));
                }
            }
        }
        Map<String, String> canonical = canonicalLabels(drafts);
        List<NormalisedEdge> out = new ArrayList<>();
        Map<String, Integer> firstByKey = new HashMap<>();
        for (Draft d : drafts) {
            if (!d.kept) {
                out.add(new NormalisedEdge(d.index, d.original, d.source, d.target, false, d.note));
                continue;
            }
            String source = canonical.get(d.source);
            String target = canonical.get(d.target);
            StringBuilder note = new StringBuilder(d.note);
            if (!source.equals(d.source)) {
                note.append("source '").append(d.source).append("' merged into '").append(source).append("'; ");
            }
            if (!target.equals(d.target)) {
                note.append("target '").append(d.target).append("' merged into '").append(target).append("'; ");
            }
            if (source.equals(target)) {
                out.add(new NormalisedEdge(d.index, d.original, source, target, false,
                        note + "dropped: source and target are the same concept '" + source + "'"));
                continue;
            }
            String key = source + '\u0000' + target + '\u0000' + d.original.getDirection();
            Integer first = firstByKey.putIfAbsent(key, d.index);
            if (first != null) {
                out.add(new NormalisedEdge(d.index, d.original, source, target, false,
                        note + "dropped: duplicate of triple #" + (first + 1)));
                continue;
            }
            String reason = note.isEmpty() ? "unchanged" : note.substring(0, note.length() - 2);
            out.add(new NormalisedEdge(d.index, d.original, source, target, true, reason));
        }
        return out;
    }

    /** Union-find over the graph's labels; each label maps to its cluster's canonical label. */
    private Map<String, String> canonicalLabels(List<Draft> drafts) {
        List<String> labels = new ArrayList<>();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (Draft d : drafts) {
            if (d.kept) {
                for (String l : List.of(d.source, d.target)) {
                    if (!index.containsKey(l)) {
                        index.put(l, labels.size());
                        labels.add(l);
                    }
                }
            }
        }
        int[] parent = new int[labels.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        List<String> stemKeys = labels.stream().map(Normalisation::stemKey).toList();
        List<String> lower = labels.stream().map(l -> l.toLowerCase(Locale.ROOT)).toList();
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                boolean same = stemKeys.get(i).equals(stemKeys.get(j)) && !stemKeys.get(i).isEmpty()
                        || nearlyEqual(lower.get(i), lower.get(j));
                if (same) {
                    parent[find(parent, i)] = find(parent, j);
                }
            }
        }
        Map<Integer, String> best = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            int root = find(parent, i);
            String current = best.get(root);
            if (current == null || preferred(labels.get(i), current)) {
                best.put(root, labels.get(i));
            }
        }
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            out.put(labels.get(i), best.get(find(parent, i)));
        }
        return out;
    }

    /**
     * Spelling variants, not different words: the whole labels at or above the merge ratio AND word by word at or
     * above the fuzzy ratio, so "increase in fish stocks" never merges with "decrease in fish stocks".
     */
    private boolean nearlyEqual(String a, String b) {
        if (Levenshtein.ratio(a, b) < settings.mergeThreshold()) {
            return false;
        }
        List<Token> x = Tokens.of(a);
        List<Token> y = Tokens.of(b);
        if (x.size() != y.size()) {
            return false;
        }
        for (int k = 0; k < x.size(); k++) {
            if (Levenshtein.ratio(x.get(k).lower(), y.get(k).lower()) < settings.fuzzyThreshold()) {
                return false;
            }
        }
        return true;
    }

    private boolean preferred(String candidate, String current) {
        Mention a = grounding.apply(candidate);
        Mention b = grounding.apply(current);
        if (a.level() != b.level()) {
            return a.level().ordinal() < b.level().ordinal();
        }
        return candidate.length() > current.length();
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** Sorted content-word stems: "stocks of fish" and "fish stock" share "fish stock". */
    static String stemKey(String label) {
        return String.join(" ", Tokens.content(Tokens.of(label)).stream().map(Token::stem).sorted().toList());
    }

    static String clean(String label) {
        return label == null ? "" : label.replaceAll("\\s+", " ").strip();
    }

    private static String quoted(List<String> labels) {
        return String.join(" + ", labels.stream().map(l -> "'" + l + "'").toList());
    }

    private record Draft(int index, Triple original, String source, String target, boolean kept, String note) {
    }
}
