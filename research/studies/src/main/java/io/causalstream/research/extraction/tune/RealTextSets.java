package io.causalstream.research.extraction.tune;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.extractor.backend.model.ConceptSpan;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.SpanTagger;
import io.causalstream.extractor.backend.model.WordTagging;
import io.causalstream.research.benchmark.BenchmarkFolds;
import io.causalstream.research.benchmark.CausalNewsSpans;
import io.causalstream.research.benchmark.CharSpan;
import io.causalstream.research.benchmark.SemEvalPairs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The real annotated text the extractor is tuned on, written outside this project, and the folds its choices are
 * made on:
 * <ul>
 *   <li>the Causal News Corpus V2 train files: subtask 1's causal / not-causal sentences teach the claim detector;
 *       subtask 2's cause, effect and signal spans (the sentence's first relation) teach the argument and signal
 *       taggers, on the corpus' own words ({@link WordTagging#text});</li>
 *   <li>SemEval-2010 Task 8's train file: the two marked nominals of each sentence as a pair of concepts, causal
 *       (either sign: the data gives none) in the annotated direction for Cause-Effect, none both ways for every other
 *       relation — the negatives of concepts that stand together with nothing causal between them; the nominals of
 *       a Cause-Effect sentence also teach the concept tagger.</li>
 * </ul>
 * Fold {@link BenchmarkFolds#CHOICE_FOLD} of each file is kept out of training for the epoch's choices, fold
 * {@link BenchmarkFolds#REPORT_FOLD} of SemEval for the figures no choice may see; the CNC dev split is the
 * benchmark and is read by neither.
 */
final class RealTextSets {

    /** The held-out folds the choices are made on. */
    record Choice(List<CausalNewsSpans.Labelled> claims, List<CausalNewsSpans.Sentence> spans,
                  List<SemEvalPairs.Pair> pairs) {
    }

    private final List<TuningSentence> training;
    private final Choice choice;
    private final String summary;

    private RealTextSets(List<TuningSentence> training, Choice choice, String summary) {
        this.training = training;
        this.choice = choice;
        this.summary = summary;
    }

    List<TuningSentence> training() {
        return training;
    }

    Choice choice() {
        return choice;
    }

    String summary() {
        return summary;
    }

    /**
     * @param news     the CNC V2 folder (train_subtask1.csv, train_subtask2.csv), or null for none
     * @param semeval  the SemEval-2010 Task 8 TRAIN_FILE.TXT, or null for none
     * @param newsUsed the first N subtask-1 train sentences used (0: none)
     * @param allRelations the taggers learn every relation of a sentence ({@link #allArguments}), not its first
     */
    static RealTextSets read(Path news, Path semeval, int newsUsed, HuggingFaceTokenizer tokenizer,
                             boolean allRelations) {
        List<TuningSentence> out = new ArrayList<>();
        List<CausalNewsSpans.Labelled> choiceClaims = new ArrayList<>();
        List<CausalNewsSpans.Sentence> choiceSpans = new ArrayList<>();
        List<SemEvalPairs.Pair> choicePairs = new ArrayList<>();
        int tagged = 0;
        int claims = 0;
        if (news != null && newsUsed > 0) {
            Map<String, CausalNewsSpans.Sentence> spans = new HashMap<>();
            for (CausalNewsSpans.Sentence s : CausalNewsSpans.readSpans(news.resolve("train_subtask2.csv"))) {
                spans.putIfAbsent(s.text(), s);
            }
            List<CausalNewsSpans.Labelled> labelled = CausalNewsSpans.readLabels(news.resolve("train_subtask1.csv"));
            for (CausalNewsSpans.Labelled l : labelled.subList(0, Math.min(newsUsed, labelled.size()))) {
                CausalNewsSpans.Sentence s = spans.get(l.text());
                if (l.fold() == BenchmarkFolds.CHOICE_FOLD) {
                    choiceClaims.add(l);
                    if (s != null) {
                        choiceSpans.add(s);
                    }
                } else if (s != null && !s.relations().isEmpty()) {
                    out.add(argumentsAndSignals(tokenizer, s, l.causal() ? 1 : 0, allRelations));
                    tagged++;
                } else {
                    out.add(ExtractorTuneCli.tokenised(tokenizer, CausalNewsSentences.detokenised(l.text()),
                            List.of(), null, l.causal() ? 1 : 0));
                    claims++;
                }
            }
        }
        int pairs = 0;
        int causal = 0;
        if (semeval != null) {
            for (SemEvalPairs.Pair p : SemEvalPairs.read(semeval)) {
                if (p.fold() == BenchmarkFolds.CHOICE_FOLD) {
                    choicePairs.add(p);
                } else if (p.fold() != BenchmarkFolds.REPORT_FOLD) {
                    out.add(nominals(tokenizer, p));
                    pairs++;
                    causal += p.causeEffect() ? 1 : 0;
                }
            }
        }
        String summary = String.format(java.util.Locale.ROOT, "Causal News Corpus train: %d sentences with cause, "
                        + "effect and signal spans, %d more with a claim label only, %d (fold %d) kept for choices; "
                        + "SemEval-2010 Task 8 train: %d nominal pairs (%d Cause-Effect), folds %d and %d kept out",
                tagged, claims, choiceClaims.size(), BenchmarkFolds.CHOICE_FOLD, pairs, causal,
                BenchmarkFolds.CHOICE_FOLD, BenchmarkFolds.REPORT_FOLD);
        return new RealTextSets(out, new Choice(choiceClaims, choiceSpans, choicePairs), summary);
    }

    /**
     * A CNC sentence on its own words, the arguments and signals of its first relation or of all its relations as
     * piece tags (with all, no relation's words are taught as outside, as the reader pairs every relation tagged).
     */
    static TuningSentence argumentsAndSignals(HuggingFaceTokenizer tokenizer, CausalNewsSpans.Sentence s, int claim,
                                              boolean allRelations) {
        List<String> words = s.words().stream().map(w -> w.of(s.text())).toList();
        String text = WordTagging.text(words);
        Encoding e = tokenizer.encode(text);
        int[] starts = SentenceFeatures.characterStarts(text, e.getTokens(), DjlTokenEncoder.special(e));
        int[][] characters = WordTagging.wordCharacters(words);
        int[][] tags = new int[SpanTagger.KINDS.size()][];
        List<CausalNewsSpans.Relation> taught = allRelations ? s.relations() : List.of(s.relations().getFirst());
        tags[SpanTagger.ARGUMENTS] = pieceTags(starts, characters, arguments(s, taught));
        tags[SpanTagger.SIGNALS] = pieceTags(starts, characters, unionTags(taught.stream().map(s::signalTags).toList()));
        return new TuningSentence(text, e.getIds(), starts, List.of(), null, claim, tags);
    }

    /** The cause and effect word tags of every relation of a sentence, as one row ({@link #unionTags}). */
    static List<String> allArguments(CausalNewsSpans.Sentence s) {
        return arguments(s, s.relations());
    }

    /** The cause and effect word tags of some relations of a sentence, as one row. */
    static List<String> arguments(CausalNewsSpans.Sentence s, List<CausalNewsSpans.Relation> relations) {
        return unionTags(relations.stream().map(s::argumentTags).toList());
    }

    /**
     * Several rows of word tags as one: a word takes the tag of the first row that tags it; an I tag whose word
     * follows a word of another kind or row begins a span (B), so each span keeps its own boundary. One row is
     * returned as it is.
     */
    static List<String> unionTags(List<List<String>> rows) {
        if (rows.size() == 1) {
            return rows.getFirst();
        }
        int n = rows.getFirst().size();
        List<String> out = new ArrayList<>(n);
        int previousRow = -1;
        for (int k = 0; k < n; k++) {
            int row = -1;
            for (int r = 0; r < rows.size() && row < 0; r++) {
                row = rows.get(r).get(k).equals("O") ? -1 : r;
            }
            if (row < 0) {
                out.add("O");
            } else {
                String tag = rows.get(row).get(k);
                boolean continues = row == previousRow && !out.getLast().equals("O")
                        && out.getLast().substring(2).equals(tag.substring(2));
                out.add(tag.startsWith("I") && !continues ? "B" + tag.substring(1) : tag);
            }
            previousRow = row;
        }
        return out;
    }

    /**
     * Word tags ("B-C", "I-E", "O", ...: the letter after the dash names the kind, in {@link SpanTagger#KINDS}'
     * order C, E or S) as piece tags: a word's first piece takes its tag, its later pieces the I tag of its kind;
     * special pieces and pieces outside every word learn nothing (-1).
     */
    static int[] pieceTags(int[] pieceStarts, int[][] words, List<String> wordTags) {
        int[] out = new int[pieceStarts.length];
        java.util.Arrays.fill(out, -1);
        for (int k = 0; k < words.length; k++) {
            String tag = wordTags.get(k);
            boolean first = true;
            for (int p = 0; p < pieceStarts.length; p++) {
                if (pieceStarts[p] < words[k][0] || pieceStarts[p] >= words[k][1]) {
                    continue;
                }
                if (tag.equals("O")) {
                    out[p] = 0;
                } else {
                    int kind = switch (tag.substring(2)) {
                        case "C", "S" -> 0;
                        case "E" -> 1;
                        default -> throw new IllegalArgumentException("unknown tag " + tag);
                    };
                    out[p] = SpanTagger.tag(kind, first && tag.startsWith("B"));
                }
                first = false;
            }
        }
        return out;
    }

    /** A SemEval sentence: its two nominals as the only concepts, labelled in both orders. */
    static TuningSentence nominals(HuggingFaceTokenizer tokenizer, SemEvalPairs.Pair p) {
        List<ConceptSpan> spans = List.of(span(p.text(), p.e1()), span(p.text(), p.e2()));
        int[][] labels = {{-1, 0}, {0, -1}};
        if (p.causeEffect()) {
            labels[p.forward() ? 0 : 1][p.forward() ? 1 : 0] = TuningSentence.CAUSAL;
        }
        TuningSentence t = ExtractorTuneCli.tokenised(tokenizer, p.text(), spans, labels, -1);
        int[][] tags = new int[SpanTagger.KINDS.size()][];
        tags[SpanTagger.CONCEPTS] = conceptTags(t.pieceStarts(), p.causeEffect() ? spans : List.of());
        return t.withTags(tags);
    }

    /** Concept tags: the pieces inside a span B (its first) and I, every other piece O, special pieces -1. */
    static int[] conceptTags(int[] pieceStarts, List<ConceptSpan> concepts) {
        int[] out = new int[pieceStarts.length];
        for (int p = 0; p < pieceStarts.length; p++) {
            out[p] = pieceStarts[p] < 0 ? -1 : 0;
        }
        for (ConceptSpan c : concepts) {
            boolean first = true;
            for (int p = 0; p < pieceStarts.length; p++) {
                if (pieceStarts[p] >= c.start() && pieceStarts[p] < c.end()) {
                    out[p] = SpanTagger.tag(0, first);
                    first = false;
                }
            }
        }
        return out;
    }

    /** A character span of a sentence as a concept, its tokens counted as whitespace-separated words. */
    static ConceptSpan span(String text, CharSpan c) {
        List<CharSpan> words = CausalNewsSpans.words(text);
        int from = word(words, c.start());
        int to = Math.max(from, word(words, Math.max(c.start(), c.end() - 1)));
        return new ConceptSpan(from, to, c.start(), c.end(), c.of(text));
    }

    /** The index of the word that holds character {@code at} (the last word starting at or before it). */
    private static int word(List<CharSpan> words, int at) {
        int n = 0;
        while (n + 1 < words.size() && words.get(n + 1).start() <= at) {
            n++;
        }
        return n;
    }
}
