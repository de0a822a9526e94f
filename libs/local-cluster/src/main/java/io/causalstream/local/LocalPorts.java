package io.causalstream.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;
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

    /**
     * A port that was free a moment ago (tests, child processes), and not one this JVM handed out lately: the OS
     * may offer a just-released port again, and two listeners given the same port misroute (a registry whose
     * management interface got its API's port answered the API with 404).
     */
    public static int pickFree() {
        return pickNew(LocalPorts::freeNow);
    }

    static synchronized int pickNew(IntSupplier free) {
        int port = free.getAsInt();
        while (GIVEN.contains(port)) {
            port = free.getAsInt();
        }
        GIVEN.addLast(port);
        if (GIVEN.size() > REMEMBERED) {
            GIVEN.removeFirst();
        }
        return port;
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
