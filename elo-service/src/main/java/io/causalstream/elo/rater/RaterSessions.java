package io.causalstream.elo.rater;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who a rater is. A rater signs in once (with a token from {@code elo.raters}, or with a name when sign-in is
 * open) and gets a signed session value for a cookie: {@code raterId.expiry.signature}, an HMAC-SHA256 under the
 * service's secret. Judgments are stamped with the rater id read back from that value, never with anything the
 * browser sends as a rater id. Stateless, so every instance that shares the secret accepts the session.
 */
public final class RaterSessions {

    public static final String COOKIE = "elo_rater";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}");
    private static final Duration TTL = Duration.ofHours(12);

    private final Map<String, String> raterByToken;
    private final byte[] secret;
    private final Clock clock;

    /**
     * @param raterByToken token -> rater id; empty means open sign-in (any well-formed name)
     * @param secret       signing key shared by the instances
     */
    public RaterSessions(Map<String, String> raterByToken, String secret, Clock clock) {
        this.raterByToken = Map.copyOf(raterByToken);
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
        this.clock = clock;
    }

    public boolean openSignIn() {
        return raterByToken.isEmpty();
    }

    /**
     * The rater a sign-in names: by token when tokens are configured (a name is then ignored), else by name.
     *
     * @throws IllegalArgumentException with a message for the page when sign-in is refused
     */
    public String signIn(String name, String token) {
        if (!openSignIn()) {
            String rater = token == null ? null : raterByToken.get(token.trim());
            if (rater == null) {
                throw new IllegalArgumentException("unknown rater token");
            }
            return rater;
        }
        String n = name == null ? "" : name.trim();
        if (!NAME.matcher(n).matches()) {
            throw new IllegalArgumentException("a rater name is 1 to 64 letters, digits, spaces or ._@- and starts "
                    + "with a letter or digit");
        }
        return n;
    }

    /** The cookie value of a session of {@code raterId}. */
    public String issue(String raterId) {
        long expiry = clock.instant().plus(TTL).getEpochSecond();
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(raterId.getBytes(StandardCharsets.UTF_8));
        String payload = id + "." + expiry;
        return payload + "." + sign(payload);
    }

    /** The rater of a cookie value; empty when absent, forged or expired. */
    public Optional<String> raterOf(String cookie) {
        if (cookie == null) {
            return Optional.empty();
        }
        int last = cookie.lastIndexOf('.');
        int first = cookie.indexOf('.');
        if (first <= 0 || last <= first) {
            return Optional.empty();
        }
        String payload = cookie.substring(0, last);
        byte[] expected = sign(payload).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, cookie.substring(last + 1).getBytes(StandardCharsets.US_ASCII))) {
            return Optional.empty();
        }
        try {
            long expiry = Long.parseLong(cookie.substring(first + 1, last));
            if (clock.instant().getEpochSecond() > expiry) {
                return Optional.empty();
            }
            return Optional.of(new String(Base64.getUrlDecoder().decode(cookie.substring(0, first)),
                    StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public Duration ttl() {
        return TTL;
    }

    private String sign(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
