package io.causalstream.elo.rater;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The judgmentId of a rater's vote on a pair: derived from (rater, passage, unordered pair), never chosen by the
 * browser. The topology counts a judgmentId once ({@code seen-judgments}), so a rater's second vote on the same
 * pair, from any instance, at any time, is a duplicate and leaves the tournament unchanged: the first vote counts,
 * later ones are ignored; a retry of an unanswered POST is safe for the same reason.
 */
public final class JudgmentIds {

    public static String of(String raterId, String passageId, String a, String b) {
        String lo = a.compareTo(b) <= 0 ? a : b;
        String hi = a.compareTo(b) <= 0 ? b : a;
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {raterId, passageId, lo, hi}) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return "vote-" + Base64.getUrlEncoder().withoutPadding().encodeToString(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private JudgmentIds() {
    }
}
