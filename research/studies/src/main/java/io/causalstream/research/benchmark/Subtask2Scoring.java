package io.causalstream.research.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causalstream.research.benchmark.CausalNewsSpans.Relation;
import io.causalstream.text.files.Csv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Causal News Corpus subtask-2 scoring (cause, effect and signal spans), as the organisers' scorer computes it
 * ({@code evaluation/subtask2/} of tanfiona/CausalNewsCorpus @ 4796c7e), re-implemented here:
 * <ul>
 *   <li>only sentences with at least one gold relation count; a sentence's predictions are cut to its number of gold
 *       relations, or padded with empty predictions (every word O);</li>
 *   <li>each marked text becomes two tag sequences over its space-separated words: cause/effect (B-C, I-C, B-E, I-E)
 *       and signals (B-S, I-S), read the organisers' way ({@link #officialTags}: a word that opens an argument and
 *       also closes it leaves the argument open up to the next word carrying an argument tag, as theirs does);</li>
 *   <li>each pair of sequences is scored with {@link FairEval}, and the counts summed;</li>
 *   <li>in a sentence with several relations, predictions are assigned to gold relations by the permutation whose
 *       fair F1 over that sentence is highest (the first such in permutation order);</li>
 *   <li>two blocks are reported: all sentences, and those with several relations only.</li>
 * </ul>
 */
public final class Subtask2Scoring {

    /** One evaluated sentence: its text and its gold relations as marked texts ({@code text_w_pairs}). */
    public record Truth(String text, List<String> relations) {

        public Truth {
            relations = List.copyOf(relations);
        }
    }

    /** Fair scores overall and per span type. */
    public record Block(FairEval.Scores overall, FairEval.Scores cause, FairEval.Scores effect,
                        FairEval.Scores signal) {

        static Block of(FairEval.Counts c) {
            return new Block(c.overall(), c.label("C"), c.label("E"), c.label("S"));
        }
    }

    /** The scorer's two blocks; {@code sentences} and {@code relations} counted, for the reader. */
    public record Report(Block all, Block multi, int sentences, int relations, int multiSentences) {

        /** As the organisers' {@code scores.txt} prints it. */
        public String format() {
            StringBuilder out = new StringBuilder("### All Examples\n");
            lines(out, all);
            out.append("\n### Examples with Multiple Relations\n");
            lines(out, multi);
            return out.toString();
        }

        private static void lines(StringBuilder out, Block b) {
            Map<String, FairEval.Scores> rows = new LinkedHashMap<>();
            rows.put("", b.overall());
            rows.put("Cause_", b.cause());
            rows.put("Effect_", b.effect());
            rows.put("Signal_", b.signal());
            rows.forEach((name, s) -> out.append(name).append("Recall:").append(s.recall()).append('\n')
                    .append(name).append("Precision:").append(s.precision()).append('\n')
                    .append(name).append("F1:").append(s.f1()).append('\n'));
        }
    }

    /** A marked text as the organisers' scorer reads it: words, cause/effect tags, signal tags. */
    public record Tagged(List<String> words, List<String> arguments, List<String> signals) {
    }

