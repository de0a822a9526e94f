package io.causalstream.graphsink;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The stable id of a concept named in a scored graph: its text lower-cased, trimmed and with runs of white space
 * made one space, so that "Interest  Rates" and "interest rates" are one node. Anything smarter (synonyms, "Mr.
 * Holmes" / "Sherlock") is the collective map's concept resolution, which the sink stores as MapConcept aliases.
 */
public final class ConceptKey {

    private static final Pattern SPACE = Pattern.compile("\\s+");

    private ConceptKey() {
    }

    public static String of(String name) {
        return SPACE.matcher(name.strip().toLowerCase(Locale.ROOT)).replaceAll(" ");
    }
}
