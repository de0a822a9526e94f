package io.causalstream.research.benchmark;

import io.causalstream.text.files.Csv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Causal News Corpus V2 (Tan et al., CASE 2023; CC0) as spans. Subtask 2 ({@code *_subtask2.csv}: one row per
 * relation, {@code text_w_pairs} marking {@code <ARG0>} cause, {@code <ARG1>} effect and {@code <SIG0>},
 * {@code <SIG1>}... signals inline, tags possibly nested as in {@code <ARG1><SIG0>created</SIG0> panic</ARG1>}) is
 * read into one {@link Sentence} per (corpus, doc_id, sent_id) with its relations, each span as character offsets into
 * the plain {@code text} (the marked text with its tags removed is exactly {@code text}; a row where it is not fails).
 * Subtask 1 ({@code *_subtask1.csv}: index, text, label) is read into {@link Labelled} sentences.
 *
 * <p>The corpus is tokenised, words separated by one space; a few tags sit inside a word ({@code p.m.</ARG0>,}), so
 * the character offsets are exact and the word tags ({@link Sentence#argumentTags}) round them to whole words.
 *
 * <p>Folds: {@link BenchmarkFolds#fold} of the document id, so a document's sentences stay together; fold
 * {@link BenchmarkFolds#CHOICE_FOLD} of the train files is where choices are made. The dev split is the benchmark and
 * is never folded nor chosen on.
 */
public final class CausalNewsSpans {

    /** One annotated cause → effect relation of a sentence; signals (cue words) may be none or several. */
    public record Relation(CharSpan cause, CharSpan effect, List<CharSpan> signals) {

        public Relation {
            signals = List.copyOf(signals);
        }
    }

    /** One sentence with all its annotated relations, in the file's order (eg_id). */
    public record Sentence(String corpus, String docId, int sentId, String text, List<Relation> relations) {

        public Sentence {
            relations = List.copyOf(relations);
        }

        /** The whitespace-separated words of {@link #text}, as the corpus tokenised them. */
        public List<CharSpan> words() {
            return CausalNewsSpans.words(text);
        }

        /** B-C / I-C (cause), B-E / I-E (effect) or O for each word of {@link #words()}. */
        public List<String> argumentTags(Relation relation) {
            return tags(words(), List.of(relation.cause(), relation.effect()), List.of("C", "E"));
        }

        /** B-S / I-S (a signal) or O for each word; adjacent signals stay separate spans (each starts with B). */
        public List<String> signalTags(Relation relation) {
            List<String> labels = relation.signals().stream().map(s -> "S").toList();
            return tags(words(), relation.signals(), labels);
        }

        public int fold() {
            return BenchmarkFolds.fold(docId);
        }
    }

    /** A subtask-1 sentence: causal or not. {@code docId}/{@code sentId} come from the index ({@code doc_sent}). */
    public record Labelled(String index, String docId, int sentId, String text, boolean causal) {

        public int fold() {
            return BenchmarkFolds.fold(docId);
        }
    }

    /** A marked text read back: the plain text and the relation its tags mark. */
    public record Marked(String text, Relation relation) {
    }

    private static final Pattern TAG = Pattern.compile("<(/?)(ARG0|ARG1|SIG\\d+)>");

    /** Subtask 2: sentences with their relations, in the order each sentence first appears. */
    public static List<Sentence> readSpans(Path csv) {
        Map<String, List<Relation>> relations = new LinkedHashMap<>();
        Map<String, Map<String, String>> first = new HashMap<>();
        for (Map<String, String> row : rows(csv)) {
            String key = row.get("corpus") + "\u0000" + row.get("doc_id") + "\u0000" + row.get("sent_id");
            Marked marked = parse(row.get("text_w_pairs"));
            if (!marked.text().equals(row.get("text"))) {
                throw new IllegalArgumentException(csv + " " + row.get("index") + ": the marked text without its "
                        + "tags is not the text column");
            }
            first.putIfAbsent(key, row);
            if (!first.get(key).get("text").equals(row.get("text"))) {
                throw new IllegalArgumentException(csv + " " + row.get("index") + ": two texts for one sentence");
            }
            relations.computeIfAbsent(key, k -> new ArrayList<>()).add(marked.relation());
        }
        List<Sentence> out = new ArrayList<>();
        relations.forEach((key, rs) -> {
            Map<String, String> row = first.get(key);
            out.add(new Sentence(row.get("corpus"), row.get("doc_id"), Integer.parseInt(row.get("sent_id").strip()),
                    row.get("text"), rs));
        });
        return out;
    }

    /** Subtask 1: every labelled sentence, in file order. */
    public static List<Labelled> readLabels(Path csv) {
        List<Labelled> out = new ArrayList<>();
        for (Map<String, String> row : rows(csv)) {
            String index = row.get("index").strip();
            String label = row.getOrDefault("label", "").strip();
            if (!label.equals("0") && !label.equals("1")) {
                throw new IllegalArgumentException(csv + " " + index + ": label '" + label + "' is neither 0 nor 1");
            }
            int cut = index.lastIndexOf('_');
            out.add(new Labelled(index, index.substring(0, cut), Integer.parseInt(index.substring(cut + 1)),
                    row.get("text"), label.equals("1")));
        }
        return out;
    }

    /**
     * One marked text: its tags removed, the cause ({@code ARG0}), effect ({@code ARG1}) and signal ({@code SIGn})
     * spans as offsets into what remains. Exactly one cause and one effect; each tag closed after it opens.
     */
    public static Marked parse(String marked) {
        StringBuilder plain = new StringBuilder();
        Map<String, Integer> open = new HashMap<>();
        Map<String, CharSpan> closed = new HashMap<>();
        Matcher m = TAG.matcher(marked);
        int at = 0;
        while (m.find()) {
            plain.append(marked, at, m.start());
            at = m.end();
            String name = m.group(2);
            if (m.group(1).isEmpty()) {
                if (open.containsKey(name) || closed.containsKey(name)) {
                    throw new IllegalArgumentException("<" + name + "> opened twice in: " + marked);
                }
                open.put(name, plain.length());
            } else {
                Integer start = open.remove(name);
                if (start == null) {
                    throw new IllegalArgumentException("</" + name + "> closes nothing in: " + marked);
                }
                closed.put(name, new CharSpan(start, plain.length()));
            }
        }
        plain.append(marked, at, marked.length());
        if (!open.isEmpty() || !closed.containsKey("ARG0") || !closed.containsKey("ARG1")) {
            throw new IllegalArgumentException("not one closed <ARG0> and one <ARG1> in: " + marked);
        }
        List<CharSpan> signals = closed.entrySet().stream().filter(e -> e.getKey().startsWith("SIG"))
                .map(Map.Entry::getValue).sorted(Comparator.comparingInt(CharSpan::start)).toList();
        return new Marked(plain.toString(), new Relation(closed.get("ARG0"), closed.get("ARG1"), signals));
    }

    /** Runs of non-space characters: the corpus's words. */
    public static List<CharSpan> words(String text) {
        List<CharSpan> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(new CharSpan(start, i));
            }
        }
        return out;
    }

    /**
     * BIO tags of spans over words: a word takes the label of the span it shares most characters with (the earlier
     * span on a tie), so a word split by a tag ({@code Bijapur—</ARG0><ARG1>killing}) goes to one span, not both. A
     * span's first word is B, its later words I.
     */
    static List<String> tags(List<CharSpan> words, List<CharSpan> spans, List<String> labels) {
        List<String> out = new ArrayList<>(words.size());
        int previous = -1;
        for (CharSpan word : words) {
            int best = -1;
            int most = 0;
            for (int s = 0; s < spans.size(); s++) {
                int shared = word.overlap(spans.get(s));
                if (shared > most) {
                    most = shared;
                    best = s;
                }
            }
            out.add(best < 0 ? "O" : (best == previous ? "I-" : "B-") + labels.get(best));
            previous = best;
        }
        return out;
    }

    private static List<Map<String, String>> rows(Path csv) {
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return Csv.maps(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
    }

    private CausalNewsSpans() {
    }
}
