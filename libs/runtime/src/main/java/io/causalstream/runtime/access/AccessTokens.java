package io.causalstream.runtime.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Credentials of the people who sign in to a service's pages (raters, curators). A token is a random secret given
 * to one person; the service keeps only its SHA-256 ({@code id:sha256:<64 hex>}), so a leaked configuration does not let anyone sign in. Tokens are 32 random
 * bytes, far beyond guessing, so a fast hash is enough (a slow one such as PBKDF2 protects guessable passwords).
 * {@code deploy/causal-stream rater-token <id>} makes a token and its line (for a rater or a curator alike).
 */
public final class AccessTokens {

    public static final String SCHEME = "sha256";
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");
    /** Who may sign in: the same shape as an open sign-in name. */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}");

    /** A new random token (43 base64url characters). */
    public static String newToken() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** {@code sha256:<hex>} of a token (surrounding blanks ignored). */
    public static String hash(String token) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(token.trim().getBytes(StandardCharsets.UTF_8));
            return SCHEME + ":" + HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** The configuration line of a person and token. */
    public static String line(String id, String token) {
        return id + ":" + hash(token);
    }

    /**
     * {@code id:sha256:<hex>} entries (comma or newline separated; blank lines and {@code #} comments skipped)
     * -> hash -> id.
     *
     * @param what names the setting in error messages
     * @throws IllegalArgumentException naming the bad entry (never echoing a token)
     */
    public static Map<String, String> parse(String entries, String what) {
        Map<String, String> byHash = new HashMap<>();
        int n = 0;
        for (String raw : entries.split("[,\\n]")) {
            n++;
            String entry = raw.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            int colon = entry.indexOf(':');
            String id = colon < 0 ? "" : entry.substring(0, colon).strip();
            String hash = colon < 0 ? "" : entry.substring(colon + 1).strip().toLowerCase(java.util.Locale.ROOT);
            if (!ID.matcher(id).matches() || !hash.startsWith(SCHEME + ":")
                    || !HEX.matcher(hash.substring(SCHEME.length() + 1)).matches()) {
                throw new IllegalArgumentException(what + ": entry " + n + " is not id:sha256:<64 hex digits>"
                        + (colon > 0 && ID.matcher(id).matches() ? " ('" + id + "')" : "")
                        + "; plain tokens are not accepted, hash one with: deploy/causal-stream rater-token --hash "
                        + "<id>");
            }
            if (byHash.put(hash, id) != null) {
                throw new IllegalArgumentException(what + ": two people share a token (entry " + n + ")");
            }
        }
        return byHash;
    }

    /** {@link #parse} of a file's lines. */
    public static Map<String, String> parseFile(Path file) {
        try {
            return parse(String.join("\n", Files.readAllLines(file, StandardCharsets.UTF_8)), "token file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Both maps in one; a token hash in both must name the same rater. */
    public static Map<String, String> merge(List<Map<String, String>> maps) {
        Map<String, String> all = new HashMap<>();
        for (Map<String, String> m : maps) {
            m.forEach((hash, id) -> {
                String before = all.put(hash, id);
                if (before != null && !before.equals(id)) {
                    throw new IllegalArgumentException("two people share a token (" + before + ", " + id + ")");
                }
            });
        }
        return all;
    }

    private AccessTokens() {
    }
}
