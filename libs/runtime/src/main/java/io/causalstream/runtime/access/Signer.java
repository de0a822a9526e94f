package io.causalstream.runtime.access;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 under the service's shared secret, each use under its own purpose label so a value signed for one
 * purpose (a session, a pair ticket, a CSRF token, a revocation) never verifies as another.
 */
public final class Signer {

    private final SecretKeySpec key;

    public Signer(String secret) {
        if (secret == null || secret.length() < 16) {
            throw new IllegalArgumentException("the signing secret must be 16 characters or more");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    /** The base64url signature of {@code payload} for {@code purpose}. */
    public String sign(String purpose, String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(purpose.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /** Whether {@code signature} is the signature of {@code payload} for {@code purpose} (constant time). */
    public boolean verify(String purpose, String payload, String signature) {
        if (signature == null) {
            return false;
        }
        return MessageDigest.isEqual(sign(purpose, payload).getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII));
    }

    public static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws IllegalArgumentException when {@code s} is not base64url */
    public static String unb64(String s) {
        return new String(Base64.getUrlDecoder().decode(s), StandardCharsets.UTF_8);
    }
}
