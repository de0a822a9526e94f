package io.causalstream.validation.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerBookTest {

    /** A verifier that says yes when the cause contains "rain", abstains on "down", and counts what it is asked. */
    private static final class CountingVerifier implements CausalVerifier {
        final List<String> asked = new ArrayList<>();

        @Override
        public synchronized VerifierVerdict verify(String cause, String effect) {
            asked.add(cause + " -> " + effect);
            if (cause.contains("down")) {
                return VerifierVerdict.abstain(VerifierVerdict.BACKEND_FAILED + ": refused");
            }
            boolean yes = cause.contains("rain");
            return new VerifierVerdict(yes ? VerifierVerdict.Outcome.YES : VerifierVerdict.Outcome.NO, yes ? 5 : 0, 5,
                    "LLM: " + (yes ? 5 : 0) + " of 5");
        }
    }

    @Test
    void asksEachQuestionOnceAndRecordsWhatWorkAsked() {
        CountingVerifier llm = new CountingVerifier();
        AnswerBook book = new AnswerBook(llm, "m");

        var first = book.recording(() -> List.of(book.verify("rain", "floods"), book.verify("sun", "floods")));
        assertThat(first.result()).extracting(VerifierVerdict::outcome)
                .containsExactly(VerifierVerdict.Outcome.YES, VerifierVerdict.Outcome.NO);
        assertThat(first.answers()).containsOnlyKeys(book.key("rain", "floods"), book.key("sun", "floods"));

        var second = book.recording(() -> book.verify("rain", "floods"));
        assertThat(second.result().outcome()).isEqualTo(VerifierVerdict.Outcome.YES);
        assertThat(second.answers()).as("nothing new was asked").isEmpty();
        assertThat(llm.asked).containsExactly("rain -> floods", "sun -> floods");
        assertThat(book.asked()).isEqualTo(2);
        assertThat(book.reused()).isEqualTo(1);
    }

    @Test
    void abstentionsAreNeitherKeptNorRecorded() {
        CountingVerifier llm = new CountingVerifier();
        AnswerBook book = new AnswerBook(llm, "m");
        var r = book.recording(() -> book.verify("down", "floods"));
        assertThat(r.result().outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
        assertThat(r.answers()).isEmpty();
        book.verify("down", "floods");
        assertThat(llm.asked).as("asked again: a failure is not an answer").hasSize(2);
    }

    @Test
    void rememberedAnswersOfTheSameVerifierAreNotAskedAgain() {
        AnswerBook before = new AnswerBook(new CountingVerifier(), "llama3 3/5");
        var asked = before.recording(() -> before.verify("rain", "floods"));

        CountingVerifier llm = new CountingVerifier();
        AnswerBook after = new AnswerBook(llm, "llama3 3/5");
        asked.answers().forEach((key, answer) -> after.remember(key, AnswerBook.encode(answer)));
        assertThat(after.verify("rain", "floods")).isEqualTo(asked.result());
        assertThat(llm.asked).isEmpty();

        CountingVerifier other = new CountingVerifier();
        AnswerBook otherModel = new AnswerBook(other, "mistral 3/5");
        asked.answers().forEach((key, answer) -> otherModel.remember(key, AnswerBook.encode(answer)));
        otherModel.verify("rain", "floods");
        assertThat(other.asked).as("another model's answers are not reused").hasSize(1);
    }

    @Test
    void encodingRoundTripsReasonsWithTabs() {
        VerifierVerdict v = new VerifierVerdict(VerifierVerdict.Outcome.NO, 2, 5, "LLM: 2 of 5\tanswers yes");
        assertThat(AnswerBook.decode(AnswerBook.encode(v))).isEqualTo(v);
    }

    @Test
    void noneAbstainsAndIsNotConfigured() {
        assertThat(AnswerBook.NONE.configured()).isFalse();
        assertThat(AnswerBook.NONE.verify("a", "b").outcome()).isEqualTo(VerifierVerdict.Outcome.ABSTAIN);
    }
}
