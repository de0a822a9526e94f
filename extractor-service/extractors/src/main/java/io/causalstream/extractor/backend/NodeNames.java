package io.causalstream.extractor.backend;

import io.causalstream.schemas.graph.Triple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One name for one concept within a passage: "Rising sea temperatures intensify tropical storms, and stronger storms
 * damage coastal infrastructure" names the storms twice, the second time short, and the graph then had two nodes,
 * "tropical storms" and "storms", where the text speaks of one. A node whose name is the tail of exactly one longer
 * node name of the same passage ("storms" of "tropical storms"), first written after it, takes the longer name, as
 * a definite reference takes its antecedent. Two candidates ("prices" after "food prices" and "energy prices") are
 * ambiguous: the short name stays. Triples that become equal are merged (their evidence joined, the higher
 * confidence kept).
 */
public final class NodeNames {

    private NodeNames() {
    }

    public static List<Triple> unified(String text, List<Triple> triples) {
        // each name once, whatever its case ("Storms" and "storms" are one name)
        Map<String, String> names = new LinkedHashMap<>();
        for (Triple t : triples) {
            names.putIfAbsent(t.getSource().toLowerCase(Locale.ROOT), t.getSource());
            names.putIfAbsent(t.getTarget().toLowerCase(Locale.ROOT), t.getTarget());
        }
        String lower = text.toLowerCase(Locale.ROOT);
        Map<String, String> renamed = new LinkedHashMap<>();
        for (String n : names.keySet()) {
            List<String> longer = names.keySet().stream()
                    .filter(l -> l.length() > n.length() && l.endsWith(" " + n)).toList();
            if (longer.size() == 1 && writtenBefore(lower, longer.getFirst(), n, longer)) {
                renamed.put(n, names.get(longer.getFirst()));
            }
        }
        if (renamed.isEmpty()) {
            return triples;
        }
        ClaimSet merged = new ClaimSet();
        for (Triple t : triples) {
            String source = renamed.getOrDefault(t.getSource().toLowerCase(Locale.ROOT), t.getSource());
            String target = renamed.getOrDefault(t.getTarget().toLowerCase(Locale.ROOT), t.getTarget());
            if (source.equalsIgnoreCase(target)) {
                continue; // a concept does not cause itself
            }
            merged.add(List.of(source.toLowerCase(Locale.ROOT), target.toLowerCase(Locale.ROOT), t.getDirection()),
                    source, target, t.getDirection(), t.getEvidence(), t.getConfidence());
        }
        return merged.triples();
    }

    /**
     * Whether the longer name is written in the text before the short one is first written on its own (not as the
     * tail of one of the longer names).
     */
    private static boolean writtenBefore(String text, String longer, String shorter, List<String> longerNames) {
        int first = text.indexOf(longer);
        if (first < 0) {
            return false;
        }
        for (int at = text.indexOf(shorter); at >= 0; at = text.indexOf(shorter, at + 1)) {
            int here = at;
            boolean tail = longerNames.stream().anyMatch(l -> here >= l.length() - shorter.length()
                    && text.startsWith(l, here - (l.length() - shorter.length())));
            boolean word = (at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1)))
                    && (at + shorter.length() == text.length()
                        || !Character.isLetterOrDigit(text.charAt(at + shorter.length())));
            if (word && !tail) {
                return first < at;
            }
        }
        return false;
    }
}
