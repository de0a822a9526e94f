package io.causalstream.elo.rater;

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
 * Rater credentials. A token is a random secret given to one rater; the service keeps only its SHA-256
 * ({@code raterId:sha256:<64 hex>}), so a leaked configuration does not let anyone sign in. Tokens are 32 random
 * bytes, far beyond guessing, so a fast hash is enough (a slow one such as PBKDF2 protects guessable passwords).
 * {@code deploy/causal-stream rater-token <raterId>} makes a token and its line.
 */
public final class RaterTokens {

    public static final String SCHEME = "sha256";
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");
    /** Who may be a rater: the same shape as an open sign-in name. */
    public static final Pattern RATER_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}");

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

    /** The configuration line of a rater and token. */
    public static String line(String raterId, String token) {
        return raterId + ":" + hash(token);
    }

    /**
     * {@code raterId:sha256:<hex>} entries (comma or newline separated; blank lines and {@code #} comments skipped)
     * -> hash -> raterId.
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
            if (!RATER_ID.matcher(id).matches() || !hash.startsWith(SCHEME + ":")
                    || !HEX.matcher(hash.substring(SCHEME.length() + 1)).matches()) {
                throw new IllegalArgumentException(what + ": entry " + n + " is not raterId:sha256:<64 hex digits>"
                        + (colon > 0 && RATER_ID.matcher(id).matches() ? " (rater '" + id + "')" : "")
                        + "; plain tokens are not accepted, hash one with: deploy/causal-stream rater-token --hash "
                        + "<raterId>");
            }
            if (byHash.put(hash, id) != null) {
                throw new IllegalArgumentException(what + ": two raters share a token (entry " + n + ")");
            }
        }
        return byHash;
    }

    /** {@link #parse} of a file's lines. */
    public static Map<String, String> parseFile(Path file) {
        try {
            return parse(String.join("\n", Files.readAllLines(file, StandardCharsets.UTF_8)), "rater file " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the rater file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Both maps in one; a token hash in both must name the same rater. */
    public static Map<String, String> merge(List<Map<String, String>> maps) {
        Map<String, String> all = new HashMap<>();
        for (Map<String, String> m : maps) {
            m.forEach((hash, id) -> {
                String before = all.put(hash, id);
                if (before != null && !before.equals(id)) {
                    throw new IllegalArgumentException("two raters share a token (" + before + ", " + id + ")");
                }
            });
        }
        return all;
    }

    private RaterTokens() {
    }
}
