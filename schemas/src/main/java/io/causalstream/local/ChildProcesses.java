package io.causalstream.local;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Stops a child process and everything it started: politely first, then by force. */
public final class ChildProcesses {

    private static final Logger log = LoggerFactory.getLogger(ChildProcesses.class);

    public static void stop(Process process, String what) {
        if (!process.isAlive()) {
            return;
        }
        var descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                log.warn("{} (pid {}) did not stop within 20 s; killing it", what, process.pid());
                descendants.forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private ChildProcesses() {
    }
}
