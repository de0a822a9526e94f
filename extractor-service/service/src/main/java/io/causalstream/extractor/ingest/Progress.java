package io.causalstream.extractor.ingest;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * A one-line progress bar on standard error (records, rate, and the share done when the total is known), redrawn
 * at most ten times a second, and the summary at the end.
 */
public final class Progress {

    private static final int WIDTH = 30;

    private final PrintStream err;
    private final String what;
    private final long total;
    private final long startNanos = System.nanoTime();
    private long lastDraw;
    private long done;
    private long skipped;

    /** @param total records expected, or -1 when unknown */
    public Progress(PrintStream err, String what, long total) {
        this.err = err;
        this.what = what;
        this.total = total;
    }

    public void step() {
        done++;
        long now = System.nanoTime();
        if (now - lastDraw > 100_000_000L) {
            lastDraw = now;
            draw();
        }
    }

    public void skip() {
        skipped++;
    }

    public long done() {
        return done;
    }

    public long skipped() {
        return skipped;
    }

    private void draw() {
        double seconds = Math.max(1e-9, (System.nanoTime() - startNanos) / 1e9);
        String bar;
        if (total > 0) {
            int filled = (int) Math.min(WIDTH, WIDTH * done / total);
            bar = "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total;
        } else {
            bar = done + "";
        }
        err.printf(Locale.ROOT, "\r%s %s  %.1f/s   ", bar, what, done / seconds);
        err.flush();
    }

    /** The closing line of a dry run: what would be published, skipped, time. */
    public String dryRunSummary() {
        double seconds = Math.max(1e-9, (System.nanoTime() - startNanos) / 1e9);
        if (done > 0) {
            draw();
            err.println();
        }
        return String.format(Locale.ROOT, "dry run: would publish %d %s, %d skipped, in %.1f s (nothing sent)", done,
                what, skipped, seconds);
    }

    /** The closing line: published, skipped, failed, time and rate. */
    public String summary(long failed) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        double seconds = Math.max(1e-9, elapsed.toNanos() / 1e9);
        if (done > 0) {
            draw();
            err.println();
        }
        return String.format(Locale.ROOT, "%d %s published, %d skipped, %d failed in %.1f s (%.1f/s)", done - failed,
                what, skipped, failed, seconds, done / seconds);
    }
}
