package io.causalstream.extractor.backend.rules;

import io.causalstream.text.cues.Cue;
import io.causalstream.text.cues.CueLexicon;
import io.causalstream.text.cues.CueMatch;
import java.util.Locale;
import java.util.Set;

/**
 * Corrects the POS tags of cue verbs the tagger reads as nouns before the chunker runs. The OpenNLP 1.5 tagger
 * reads "Drought and heat <i>increase</i> food prices", "Subsidies <i>boost</i> exports" and "stronger storms
 * <i>damage</i> coastal infrastructure" as one long noun compound, so the chunker makes one noun phrase of the
 * clause and no cue is found. A single-word cue verb form tagged as a noun is a verb when
 * <ul>
 *   <li>its clause has no verb before it (the clause starts after , ; : or a relative pronoun),</li>
 *   <li>the word before it is a noun that agrees with it: a plural noun or a coordinated subject ("X and Y") for
 *       the plain form ("increase"), a singular noun for the -s form ("increases"),</li>
 *   <li>and the word after it can open its object (a determiner, an adjective, a noun, a number).</li>
 * </ul>
 * "Child foster care" (singular noun before the plain form) and "an increase in" (a determiner before it) stay
 * nouns.
 */
final class CueVerbs {

    private static final Set<String> CLAUSE_OPENERS = Set.of(",", ";", ":", "which", "that", "who", "but",
            "because", "while", "whereas", "although");

    static String[] retag(String[] words, String[] tags) {
        String[] out = tags.clone();
        for (int i = 1; i + 1 < words.length; i++) {
            if (!out[i].startsWith("NN")) {
                continue;
            }
            String w = words[i].toLowerCase(Locale.ROOT);
            Cue cue = singleWordVerb(w);
            if (cue == null) {
                continue;
            }
            boolean thirdPerson = w.endsWith("s") && !w.endsWith("ss");
            String before = out[i - 1];
            boolean agrees = thirdPerson
                    ? before.equals("NN") || before.equals("NNP")
                    : before.equals("NNS") || before.equals("NNPS") || coordinatedSubject(words, out, i);
            String after = out[i + 1];
            boolean objectFollows = after.startsWith("NN") || after.startsWith("JJ") || after.equals("DT")
                    || after.equals("PRP$") || after.equals("CD") || after.equals("VBG");
            if (agrees && objectFollows && !verbEarlierInClause(words, out, i)) {
                out[i] = thirdPerson ? "VBZ" : "VBP";
            }
        }
        return out;
    }

    private static Cue singleWordVerb(String word) {
        for (CueMatch m : CueLexicon.DEFAULT.find(word)) {
            if (m.start() == 0 && m.end() == word.length() && m.cue().kind() == Cue.Kind.VERB
                    && !word.endsWith("ing") && !word.endsWith("ed")) {
                return m.cue();
            }
        }
        return null;
    }

    /** "X and Y increase": a noun, "and"/"or", a noun right before the verb. */
    private static boolean coordinatedSubject(String[] words, String[] tags, int verb) {
        for (int k = verb - 1; k >= 1 && tags[k].startsWith("NN"); k--) {
            if (tags[k - 1].equals("CC") && k - 2 >= 0 && tags[k - 2].startsWith("NN")) {
                return true;
            }
        }
        return false;
    }

    private static boolean verbEarlierInClause(String[] words, String[] tags, int verb) {
        for (int k = verb - 1; k >= 0; k--) {
            if (CLAUSE_OPENERS.contains(words[k].toLowerCase(Locale.ROOT))) {
                return false;
            }
            // participles and past forms often modify the subject ("Rising sea temperatures", "reduced funding")
            if (tags[k].equals("VB") || tags[k].equals("VBZ") || tags[k].equals("VBP") || tags[k].equals("MD")) {
                return true;
            }
        }
        return false;
    }

    private CueVerbs() {
    }
}
