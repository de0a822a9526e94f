package io.causalstream.local;

import io.causalstream.runtime.CommonSettings;
import io.causalstream.runtime.ServiceAcls;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The SCRAM passwords of a secured local cluster ({@code run-local --secure}): random, kept in
 * {@code <data dir>/credentials.properties} (owner read/write only) so that a restart on the same data dir finds
 * the users it created, and handed to the services and tools as their common settings
 * ({@code kafka.sasl.username/password}). Never logged.
 */
public final class LocalCredentials {

    public static final String FILE = "credentials.properties";
    public static final String MECHANISM = "SCRAM-SHA-512";
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final Map<String, String> passwords;
    private final LocalTls tls;

    private LocalCredentials(Path file, Map<String, String> passwords, LocalTls tls) {
        this.file = file;
        this.passwords = passwords;
        this.tls = tls;
    }

    /** These credentials used over TLS: clients connect with SASL_SSL and trust {@code tls}'s certificate. */
    public LocalCredentials withTls(LocalTls tls) {
        return new LocalCredentials(file, passwords, tls);
    }

    /** The TLS stores, or null when the listener is SASL_PLAINTEXT. */
    public LocalTls tls() {
        return tls;
    }

    /** SASL_SSL with TLS, else SASL_PLAINTEXT. */
    public String protocol() {
        return tls == null ? "SASL_PLAINTEXT" : "SASL_SSL";
    }

    /**
     * The passwords in {@code dataDir}, created for the admin and every user in {@code users} that has none.
     *
     * @param rotate new passwords for every user but the admin (whose password the broker's own configuration and
     *               its stored SCRAM credential share; rotate it by starting on a fresh data dir)
     */
    public static LocalCredentials loadOrCreate(Path dataDir, List<String> users, boolean rotate) {
        Path file = dataDir.resolve(FILE);
        Map<String, String> passwords = new LinkedHashMap<>();
        if (Files.exists(file)) {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            p.stringPropertyNames().forEach(k -> passwords.put(k, p.getProperty(k)));
        }
        List<String> all = new ArrayList<>();
        all.add(ServiceAcls.ADMIN_USER);
        all.addAll(users);
        boolean changed = false;
        for (String user : all) {
            boolean renew = rotate && !user.equals(ServiceAcls.ADMIN_USER);
            if (renew || !passwords.containsKey(user)) {
                passwords.put(user, randomPassword());
                changed = true;
            }
        }
        LocalCredentials c = new LocalCredentials(file, passwords, null);
        if (changed || !Files.exists(file)) {
            c.write();
        }
        return c;
    }

    /** 32 random letters and digits (about 190 bits): nothing to escape in JAAS lines or properties files. */
    static String randomPassword() {
        StringBuilder s = new StringBuilder(32);
        for (int i = 0; i < 32; i++) {
            s.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }

    public Path file() {
        return file;
    }

    public String password(String user) {
        String p = passwords.get(user);
        if (p == null) {
            throw new IllegalArgumentException("no local credential for user " + user);
        }
        return p;
    }

    /** Every user but the admin, with its password. */
    public Map<String, String> users() {
        Map<String, String> out = new LinkedHashMap<>(passwords);
        out.remove(ServiceAcls.ADMIN_USER);
        return out;
    }

    /** The common settings (keys of {@link CommonSettings}) a client of {@code user} connects with. */
    public Map<String, String> clientSettings(String user) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CommonSettings.SECURITY_PROTOCOL, protocol());
        m.put(CommonSettings.SASL_MECHANISM, MECHANISM);
        m.put(CommonSettings.SASL_USERNAME, user);
        m.put(CommonSettings.SASL_PASSWORD, password(user));
        if (tls != null) {
            m.putAll(tls.clientSettings());
        }
        return m;
    }

    /**
     * Writes {@code settings} plus {@code user}'s credentials as a properties file readable by its owner only,
     * e.g. the tools' {@code --config FILE}.
     */
    public Path writeClientConfig(Path target, String user, Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(clientSettings(user));
        StringBuilder text = new StringBuilder("# written by run-local --secure: the settings of SCRAM user " + user
                + "\n# use: deploy/causal-stream read-topic ratings --config " + target + "\n");
        all.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        writeOwnerOnly(target, text.toString());
        return target;
    }

    private void write() {
        StringBuilder text = new StringBuilder("# SCRAM-SHA-512 passwords of the local secured cluster (run-local "
                + "--secure); user=password\n");
        passwords.forEach((u, p) -> text.append(u).append('=').append(p).append('\n'));
        writeOwnerOnly(file, text.toString());
    }

    /** Creates or replaces {@code target} with permissions rw------- (set before any secret is written). */
    public static void writeOwnerOnly(Path target, String text) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            try {
                Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(tmp);
            }
            try (Writer w = Files.newBufferedWriter(tmp, StandardOpenOption.TRUNCATE_EXISTING)) {
                w.write(text);
            }
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }
}
