package io.causalstream.research.extraction.tune;

import io.causalstream.extractor.backend.model.TunedExtractorModel;
import java.util.Locale;

/** The model card {@code extractor-tune} writes beside the model: data, choices, per-epoch figures, size, sha256. */
final class TunedModelCard {

    static String of(String name, int train, long trainElo, int val, String realText, int aligned,
                     int unaligned, String annotated, int maxTokens, EncoderTuner.Options o,
                     EncoderTuner.Result<TunedExtractorModel> result,
                     TunedExtractorModel model, String sha, int bytes, int threads) {
        StringBuilder epochs = new StringBuilder();
        for (EncoderTuner.EpochReport e : result.epochs()) {
            epochs.append(String.format(Locale.ROOT, "| %d | %.4f | %.4f | %.0f | `%s` | %s |%n", e.epoch(),
                    e.pairLoss(), e.claimLoss(), e.seconds(), e.weights(), e.note()));
        }
        return String.format(Locale.ROOT, """
                # Model card: %s (the `model` extractor backend)

                **What it is.** The embedded extractor with a fine-tuned encoder. Candidate concepts are the noun-phrase
                chunks of each sentence (OpenNLP). Each sentence is read by all-MiniLM-L6-v2 (the fp32 ONNX
                export from Maven Central) whose top %d layers were trained with the heads; the tuned weights ship as
                fp16 differences (%d tensors, %d parameters) and are merged into the base graph's initializers when
                the model loads, so the service runs plain ONNX Runtime. A two-layer perceptron (%d hidden units)
                classifies every ordered pair of concepts as none / increase / decrease from [cause, effect, between,
                sentence, 5 scalars]; a claim detector (logistic, on the sentence mean) drops every triple of a
                sentence that asserts no causation; three BIO taggers (a linear layer over each word piece,
                constrained decoding) mark concept mentions, the cause and effect of a causal statement, and its
                signal. Thresholds: P(edge) >= %.2f, P(claim) >= %.2f.

                **Data.** Pairs: the soft-measures train split (%d passages; %d Elo passages dropped), each gold triple
                aligned to the candidate pair most similar to it (%d aligned, %d not). Annotated passages (`--passages`,
                the held-out set's format and annotation rules): %s. Real annotated text written outside the
                project: %s. Claims: the sentences with an aligned triple (causal), the annotated passages' sentences
                that assert nothing, and the Causal News Corpus subtask 1 train sentences outside the choice fold.
                Choices: the claim threshold on the CNC train choice fold (F1 of the causal class); the edge
                threshold on the soft-measures val split (%d passages; mean of micro METEOR-E@0.01 and
                ROUGE-E@0.45); the epoch by the mean of that val score, the SemEval choice fold's pair F1 and the CNC
                choice fold's cause/effect word F1. The CNC dev split (the benchmark), the SemEval report fold and
                the project's held-out realistic passages are never used for a choice.

                **Training.** `nice -n 19 deploy/causal-stream extractor-tune` (DJL PyTorch engine on CPU, %d
                thread(s)): seed %d, %d epochs, %d sentences a step, Adam, encoder rate %s (heads x%s) warming up over
                the first tenth then decaying linearly, %d sampled negatives per sentence, positive pairs weigh %s,
                claim loss weighs %s, each tagger's loss %s, %d word pieces per training sentence. Best epoch %d; %d
                steps taken, %d skipped (a loss or gradient not finite), %.0f s in all.
                Seeded and single-threaded: the trainer repeats bit for bit (EncoderTunerTest: two runs, one file); compare
                a run of one's own by the fingerprints below.
                Model: `%s.bin`, %d bytes, sha256 `%s`.

                | epoch | pair loss | claim loss | seconds | weights (sha256 of the fp32 values) | check |
                |---|---|---|---|---|---|
                %s
                Figures of the whole backend (the rules' fill included) come from `deploy/causal-stream evaluate`; see
                docs/extractor-model.md.
                """, name, o.tuneLayers(), model.delta().names().size(), model.delta().parameterCount(), o.hidden(),
                model.head().threshold(), model.claims().threshold(), train, trainElo, aligned, unaligned, annotated,
                realText, val, threads, o.seed(), o.epochs(), o.batchSize(), Float.toString(o.learningRate()),
                Float.toString(o.headRate()), o.negatives(), Float.toString(o.positiveWeight()),
                Float.toString(o.claimWeight()), Float.toString(o.tagWeight()), maxTokens, result.bestEpoch(),
                result.steps(), result.skipped(), result.seconds(), name, bytes, sha, epochs);
    }

    private TunedModelCard() {
    }
}
