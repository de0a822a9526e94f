package io.causalstream.text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a passage is English, by the two statistics that tell languages apart on a few sentences: the script of
 * its letters (a passage mostly in Cyrillic, Greek, Arabic, Hebrew, CJK ... letters is not English) and the share
 * of its words that are the function words of a language (articles, pronouns, prepositions, conjunctions: the most
 * frequent words of any text, disjoint enough across languages that the language with the most hits is the
 * passage's; the stop-word method of language identification). Short passages (fewer than
 * {@value #MIN_WORDS} words) are given the benefit of the doubt: English.
 *
 * <p>A word is a run of letters standing alone: a token that mixes letters and digits (a hash, a hex id, a code
 * such as {@code 07e3a2da}, {@code H2O} or {@code p53}) is no word of any language, and its letters are not read
 * as words ({@code 07e3a2da} would give the Portuguese {@code e} and {@code da}).
 */
public final class LanguageGuess {

    /** What the guess found. */
    public record Result(String language, boolean english, double englishShare, String reason) {
    }

    static final int MIN_WORDS = 6;

    /** A token: letters and digits, with apostrophes after the first; a word when it holds no digit. */
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{Nd}][\\p{L}\\p{Nd}'’]*");

    /** Function words per language (ISO 639-1), lower case; words shared by several languages are left out. */
    private static final Map<String, Set<String>> FUNCTION_WORDS = new LinkedHashMap<>();

    static {
        FUNCTION_WORDS.put("en", Set.of("the", "of", "and", "to", "is", "that", "for", "it", "with", "as", "was",
                "on", "are", "be", "by", "this", "from", "or", "which", "an", "have", "has", "not", "but", "its",
                "their", "were", "been", "they", "more", "can", "also", "these", "than", "into", "such", "other",
                "would", "between", "through", "while", "when", "where", "because", "there", "our", "may"));
        FUNCTION_WORDS.put("de", Set.of("der", "die", "das", "und", "ist", "nicht", "mit", "den", "dem", "des",
                "ein", "eine", "einen", "einer", "zu", "auf", "für", "von", "sich", "auch", "werden", "wird",
                "sind", "durch", "bei", "nach", "oder", "aber", "wenn", "dass", "zur", "zum", "im", "vom", "über",
                "unter", "noch", "kann", "führt", "mehr", "wie", "als", "sie", "es", "wir"));
        FUNCTION_WORDS.put("fr", Set.of("le", "la", "les", "et", "des", "du", "est", "une", "dans", "pour",
                "qui", "que", "sur", "pas", "au", "aux", "avec", "ce", "cette", "ces", "sont", "par", "plus",
                "mais", "ou", "être", "leur", "leurs", "il", "elle", "nous", "vous", "ils", "été", "entre"));
        FUNCTION_WORDS.put("es", Set.of("el", "los", "las", "y", "es", "del", "una", "por", "para", "con", "que",
                "su", "sus", "al", "lo", "como", "más", "pero", "sobre", "entre", "está", "son", "fue", "ha",
                "han", "sin", "también", "cuando", "muy", "este", "esta", "estos"));
        FUNCTION_WORDS.put("it", Set.of("il", "di", "che", "è", "della", "delle", "dei", "degli", "nel", "nella",
                "per", "con", "sono", "gli", "una", "uno", "alla", "alle", "al", "anche", "più", "ma", "questo",
                "questa", "tra", "come", "non", "essere", "stato"));
        FUNCTION_WORDS.put("nl", Set.of("de", "het", "een", "en", "van", "is", "niet", "met", "voor", "op", "zijn",
                "dat", "die", "aan", "ook", "door", "bij", "naar", "wordt", "worden", "maar", "meer", "deze",
                "kan", "hun", "tot", "over", "wel"));
        FUNCTION_WORDS.put("pt", Set.of("o", "os", "as", "e", "do", "da", "dos", "das", "um", "uma", "não", "em",
                "no", "na", "nos", "nas", "com", "por", "para", "que", "mais", "mas", "ao", "à", "é", "são", "foi",
                "seu", "sua", "também"));
    }

    /** Scripts other than Latin that mark a non-English passage, as Unicode script names. */
    private static final List<Character.UnicodeScript> OTHER_SCRIPTS = List.of(Character.UnicodeScript.CYRILLIC,
            Character.UnicodeScript.GREEK, Character.UnicodeScript.ARABIC, Character.UnicodeScript.HEBREW,
            Character.UnicodeScript.HAN, Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA,
            Character.UnicodeScript.HANGUL, Character.UnicodeScript.DEVANAGARI, Character.UnicodeScript.THAI,
            Character.UnicodeScript.ARMENIAN, Character.UnicodeScript.GEORGIAN, Character.UnicodeScript.BENGALI,
            Character.UnicodeScript.TAMIL, Character.UnicodeScript.ETHIOPIC);

    public static Result guess(String text) {
        int latin = 0;
        Map<Character.UnicodeScript, Integer> other = new LinkedHashMap<>();
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (!Character.isLetter(cp)) {
                continue;
            }
            Character.UnicodeScript script = Character.UnicodeScript.of(cp);
            if (script == Character.UnicodeScript.LATIN) {
                latin++;
            } else if (OTHER_SCRIPTS.contains(script)) {
                other.merge(script, 1, Integer::sum);
            }
        }
        int otherLetters = other.values().stream().mapToInt(Integer::intValue).sum();
        if (otherLetters > latin) {
            Character.UnicodeScript main = other.entrySet().stream().max(Map.Entry.comparingByValue())
                    .orElseThrow().getKey();
            return new Result(main.name().toLowerCase(Locale.ROOT), false, 0,
                    "mostly " + main.name().toLowerCase(Locale.ROOT) + " script");
        }
        Map<String, Integer> hits = new LinkedHashMap<>();
        FUNCTION_WORDS.keySet().forEach(l -> hits.put(l, 0));
        int words = 0;
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            String w = m.group().toLowerCase(Locale.ROOT);
            if (w.codePoints().anyMatch(Character::isDigit)) {
                continue; // a number, an id or a code: no word
            }
            words++;
            FUNCTION_WORDS.forEach((language, set) -> {
                if (set.contains(w)) {
                    hits.merge(language, 1, Integer::sum);
                }
            });
        }
        double englishShare = words == 0 ? 0 : hits.get("en") / (double) words;
        if (words < MIN_WORDS) {
            return new Result("en", true, englishShare, "too short to tell");
        }
        String best = hits.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                .thenComparing(e -> e.getKey().equals("en") ? 1 : 0)).orElseThrow().getKey();
        // English wins ties; another language must beat it clearly (a French name in an English text is no
        // French passage)
        int en = hits.get("en");
        int top = hits.get(best);
        if (best.equals("en") || top < 2 || top <= en * 1.5) {
            return new Result("en", true, englishShare, "function words");
        }
        return new Result(best, false, englishShare, String.format(Locale.ROOT,
                "%d of %d words are %s function words, %d English", top, words, best, en));
    }

    private LanguageGuess() {
    }
}
