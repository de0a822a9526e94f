package io.causalstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a service's HTTP server listens: with the defaults, on loopback only (the demo's open sign-in is not
 * offered to the network); {@code http.host=0.0.0.0} on every interface (what containers need).
 */
class BindAddressTest {

    private static OpsServer start(Config config) {
        CommonSettings s = CommonSettings.from(config, "bind-test", 0);
        return new OpsServer("bind-test", () -> new OpsServer.Health(true, Map.of())).start(s.httpHost(),
                s.httpPort());
    }

    /** This machine's addresses other than loopback (link-local IPv6 left out: it needs a scope to be reached). */
    private static List<InetAddress> otherAddresses() throws SocketException {
        return NetworkInterface.networkInterfaces().filter(i -> {
            try {
                return i.isUp() && !i.isLoopback();
            } catch (SocketException e) {
                return false;
            }
        }).flatMap(NetworkInterface::inetAddresses)
                .filter(a -> !a.isLoopbackAddress() && !(a instanceof Inet6Address && a.isLinkLocalAddress()))
                .toList();
    }

    private static boolean answers(InetAddress address, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2000);
            return true;
        } catch (ConnectException refused) {
            return false;
        }
    }

    @Test
    void withTheDefaultsTheServerIsReachableFromThisMachineOnly() throws Exception {
        assertThat(CommonSettings.from(Config.of(Map.of()), "bind-test", 0).httpHost()).isEqualTo("127.0.0.1");
        List<InetAddress> others = otherAddresses();
        try (OpsServer ops = start(Config.of(Map.of()))) {
            assertThat(answers(InetAddress.getLoopbackAddress(), ops.port())).isTrue();
            assumeFalse(others.isEmpty(), "this machine has no address but loopback");
            for (InetAddress a : others) {
                assertThat(answers(a, ops.port())).as("port %d on %s", ops.port(), a.getHostAddress()).isFalse();
            }
        }
    }

    @Test
    void everyInterfaceWhenToldSo() throws Exception {
        List<InetAddress> others = otherAddresses();
        assumeFalse(others.isEmpty(), "this machine has no address but loopback");
        try (OpsServer ops = start(Config.of(Map.of("http.host", "0.0.0.0")))) {
            assertThat(answers(others.getFirst(), ops.port())).as(others.getFirst().getHostAddress()).isTrue();
        }
    }
}
