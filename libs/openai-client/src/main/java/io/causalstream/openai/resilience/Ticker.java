package io.causalstream.openai.resilience;

/** Monotonic time and sleeping, replaceable in tests so backoffs and rate limits are checked without waiting. */
public interface Ticker {

    long nanoTime();

    void sleepNanos(long nanos) throws InterruptedException;

    Ticker SYSTEM = new Ticker() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepNanos(long nanos) throws InterruptedException {
            if (nanos > 0) {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            }
        }
    };
}
