package io.causalstream.extractor.backend;

import io.causalstream.extractor.parse.ParseProblem;
import io.causalstream.text.LanguageGuess;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The extractors read English (the rules' cue lexicon and OpenNLP models, the prompts and their few-shot examples,
 * the trained model's data): a passage in another language gets no triples, and that silence must be told apart
 * from "no causal claim". {@link #unsupported} names the problem ({@link LanguageGuess}); what is done with it is
 * the {@link Policy} ({@code extractor.unsupported.language}).
 */
public final class LanguageSupport {

    public static final String SETTING = "extractor.unsupported.language";

    /** What the extractor service does with a passage in an unsupported language. */
    public enum Policy {
        /** Publish an empty extraction whose parseProblems say why (the default). */
        REPORT,
        /** Send the passage to passages.dlq with the reason. */
        DLQ;

        public static Policy parse(String value) {
            try {
                return valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(SETTING + " must be report or dlq, got '" + value + "'");
            }
        }
    }

    /** The problem of a passage that is not in English, or empty when it is (or too short to tell). */
    public static Optional<ParseProblem> unsupported(String text) {
        LanguageGuess.Result guess = LanguageGuess.guess(text);
        if (guess.english()) {
            return Optional.empty();
        }
        return Optional.of(new ParseProblem(ParseProblem.Kind.UNSUPPORTED_LANGUAGE,
                "language '" + guess.language() + "' (" + guess.reason() + "); the extractors read English"));
    }

    /** The empty extraction of an unsupported passage, with the problem that says why it is empty. */
    public static ExtractionOutcome reported(ParseProblem problem) {
        return new ExtractionOutcome(List.of(), null, null, null, List.of(problem), false);
    }

    private LanguageSupport() {
    }
}
