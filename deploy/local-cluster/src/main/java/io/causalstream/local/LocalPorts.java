package io.causalstream.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

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

    /** A port that was free a moment ago (tests). */
    public static int pickFree() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port", e);
        }
    }

    private LocalPorts() {
    }
}
