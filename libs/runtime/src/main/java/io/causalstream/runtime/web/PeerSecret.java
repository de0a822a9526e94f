package io.causalstream.runtime.web;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What instances of one service show each other on their internal endpoints ({@value #INTERNAL_PATHS}): a
 * credential derived from the secret the instances share, sent by {@link Peers} in the {@value #HEADER} header and
 * required by {@link #guard}. It is the HMAC-SHA256 of a label of its own under the secret, so the header reveals
 * neither the secret nor a value the secret signs for another purpose (a session, a ticket).
 * <p>Refusals answer as the other endpoints do, {@code {"error": ..., "code": ...}}: no header 401
 * {@value #MISSING}, a wrong one 403 {@value #WRONG}.
 */
public final class PeerSecret {

    /** The header carrying the credential. */
    public static final String HEADER = "X-Causal-Stream-Peer";
    /** The paths only peers may call. */
    public static final String INTERNAL_PATHS = "/api/internal/*";
    public static final String MISSING = "peer_credential_missing";
    public static final String WRONG = "peer_credential_wrong";

    private static final String LABEL = "causal-stream peer credential v1";

    private final String credential;

    private PeerSecret(String credential) {
        this.credential = credential;
    }

    /** @param sharedSecret the secret every instance of the service is configured with (16 characters or more) */
    public static PeerSecret of(String sharedSecret) {
        if (sharedSecret == null || sharedSecret.length() < 16) {
            throw new IllegalArgumentException("the peers' shared secret must be 16 characters or more");
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(sharedSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return new PeerSecret(Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(LABEL.getBytes(StandardCharsets.UTF_8))));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /** The value of {@value #HEADER} that a peer sends. */
    public String credential() {
        return credential;
    }

    /** Why a request presenting {@code presented} (null: no header) is refused, or null when it is a peer's. */
    public Refusal check(String presented) {
        if (presented == null || presented.isBlank()) {
            return new Refusal(HttpStatus.UNAUTHORIZED, MISSING, "internal endpoint: only the service's own "
                    + "instances may call it (send the peers' credential in " + HEADER + ")");
        }
        boolean same = MessageDigest.isEqual(credential.getBytes(StandardCharsets.US_ASCII),
                presented.strip().getBytes(StandardCharsets.US_ASCII));
        return same ? null : new Refusal(HttpStatus.FORBIDDEN, WRONG,
                "internal endpoint: the " + HEADER + " credential is not this service's");
    }

    /** Refuses every request to {@value #INTERNAL_PATHS} of {@code app} that lacks the peers' credential. */
    public void guard(Javalin app) {
        app.before(INTERNAL_PATHS, this::require);
    }

    private void require(Context ctx) {
        Refusal refusal = check(ctx.header(HEADER));
        if (refusal != null) {
            ctx.status(refusal.status()).json(Map.of("error", refusal.message(), "code", refusal.code()));
            ctx.skipRemainingHandlers();
        }
    }

    /** An answer refusing a request: its status, code and message. */
    public record Refusal(HttpStatus status, String code, String message) {
    }
}
