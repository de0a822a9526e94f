package io.causalstream.research.benchmark;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The one fold rule of the public benchmarks' training files: a key (a CNC document id, a SemEval sentence id) goes to
 * fold {@code (first 8 bytes of SHA-256("fold:" + key), an unsigned big-endian number) mod 5}. A hash of the key, not of
 * its position, so a fold never changes when a file is re-read, filtered or reordered, and every sentence of one
 * document lands in the same fold (sentences of one news story share wording).
 */
public final class BenchmarkFolds {

    /** Folds per training file. */
    public static final int FOLDS = 5;

    /** The fold every choice (threshold, epoch, decoding rule) is made on. */
    public static final int CHOICE_FOLD = 0;

    /** The fold a figure is reported on and no choice may use (SemEval; CNC reports on its dev split instead). */
    public static final int REPORT_FOLD = 4;

    public static int fold(String key) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(("fold:" + key).getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return (int) Long.remainderUnsigned(v, FOLDS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    private BenchmarkFolds() {
    }
}