    /**
     * Scores predictions (one list of marked texts per truth sentence, in the same order) against the truth.
     * Every prediction must have the same words as its sentence.
     */
    public static Report score(List<Truth> truth, List<List<String>> predictions) {
        if (truth.size() != predictions.size()) {
            throw new IllegalArgumentException(predictions.size() + " predictions for " + truth.size()
                    + " sentences");
        }
        FairEval.Counts all = new FairEval.Counts();
        FairEval.Counts multi = new FairEval.Counts();
        int sentences = 0;
        int relations = 0;
        int multiSentences = 0;
        for (int k = 0; k < truth.size(); k++) {
            Truth t = truth.get(k);
            int n = t.relations().size();
            if (n == 0) {
                continue;
            }
            sentences++;
            relations += n;
            List<String> p = new ArrayList<>(predictions.get(k).subList(0, Math.min(n, predictions.get(k).size())));
            while (p.size() < n) {
                p.add(t.text());
            }
            List<Tagged> gold = t.relations().stream().map(Subtask2Scoring::officialTags).toList();
            List<Tagged> predicted = p.stream().map(Subtask2Scoring::officialTags).toList();
            for (Tagged x : predicted) {
                if (x.words().size() != gold.get(0).words().size()) {
                    throw new IllegalArgumentException("sentence " + k + ": a prediction has " + x.words().size()
                            + " words, the sentence " + gold.get(0).words().size() + ": " + x.words());
                }
            }
            if (n == 1) {
                all.add(pair(gold.get(0), predicted.get(0)));
                continue;
            }
            multiSentences++;
            FairEval.Counts best = null;
            double bestF1 = -1;
            for (int[] perm : permutations(n)) {
                // the reference pairs gold perm[i] with prediction i
                FairEval.Counts c = new FairEval.Counts();
                for (int i = 0; i < n; i++) {
                    c.add(pair(gold.get(perm[i]), predicted.get(i)));
                }
                if (c.overall().f1() > bestF1) {
                    bestF1 = c.overall().f1();
                    best = c;
                }
            }
            all.add(best);
            multi.add(best);
        }
        return new Report(Block.of(all), Block.of(multi), sentences, relations, multiSentences);
    }

    private static FairEval.Counts pair(Tagged gold, Tagged predicted) {
        return FairEval.compare(gold.arguments(), predicted.arguments())
                .add(FairEval.compare(gold.signals(), predicted.signals()));
    }

