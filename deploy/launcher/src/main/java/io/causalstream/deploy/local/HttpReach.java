package io.causalstream.deploy.local;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.Config;
import java.io.PrintStream;

/** Part of what {@code run-local} prints: who can reach the services' pages. */
public final class HttpReach {

    /**
     * Where the services' HTTP servers listen ({@code http.host}, loopback unless told otherwise), and a warning
     * when the demo's open sign-in is offered to the network.
     */
    public static void print(PrintStream out, boolean openSignIn) {
        String host = Config.fromEnvironment().get(Config.HTTP_HOST, CommonSettings.DEFAULT_HTTP_HOST);
        if (isLoopback(host)) {
            out.printf("  HTTP listens on        %s: this machine only (HTTP_HOST=0.0.0.0 for every interface)%n",
                    host);
            return;
        }
        out.printf("  HTTP listens on        %s (HTTP_HOST)%n", host);
        if (openSignIn) {
            out.printf("  WARNING: the rater sign-in is open (demo): anyone who reaches this machine can sign in "
                    + "as any rater and vote; ELO_SIGNIN_OPEN=false with ELO_RATERS requires tokens%n");
        }
    }

    private static boolean isLoopback(String host) {
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private HttpReach() {
    }
}
