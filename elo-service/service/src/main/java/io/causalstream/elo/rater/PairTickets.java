package io.causalstream.elo.rater;

import io.causalstream.runtime.access.Signer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Proof that the service served a pair to a rater: {@code base64url(rater).base64url(passage).base64url(left).
 * base64url(right).expiry.signature}, an HMAC under the shared secret, so a ticket issued by one instance is good on
 * every instance. A judgment must carry the ticket of the pair it answers, and the ticket must name the signed-in
 * rater, the same passage and the same two annotations on the same sides, and not be expired.
 */
public final class PairTickets {

    private static final String PURPOSE = "pair-ticket-v1";
    /** Longest ticket accepted (ids are bounded, so real tickets are far shorter). */
    public static final int MAX_LENGTH = 2048;

    private final Signer signer;
    private final Duration ttl;
    private final Clock clock;

    public PairTickets(Signer signer, Duration ttl, Clock clock) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("a pair ticket must live longer than zero");
        }
        this.signer = signer;
        this.ttl = ttl;
        this.clock = clock;
    }

    /** What a ticket says. */
    public record Ticket(String raterId, String passageId, String left, String right, Instant expiry) {
    }

    /** Why a ticket was refused. */
    public enum Problem {
        MISSING, FORGED, EXPIRED, OTHER_RATER, OTHER_PAIR
    }

    /** The ticket of a pair served to {@code raterId} now. */
    public String issue(String raterId, String passageId, String left, String right) {
        long expiry = clock.instant().plus(ttl).getEpochSecond();
        String payload = Signer.b64(raterId) + "." + Signer.b64(passageId) + "." + Signer.b64(left) + "."
                + Signer.b64(right) + "." + expiry;
        return payload + "." + signer.sign(PURPOSE, payload);
    }

    /**
     * What is wrong with {@code ticket} as the proof for a judgment of ({@code passageId}, {@code left},
     * {@code right}) by {@code raterId}; empty when it is good.
     */
    public Optional<Problem> check(String ticket, String raterId, String passageId, String left, String right) {
        if (ticket == null || ticket.isBlank()) {
            return Optional.of(Problem.MISSING);
        }
        Optional<Ticket> t = read(ticket);
        if (t.isEmpty()) {
            return Optional.of(Problem.FORGED);
        }
        if (clock.instant().isAfter(t.get().expiry())) {
            return Optional.of(Problem.EXPIRED);
        }
        if (!t.get().raterId().equals(raterId)) {
            return Optional.of(Problem.OTHER_RATER);
        }
        if (!t.get().passageId().equals(passageId) || !t.get().left().equals(left)
                || !t.get().right().equals(right)) {
            return Optional.of(Problem.OTHER_PAIR);
        }
        return Optional.empty();
    }

    /** The content of a well-signed ticket (expired or not); empty when forged or malformed. */
    public Optional<Ticket> read(String ticket) {
        if (ticket == null || ticket.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        int last = ticket.lastIndexOf('.');
        if (last <= 0) {
            return Optional.empty();
        }
        String payload = ticket.substring(0, last);
        if (!signer.verify(PURPOSE, payload, ticket.substring(last + 1))) {
            return Optional.empty();
        }
        String[] p = payload.split("\\.", -1);
        if (p.length != 5) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Ticket(Signer.unb64(p[0]), Signer.unb64(p[1]), Signer.unb64(p[2]),
                    Signer.unb64(p[3]), Instant.ofEpochSecond(Long.parseLong(p[4]))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public Duration ttl() {
        return ttl;
    }
}
