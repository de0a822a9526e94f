package io.causalstream.local;

import io.causalstream.runtime.CommonSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * TLS for the secured local broker ({@code run-local --secure --tls}): a self-signed key pair for 127.0.0.1 and
 * localhost made once with the JDK's own {@code keytool} (next to the running {@code java}), in
 * {@code <data dir>/tls/} (owner-only): {@code broker.p12} (the broker's key store) and {@code truststore.p12} (its
 * certificate, for the clients), passwords in {@code tls.properties}. Self-signed is for one machine only; a real
 * cluster takes its certificates from a CA (Strimzi's cluster CA in deploy/k8s).
 */
public final class LocalTls {

    public static final String TYPE = "PKCS12";

    private final Path keystore;
    private final Path truststore;
    private final String keystorePassword;
    private final String truststorePassword;

    private LocalTls(Path keystore, Path truststore, String keystorePassword, String truststorePassword) {
        this.keystore = keystore;
        this.truststore = truststore;
        this.keystorePassword = keystorePassword;
        this.truststorePassword = truststorePassword;
    }

    /** The stores in {@code dataDir/tls}, made when absent. */
    public static LocalTls loadOrCreate(Path dataDir) {
        Path dir = dataDir.resolve("tls");
        Path keystore = dir.resolve("broker.p12");
        Path truststore = dir.resolve("truststore.p12");
        Path passwords = dir.resolve("tls.properties");
        try {
            if (Files.exists(keystore) && Files.exists(truststore) && Files.exists(passwords)) {
                Properties p = new Properties();
                try (InputStream in = Files.newInputStream(passwords)) {
                    p.load(in);
                }
                return new LocalTls(keystore, truststore, p.getProperty("keystore.password"),
                        p.getProperty("truststore.password"));
            }
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException notPosix) {
                // best effort on other file systems
            }
            for (Path f : List.of(keystore, truststore, dir.resolve("broker.crt"))) {
                Files.deleteIfExists(f);
            }
            String keyPass = LocalCredentials.randomPassword();
            String trustPass = LocalCredentials.randomPassword();
            LocalCredentials.writeOwnerOnly(passwords, "# run-local --secure --tls: passwords of the stores\n"
                    + "keystore.password=" + keyPass + "\ntruststore.password=" + trustPass + "\n");
            Path cert = dir.resolve("broker.crt");
            // passwords through environment variables (:env), not on the command line
            Map<String, String> env = Map.of("CS_KEYSTORE_PASS", keyPass, "CS_TRUSTSTORE_PASS", trustPass);
            keytool(env, "-genkeypair", "-alias", "broker", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "825",
                    "-keystore", keystore.toString(), "-storetype", TYPE, "-storepass:env", "CS_KEYSTORE_PASS");
            keytool(env, "-exportcert", "-alias", "broker", "-rfc", "-file", cert.toString(),
                    "-keystore", keystore.toString(), "-storetype", TYPE, "-storepass:env", "CS_KEYSTORE_PASS");
            keytool(env, "-importcert", "-noprompt", "-alias", "broker", "-file", cert.toString(),
                    "-keystore", truststore.toString(), "-storetype", TYPE, "-storepass:env", "CS_TRUSTSTORE_PASS");
            for (Path f : List.of(keystore, truststore)) {
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
            }
            return new LocalTls(keystore, truststore, keyPass, trustPass);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the local TLS key stores in " + dir, e);
        }
    }

    private static void keytool(Map<String, String> env, String... args) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> cmd = new ArrayList<>();
        cmd.add(Files.isExecutable(keytool) ? keytool.toString() : "keytool");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            String output = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The broker's side: its key store (the listener's certificate) and the trust store (as a client of itself). */
    public Map<String, String> brokerProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("ssl.keystore.location", keystore.toAbsolutePath().toString());
        p.put("ssl.keystore.password", keystorePassword);
        p.put("ssl.keystore.type", TYPE);
        p.put("ssl.truststore.location", truststore.toAbsolutePath().toString());
        p.put("ssl.truststore.password", truststorePassword);
        p.put("ssl.truststore.type", TYPE);
        return p;
    }

    /** A client's Kafka properties (raw names) to trust the broker. */
    public Map<String, Object> clientProperties() {
        return Map.of("ssl.truststore.location", truststore.toAbsolutePath().toString(),
                "ssl.truststore.password", truststorePassword, "ssl.truststore.type", TYPE);
    }

    /** The same as common settings (keys of {@link CommonSettings}). */
    public Map<String, String> clientSettings() {
        return Map.of(CommonSettings.SSL_TRUSTSTORE_LOCATION, truststore.toAbsolutePath().toString(),
                CommonSettings.SSL_TRUSTSTORE_PASSWORD, truststorePassword,
                CommonSettings.SSL_TRUSTSTORE_TYPE, TYPE);
    }

    public Path truststore() {
        return truststore;
    }
}
