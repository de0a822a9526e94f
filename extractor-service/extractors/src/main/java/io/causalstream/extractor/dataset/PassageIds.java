package io.causalstream.extractor.dataset;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * How the tools name passages that come without an id ({@code ingest} and the offline {@code extract} alike). {@code hash} (the default): the prefix and 16 hex digits of
 * the SHA-256 of the text with its whitespace collapsed, so the same text gets the same id from any file (a
 * passage and its human annotations published separately meet on the same key). {@code index}: the prefix and the
 * 1-based position, zero-padded (the demo's {@code elo-01} ... {@code elo-20}).
 */
public record PassageIds(String scheme, String prefix, int width) {

    /** The tools' default: {@code p-} and the text's hash. */
    public static final PassageIds DEFAULT = new PassageIds("hash", "p-", 0);

    public PassageIds {
        if (!scheme.equals("hash") && !scheme.equals("index")) {
            throw new IllegalArgumentException("--ids must be hash or index, got '" + scheme + "'");
        }
    }

    /** @param index the 1-based position of the passage in its source */
    public String id(String text, int index) {
        if (scheme.equals("index")) {
            return prefix + String.format(Locale.ROOT, "%0" + Math.max(1, width) + "d", index);
        }
        return prefix + hash(text);
    }

    public static String hash(String text) {
        String normalised = text.strip().replaceAll("\\s+", " ");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(normalised.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