    /** All orderings of 0..n-1, in lexicographic order (itertools.permutations' order). */
    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] current, boolean[] used, int depth, List<int[]> out) {
        if (depth == current.length) {
            out.add(current.clone());
            return;
        }
        for (int i = 0; i < current.length; i++) {
            if (!used[i]) {
                used[i] = true;
                current[depth] = i;
                permute(current, used, depth + 1, out);
                used[i] = false;
            }
        }
    }

    /**
     * The organisers' reading of a marked text: words split on single spaces; a word holding {@code <ARG0>} is B-C
     * and the words after it I-C up to and including the one holding {@code </ARG0>} (the same for ARG1 and E); the
     * tests run in the order ARG0 open, ARG0 close, ARG1 open, ARG1 close, so a word holding two of them takes the
     * first. Signals are read the same way from {@code <SIGn>}/{@code </SIGn>}, except that a one-word signal is
     * closed at once.
     */
    public static Tagged officialTags(String marked) {
        String[] tokens = marked.split(" ", -1);
        List<String> words = new ArrayList<>(tokens.length);
        List<String> arguments = new ArrayList<>(tokens.length);
        List<String> signals = new ArrayList<>(tokens.length);
        String tag = "O";
        String next = "O";
        String sig = "O";
        String nextSig = "O";
        for (String tok : tokens) {
            if (tok.contains("<ARG0>")) {
                tag = "B-C";
                next = "I-C";
            } else if (tok.contains("</ARG0>")) {
                tag = "I-C";
                next = "O";
            } else if (tok.contains("<ARG1>")) {
                tag = "B-E";
                next = "I-E";
            } else if (tok.contains("</ARG1>")) {
                tag = "I-E";
                next = "O";
            }
            arguments.add(tag);
            tag = next;

            String opened = tok.replaceAll("<SIG([A-Z]|\\d)*>", "");
            if (tok.contains("<SIG")) {
                sig = "B-S";
                nextSig = opened.contains("</SIG") ? "O" : "I-S";
            } else if (tok.contains("</SIG")) {
                sig = "I-S";
                nextSig = "O";
            }
            signals.add(sig);
            sig = nextSig;
            words.add(tok.replaceAll("</*[A-Z]+\\d*>", ""));
        }
        return new Tagged(words, arguments, signals);
    }

    /**
     * A relation written as the organisers' marked text: tags inserted at its character offsets into {@code text}.
     * At one offset, closing tags come before opening ones, a longer span opens before a shorter one, and arguments
     * before signals (the nesting the corpus writes, {@code <ARG1><SIG0>created</SIG0> ...}).
     */
    public static String mark(String text, Relation relation) {
        record Tag(int at, boolean open, int length, int order, String name) {
        }
        List<Tag> tags = new ArrayList<>();
        List<CharSpan> spans = new ArrayList<>(List.of(relation.cause(), relation.effect()));
        spans.addAll(relation.signals());
        for (int i = 0; i < spans.size(); i++) {
            String name = i == 0 ? "ARG0" : i == 1 ? "ARG1" : "SIG" + (i - 2);
            CharSpan s = spans.get(i);
            tags.add(new Tag(s.start(), true, s.length(), i, name));
            tags.add(new Tag(s.end(), false, s.length(), i, name));
        }
        tags.sort(Comparator.comparingInt(Tag::at).thenComparing(t -> t.open() ? 1 : 0)
                .thenComparing(t -> t.open() ? -t.length() : t.length()).thenComparingInt(t -> t.open()
                        ? t.order() : -t.order()));
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (Tag t : tags) {
            out.append(text, at, t.at()).append(t.open() ? "<" : "</").append(t.name()).append('>');
            at = t.at();
        }
        return out.append(text.substring(at)).toString();
    }

    /**
     * The truth of a subtask-2 file: the grouped format ({@code causal_text_w_pairs}, a Python list of marked texts,
     * one row a sentence, as the organisers' {@code truth.csv}) or the released one ({@code text_w_pairs}, one row a
     * relation, grouped by corpus, doc_id and sent_id in file order).
     */
    public static List<Truth> readTruth(Path csv) {
        return readTruth(csv, doc -> true);
    }

    /** The same, keeping the rows whose {@code doc_id} passes {@code documents} (a fold of a train file). */
    public static List<Truth> readTruth(Path csv, java.util.function.Predicate<String> documents) {
        List<Map<String, String>> rows;
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            rows = Csv.maps(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
        if (!rows.isEmpty() && rows.get(0).containsKey("causal_text_w_pairs")) {
            return rows.stream().map(r -> new Truth(r.get("text"), pythonStrings(r.get("causal_text_w_pairs"))))
                    .toList();
        }
        // the marked texts as written, not re-rendered from offsets: the scorer reads tags word by word
        Map<String, List<String>> marked = new LinkedHashMap<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            if (!documents.test(r.get("doc_id"))) {
                continue;
            }
            String key = r.get("corpus") + "\u0000" + r.get("doc_id") + "\u0000" + r.get("sent_id");
            texts.putIfAbsent(key, r.get("text"));
            marked.computeIfAbsent(key, x -> new ArrayList<>()).add(r.get("text_w_pairs"));
        }
        return marked.entrySet().stream().map(e -> new Truth(texts.get(e.getKey()), e.getValue())).toList();
    }

    /** A submission file: one JSON object a line, {@code {"index": i, "prediction": ["marked text", ...]}}. */
    public static List<List<String>> readSubmission(Path jsonLines) {
        ObjectMapper json = new ObjectMapper();
        List<List<String>> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(jsonLines, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                List<String> p = new ArrayList<>();
                JsonNode node = json.readTree(line).get("prediction");
                node.forEach(x -> p.add(x.asText()));
                out.add(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jsonLines, e);
        }
        return out;
    }

    /** A Python list of string literals ({@code ['a', "b's"]}), as pandas writes a list column. */
    static List<String> pythonStrings(String literal) {
        List<String> out = new ArrayList<>();
        String s = literal.strip();
        if (!s.startsWith("[") || !s.endsWith("]")) {
            throw new IllegalArgumentException("not a Python list: " + literal);
        }
        int i = 1;
        while (i < s.length() - 1) {
            char c = s.charAt(i);
            if (c == ' ' || c == ',') {
                i++;
                continue;
            }
            if (c != '\'' && c != '"') {
                throw new IllegalArgumentException("not a list of strings: " + literal);
            }
            StringBuilder b = new StringBuilder();
            i++;
            while (s.charAt(i) != c) {
                char d = s.charAt(i);
                if (d == '\\') {
                    char e = s.charAt(++i);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'x' -> {
                            b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                            i += 2;
                        }
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(d);
                }
                i++;
            }
            out.add(b.toString());
            i++;
        }
        return out;
    }

    private Subtask2Scoring() {
    }
}
