package io.causalstream.extractor.cache;

import io.causalstream.extractor.prompt.Message;
import io.causalstream.extractor.prompt.Prompt;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The identity of one generation: the hash of the passage text, the hash of the whole prompt (instruction,
 * examples, format, turns), the model and the generation parameters. Two requests with the same key get the same
 * answer from a deterministic model, so the second one need not be paid for.
 */
public record CacheKey(String textHash, String promptHash, String model, String parameters) {

    public static CacheKey of(String passageText, Prompt prompt, String model, Map<String, String> parameters) {
        StringBuilder p = new StringBuilder(prompt.format().id()).append(prompt.structured() ? "+json" : "");
        for (Message m : prompt.messages()) {
            p.append('\u0000').append(m.role()).append('\u0001').append(m.content());
        }
        return new CacheKey(sha256(passageText == null ? "" : passageText), sha256(p.toString()), model,
                new TreeMap<>(parameters).toString());
    }

    /** One hex string for file names and map keys. */
    public String digest() {
        return sha256(textHash + '\n' + promptHash + '\n' + model + '\n' + parameters);
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
