package io.causalstream.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/** Checks loopback ports before a component tries to bind them, so a clash gives a clear error. */
public final class LocalPorts {

    public static void requireFree(int port, String forWhat) {
        if (!isFree(port)) {
            throw new IllegalStateException("port " + port + " (for the " + forWhat + ") is already in use on "
                    + "127.0.0.1: stop what holds it (e.g. `ss -ltnp 'sport = :" + port + "'`) or choose another port");
        }
    }

    public static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The ports {@link #pickFree()} handed out lately in this JVM (oldest first). */
    private static final Deque<Integer> GIVEN = new ArrayDeque<>();
    private static final int REMEMBERED = 1024;
    /** The lock files of the ports in {@link #GIVEN}, held while they are remembered. */
    private static final Map<Integer, FileChannel> CLAIMS = new HashMap<>();
    static final Path CLAIM_DIR =
            Path.of(System.getProperty("java.io.tmpdir"), "causal-stream-ports-" + System.getProperty("user.name"));

    /**
     * A port that was free a moment ago (tests, child processes), and not one this JVM or another JVM on this
     * machine handed out lately: the OS may offer a just-released port again, and two listeners given the same
     * port misroute (a registry whose management interface got its API's port answered the API with 404). Test
     * JVMs run side by side (Failsafe forks, modules built in parallel), so a port is claimed with a lock file
     * that the JVM holds while it remembers the port; the OS drops the lock when the JVM ends.
     */
    public static int pickFree() {
        return pickNew(LocalPorts::freeNow, LocalPorts::claim);
    }

    static int pickNew(IntSupplier free) {
        return pickNew(free, port -> true);
    }

    static synchronized int pickNew(IntSupplier free, IntPredicate claim) {
        int port = free.getAsInt();
        while (GIVEN.contains(port) || !claim.test(port)) {
            port = free.getAsInt();
        }
        GIVEN.addLast(port);
        if (GIVEN.size() > REMEMBERED) {
            release(GIVEN.removeFirst());
        }
        return port;
    }

    /** True when this JVM now holds {@code port}'s lock file; false when another JVM (or this one) holds it. */
    static synchronized boolean claim(int port) {
        if (CLAIMS.containsKey(port)) {
            return false;
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(CLAIM_DIR);
            channel = FileChannel.open(CLAIM_DIR.resolve(port + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return false;
            }
            CLAIMS.put(port, channel);
            return true;
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            return false;
        } catch (IOException e) {
            // no lock files here (read-only temp dir): the port is still checked free and remembered in this JVM
            closeQuietly(channel);
            return true;
        }
    }

    private static void release(int port) {
        closeQuietly(CLAIMS.remove(port));
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the lock goes with the channel or with the JVM
            }
        }
    }

    private static int freeNow() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port", e);
        }
    }

    private LocalPorts() {
    }
}
