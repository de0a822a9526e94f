package io.causalstream.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/** Asserts a computed value equals a published one to the digits the publication gives. */
public final class Digits {

    /**
     * |actual - expected| below one unit of the expected value's last printed decimal: the published values are
     * rounded or cut off after that digit (sacrebleu's 14.882 is 14.88256..., NLTK's 0.07692307 is 0.076923077).
     */
    public static void assertToDigits(String what, double actual, JsonNode expected) {
        assertToDigits(what, actual, expected.asText());
    }

    public static void assertToDigits(String what, double actual, String expected) {
        BigDecimal e = new BigDecimal(expected);
        double unit = Math.pow(10, -Math.max(e.scale(), 0));
        assertThat(Math.abs(actual - e.doubleValue()))
                .as("%s: got %s, published %s", what, actual, expected)
                .isLessThan(unit);
    }

    private Digits() {
    }
}
