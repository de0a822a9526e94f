package io.causalstream.measures.bleu;

import io.causalstream.measures.text.PyText;
import java.util.regex.Pattern;

/**
 * sacrebleu's tokenizers (2.x), output as space-separated tokens. {@code 13a} is mteval-v13a's (sacrebleu's
 * default), {@code intl} mteval-v14's international one (Unicode punctuation and symbols), {@code char} one token
 * per character, {@code none} leaves the text as it is (tokens are then whitespace-separated words).
 */
public enum BleuTokenizer {

    NONE("none") {
        @Override
        public String tokenize(String line) {
            return line;
        }
    },
    THIRTEEN_A("13a") {
        @Override
        public String tokenize(String line) {
            return Tokenizer13a.tokenize(line);
        }
    },
    INTL("intl") {
        @Override
        public String tokenize(String line) {
            line = PUNCTUATION_AFTER_NON_NUMBER.matcher(line).replaceAll("$1 $2 ");
            line = PUNCTUATION_BEFORE_NON_NUMBER.matcher(line).replaceAll(" $1 $2");
            line = SYMBOL.matcher(line).replaceAll(" $1 ");
            return String.join(" ", PyText.split(line));
        }
    },
    CHAR("char") {
        @Override
        public String tokenize(String line) {
            return String.join(" ", PyText.codePoints(line));
        }
    };

    private static final Pattern PUNCTUATION_AFTER_NON_NUMBER = Pattern.compile("(\\P{N})(\\p{P})");
    private static final Pattern PUNCTUATION_BEFORE_NON_NUMBER = Pattern.compile("(\\p{P})(\\P{N})");
    private static final Pattern SYMBOL = Pattern.compile("(\\p{S})");

    private final String id;

    BleuTokenizer(String id) {
        this.id = id;
    }

    /** sacrebleu's name: none, 13a, intl, char. */
    public String id() {
        return id;
    }

    public abstract String tokenize(String line);

    public static BleuTokenizer byId(String id) {
        for (BleuTokenizer t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown BLEU tokenizer '" + id + "' (none, 13a, intl, char)");
    }
}
