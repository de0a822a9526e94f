package io.causalstream.research.extraction.tune;

import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.schemas.graph.Triple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The concept mentions a sentence of an annotated passage teaches the concept tagger with {@code --concept-tags
 * gold}: every gold label of the passage where the sentence names it as written (whole words, any case, the
 * longest label first where two overlap), then the candidate chunks aligned to a gold triple that no such label
 * overlaps. The annotated gold names bare concepts ("interest rates" of "lower interest rates"), so the tagger
 * learns the annotation's extent rather than the chunker's.
 */
final class GoldMentions {

    private GoldMentions() {
    }

    static List<ConceptSpan> in(String sentence, List<Triple> gold, List<ConceptSpan> aligned) {
        List<String> labels = new ArrayList<>();
        for (Triple t : gold) {
            for (String label : List.of(t.getSource(), t.getTarget())) {
                String l = label.strip().toLowerCase(Locale.ROOT);
                if (!l.isEmpty() && !labels.contains(l)) {
                    labels.add(l);
                }
            }
        }
        labels.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        String lower = sentence.toLowerCase(Locale.ROOT);
        List<ConceptSpan> out = new ArrayList<>();
        for (String label : labels) {
            Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(label).replace(" ", "\\E\\s+\\Q")
                    + "(?![\\p{L}\\p{N}])").matcher(lower);
            while (m.find()) {
                ConceptSpan found = RealTextSets.span(sentence, new io.causalstream.research.benchmark.CharSpan(
                        m.start(), m.end()));
                if (out.stream().noneMatch(found::overlaps)) {
                    out.add(found);
                }
            }
        }
        for (ConceptSpan c : aligned) {
            if (out.stream().noneMatch(c::overlaps)) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparingInt(ConceptSpan::start));
        return out;
    }
}
