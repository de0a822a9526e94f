package io.causalstream.research.extraction.train;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.research.study.Annotation;
import io.causalstream.research.study.SoftMeasuresData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The 20 passages of the soft-measures Elo study, the held-out comparison with the paper's fine-tuned LLMs. The
 * released splits hold them too (all 20 in train, some in val and test), sometimes cut into several sentences or
 * with other punctuation, or inside a longer passage, so a split passage counts as one of them when at least half
 * of its word 4-grams (after lower-casing and dropping accents and punctuation) occur in one Elo passage, or half
 * of an Elo passage's 4-grams occur in it, or, below four words, when its words are the same. The trainer drops them from every split it trains or chooses on.
 */
public final class EloPassages {

    /** Share of a passage's word 4-grams found in an Elo passage that makes it one. */
    static final double OVERLAP = 0.5;

    private final List<String> texts;
    private final List<Set<String>> grams;
    private final Set<String> shortKeys = new HashSet<>();

    public EloPassages(List<String> texts) {
        this.texts = List.copyOf(texts);
        this.grams = new ArrayList<>();
        for (String t : texts) {
            grams.add(grams(key(t)));
            shortKeys.add(key(t));
        }
    }

    /** The Elo passages as the annotation files give them ({@code _history_d468165/user_interface/assets}). */
    public static EloPassages load(Path softMeasuresRoot) {
        try {
            String file = SoftMeasuresData.FILES.keySet().iterator().next();
            List<Annotation> annotations = SoftMeasuresData.readAnnotations(new ObjectMapper(),
                    softMeasuresRoot.resolve(SoftMeasuresData.ASSETS).resolve(file), "any");
            return new EloPassages(annotations.stream().map(Annotation::text).toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Elo passages under " + softMeasuresRoot, e);
        }
    }

    public List<String> texts() {
        return texts;
    }

    /** Whether a split passage is (a part of) one of the Elo passages. */
    public boolean contains(String passage) {
        String key = key(passage);
        Set<String> g = grams(key);
        if (g.isEmpty()) {
            return shortKeys.contains(key);
        }
        for (Set<String> elo : grams) {
            long shared = g.stream().filter(elo::contains).count();
            if (shared >= OVERLAP * g.size() || (!elo.isEmpty() && shared >= OVERLAP * elo.size())) {
                return true;
            }
        }
        return false;
    }

    /** The passages that are none of the Elo passages, in order. */
    public List<GoldPassage> without(List<GoldPassage> passages) {
        return passages.stream().filter(p -> !contains(p.text())).toList();
    }

    /** How many of the passages are Elo passages. */
    public long countIn(List<GoldPassage> passages) {
        return passages.stream().filter(p -> contains(p.text())).count();
    }

    static String key(String text) {
        String folded = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT);
        return folded.replaceAll("[^a-z0-9]+", " ").strip();
    }

    private static Set<String> grams(String key) {
        String[] w = key.isEmpty() ? new String[0] : key.split(" ");
        Set<String> out = new HashSet<>();
        for (int i = 0; i + 4 <= w.length; i++) {
            out.add(w[i] + " " + w[i + 1] + " " + w[i + 2] + " " + w[i + 3]);
        }
        return out;
    }
}
