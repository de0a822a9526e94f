package io.causalstream.encoder.tune;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import io.causalstream.encoder.onnx.TestModels;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Texts tokenized by the bundled MiniLM tokenizer as {@code DjlTokenEncoder} tokenizes them (special tokens added),
 * padded to the longest: the three int64 inputs of a BERT encoder.
 */
record TokenBatch(long[][] ids, long[][] mask, long[][] types, int[] lengths) {

    static TokenBatch of(List<String> texts) {
        try (InputStream in = TokenBatch.class.getClassLoader()
                .getResourceAsStream(TestModels.MINILM_TOKENIZER_RESOURCE);
             HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of(
                     "addSpecialTokens", "true", "padding", "false", "truncation", "true", "maxLength", "256"))) {
            Encoding[] encodings = new Encoding[texts.size()];
            int width = 0;
            for (int i = 0; i < encodings.length; i++) {
                encodings[i] = tokenizer.encode(texts.get(i));
                width = Math.max(width, encodings[i].getIds().length);
            }
            long[][] ids = new long[texts.size()][width];
            long[][] mask = new long[texts.size()][width];
            long[][] types = new long[texts.size()][width];
            int[] lengths = new int[texts.size()];
            for (int i = 0; i < encodings.length; i++) {
                int n = encodings[i].getIds().length;
                lengths[i] = n;
                System.arraycopy(encodings[i].getIds(), 0, ids[i], 0, n);
                System.arraycopy(encodings[i].getTypeIds(), 0, types[i], 0, n);
                java.util.Arrays.fill(mask[i], 0, n, 1L);
            }
            return new TokenBatch(ids, mask, types, lengths);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int size() {
        return ids.length;
    }

    int width() {
        return ids[0].length;
    }

    Shape shape() {
        return new Shape(size(), width());
    }

    /** input_ids, attention_mask, token_type_ids on that manager. */
    NDList toNDList(NDManager manager) {
        return new NDList(manager.create(ids), manager.create(mask), manager.create(types));
    }
}
