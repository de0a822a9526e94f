package io.causalstream.extractor.parse;

/**
 * Something the parser had to repair or drop in a model's output. Problems are data, not errors: the parser keeps
 * what it can recover and lists what it could not, so an operator can see how often a model strays from the format.
 *
 * @param kind   what went wrong, a stable label for metrics
 * @param detail the offending piece of output, shortened, for the log and the audit trail
 */
public record ParseProblem(Kind kind, String detail) {

    public enum Kind {
        /** The output holds no triplet at all. */
        NO_TRIPLETS,
        /** A triplet lacks its subject, object or relation. */
        MISSING_FIELD,
        /** A field is present but empty after trimming. */
        EMPTY_FIELD,
        /** The relation is neither an increase nor a decrease word. */
        UNKNOWN_RELATION,
        /** Both middle and last field are relation words: the field order was guessed. */
        AMBIGUOUS_ORDER,
        /** An opening tag without its closing tag. */
        UNCLOSED_TAG,
        /** Prose before, between or after the triplets. */
        EXTRA_TEXT,
        /** The same triplet more than once; kept once. */
        DUPLICATE,
        /** The output looked like JSON but did not parse, or had no triplet list. */
        INVALID_JSON,
        /** The output stopped at the token limit: the last triplet may be cut. */
        TRUNCATED,
        /** A node does not occur in the passage (guideline 2: no new concepts); kept, without evidence span. */
        NODE_NOT_IN_TEXT,
        /** The passage is not in a language the extractors read (English); no triples were extracted. */
        UNSUPPORTED_LANGUAGE
    }

    public ParseProblem {
        detail = detail == null ? "" : shorten(detail.strip());
    }

    static ParseProblem of(Kind kind, String detail) {
        return new ParseProblem(kind, detail);
    }

    private static String shorten(String s) {
        String oneLine = s.replaceAll("\\s+", " ");
        return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 117) + "...";
    }

    @Override
    public String toString() {
        return detail.isEmpty() ? kind.name() : kind + ": " + detail;
    }
}
